import Foundation
import MultipartFormConformanceCore
import Testing

/// The figures the documentation states about the corpus and `Interop/` are the current ones: the
/// vector count and manifest digest a sample output shows, how many parser and encoder rows
/// `Interop/` holds and in how many languages, spelled out in prose.
@Suite("documentation figures")
struct DocumentFiguresTests {
    /// Every document a reader meets: the README, the contract, the DocC articles and the PyPI page.
    static func documents() throws -> [(path: String, text: String)] {
        let root = Fixtures.packageRoot
        var paths = ["README.md", "CONFORMANCE.md", ".tools/dist/pypi-readme.md"]
        let sources = root.appendingPathComponent("Sources")
        for module in try FileManager.default.contentsOfDirectory(atPath: sources.path) {
            let module = sources.appendingPathComponent(module)
            for entry in (try? FileManager.default.contentsOfDirectory(atPath: module.path)) ?? [] where entry.hasSuffix(".docc") {
                let catalog = module.appendingPathComponent(entry)
                for article in try FileManager.default.contentsOfDirectory(atPath: catalog.path) where article.hasSuffix(".md") {
                    paths.append(String(catalog.appendingPathComponent(article).path.dropFirst(root.path.count + 1)))
                }
            }
        }
        return try paths.map { ($0, try String(contentsOf: root.appendingPathComponent($0), encoding: .utf8)) }
            + (try docComments())
    }

    /// The `///` comments of every Swift file under `Sources/`, one text per file: DocC shows them too.
    static func docComments() throws -> [(path: String, text: String)] {
        let root = Fixtures.packageRoot
        guard let files = FileManager.default.enumerator(atPath: root.appendingPathComponent("Sources").path) else { return [] }
        var result: [(path: String, text: String)] = []
        for case let file as String in files where file.hasSuffix(".swift") {
            let path = "Sources/" + file
            let source = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
            let comments = source.split(separator: "\n").map { $0.drop { $0 == " " } }.filter { $0.hasPrefix("///") }
            if !comments.isEmpty { result.append((path, comments.map { String($0.dropFirst(3)) }.joined(separator: "\n"))) }
        }
        #expect(result.count > 100, "the Swift sources were not found")
        return result
    }

    /// `one` … `ninety-nine` as a number; `nil` for anything else.
    static func number(spelled text: String) -> Int? {
        let units = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
                     "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"]
        let tens = ["twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
        let pieces = text.lowercased().split(separator: "-").map(String.init)
        if pieces.count == 1, let unit = units.firstIndex(of: pieces[0]) { return unit + 1 }
        guard let ten = tens.firstIndex(of: pieces[0]) else { return nil }
        let base = (ten + 2) * 10
        if pieces.count == 1 { return base }
        guard pieces.count == 2, let unit = units.prefix(9).firstIndex(of: pieces[1]) else { return nil }
        return base + unit + 1
    }

    /// The rows of an `Interop/` listing (lines that are neither blank nor comments).
    static func rows(_ listing: String) throws -> Int {
        try lines(listing).count
    }

    /// The lines of an `Interop/` listing that are neither blank nor comments.
    static func lines(_ listing: String) throws -> [Substring] {
        let text = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("Interop/\(listing)"), encoding: .utf8)
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    }

    /// The languages of an `Interop/` listing's rows (its second column).
    static func languages(_ listing: String) throws -> Set<String> {
        Set(try lines(listing).map { String($0.split(separator: "\t", omittingEmptySubsequences: false).dropFirst().first ?? "") })
    }

    @Test func interopRowCountsSpelledInProseAreCurrent() throws {
        let expected = ["parser rows": try Self.rows("parsers.tsv"), "real parsers": try Self.rows("parsers.tsv"),
                        "real encoders": try Self.rows("encoders.tsv")]
        var checked = 0
        for (path, text) in try Self.documents() {
            for (phrase, count) in expected {
                let pattern = try Regex("([A-Za-z]+(?:-[a-z]+)?) \(phrase)")
                for match in text.matches(of: pattern) {
                    guard let word = match.output[1].substring, let stated = Self.number(spelled: String(word)) else { continue }
                    checked += 1
                    #expect(stated == count, "\(path) says '\(match.output[0].substring ?? "")'; Interop/ has \(count)")
                }
            }
        }
        #expect(checked > 0, "no spelled-out count was found: the test no longer checks anything")
    }

    @Test func languageCountsSpelledInProseAreCurrent() throws {
        let parsers = try Self.languages("parsers.tsv")
        let encoders = try Self.languages("encoders.tsv")
        #expect(!parsers.contains("") && !encoders.contains(""), "a row has no language column")
        // `thirty-eight parser rows in thirteen languages`, `twenty-three real encoders in ten languages`,
        // `thirty-eight real parsers and twenty-three real encoders in thirteen languages` (both together).
        let word = "[A-Za-z]+(?:-[a-z]+)?"
        let pattern = try Regex("(real parsers|parser rows|real encoders)(?: and \(word) (real encoders))? in (\(word)) languages")
        var checked = 0
        for (path, text) in try Self.documents() {
            for match in text.matches(of: pattern) {
                guard let spelled = match.output[3].substring, let stated = Self.number(spelled: String(spelled)) else { continue }
                let first = match.output[1].substring ?? ""
                let both = match.output[2].substring != nil
                let languages = both ? parsers.union(encoders) : first.hasSuffix("encoders") ? encoders : parsers
                checked += 1
                #expect(
                    stated == languages.count,
                    "\(path) says '\(match.output[0].substring ?? "")'; Interop/ has \(languages.count): \(languages.sorted())")
            }
        }
        #expect(checked >= 3, "the spelled-out language counts were not found: the test no longer checks them")
    }

    @Test func sampleOutputsShowTheCurrentCorpus() throws {
        let identity = try CorpusIdentity(directory: Fixtures.packageRoot.appendingPathComponent("Vectors").path)
        let pattern = try Regex("([0-9]+)(?:-vector corpus| vectors, manifest sha256 ([0-9a-f]+))")
        for (path, text) in try Self.documents() {
            for match in text.matches(of: pattern) {
                let count = Int(match.output[1].substring ?? "")
                #expect(count == identity.vectorCount, "\(path): '\(match.output[0].substring ?? "")'; the corpus has \(identity.vectorCount) vectors")
                if let digest = match.output[2].substring {
                    #expect(identity.manifestSHA256.hasPrefix(digest), "\(path): '\(match.output[0].substring ?? "")' is not the manifest's digest")
                }
            }
        }
    }
}
