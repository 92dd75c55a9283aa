import Foundation
import MultipartForm
import MultipartFormConformance
import MultipartFormTestSupport
import Testing

/// The corpus, loaded once per test process; every parameterized test draws its vectors from here.
enum Fixtures {
    /// The result of loading the corpus; a failure is rethrown by every test that needs it.
    static let corpus: Result<Corpus, any Error> = Result { try Corpus.load() }

    /// Every vector, or the loader's error (a missing or empty corpus fails, never skips).
    static func vectors() throws -> [ConformanceVector] {
        try corpus.get().vectors
    }

    /// The vectors whose bodies are short enough to replay split at every offset.
    static func smallVectors() throws -> [ConformanceVector] {
        try vectors().filter { $0.body.count < 512 }
    }

    /// The package root, found from this file's path (`Tests/MultipartFormConformanceTests/Fixtures.swift`).
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The `- \`vector id\`: reason` lines of CONFORMANCE.md between `<!-- NAME:begin -->` and
    /// `<!-- NAME:end -->`, by vector id.
    static func conformanceList(_ name: String) throws -> [String: String] {
        let text = try String(contentsOf: packageRoot.appendingPathComponent("CONFORMANCE.md"), encoding: .utf8)
        guard let begin = text.range(of: "<!-- \(name):begin -->"), let end = text.range(of: "<!-- \(name):end -->"),
            begin.upperBound < end.lowerBound
        else {
            throw ListMissing(name: name)
        }
        var result: [String: String] = [:]
        for line in text[begin.upperBound..<end.lowerBound].split(separator: "\n") where line.hasPrefix("- `") {
            let rest = line.dropFirst(3)
            guard let close = rest.firstIndex(of: "`") else { continue }
            result[String(rest[..<close])] = String(rest[close...].dropFirst().drop { $0 == ":" || $0 == " " })
        }
        return result
    }

    /// CONFORMANCE.md lacks a list a test reads.
    struct ListMissing: Error, CustomStringConvertible {
        var name: String
        var description: String { "CONFORMANCE.md has no list between <!-- \(name):begin --> and <!-- \(name):end -->" }
    }

    /// Validates the vector's body fed as the chunks between consecutive `boundaries` (offsets into the
    /// body), each from a buffer overwritten once it is consumed (``ChunkedFeed``).
    static func validate(_ vector: ConformanceVector, chunkBoundaries boundaries: [Int]) -> ValidationReport {
        ChunkedFeed.validate(
            vector.body, contentType: vector.contentType, options: vector.validationOptions, chunkBoundaries: boundaries)
    }

    /// Validates the vector's body fed in chunks of `chunkSize` bytes (the last one may be shorter),
    /// each from a buffer overwritten once it is consumed (``ChunkedFeed``); the whole body when
    /// `chunkSize` is `Int.max`.
    static func validate(_ vector: ConformanceVector, chunkSize: Int) -> ValidationReport {
        ChunkedFeed.validate(
            vector.body, contentType: vector.contentType, options: vector.validationOptions, chunkSize: chunkSize)
    }
}

extension ConformanceVector: CustomTestStringConvertible {
    /// The vector's id, so each parameterized case is named after the vector it replays.
    public var testDescription: String { id }
}
