import Foundation
import Testing

/// The core must stay Foundation-free so it runs anywhere Swift does, with nothing else linked in.
@Suite("Foundation linkage")
struct FoundationLinkageTests {
    /// `Sources/MultipartForm`, found from this file's path (`Tests/MultipartFormTests/FoundationLinkageTests.swift`).
    static let coreSources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("Sources/MultipartForm", isDirectory: true)

    @Test func coreSourcesNeverImportFoundation() throws {
        let enumerator = try #require(FileManager.default.enumerator(atPath: Self.coreSources.path))
        var swiftFiles = 0
        var offenders: [String] = []
        while let path = enumerator.nextObject() as? String {
            guard path.hasSuffix(".swift") else { continue }
            swiftFiles += 1
            let text = try String(contentsOf: Self.coreSources.appendingPathComponent(path), encoding: .utf8)
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
                // `import Foundation`, `@_exported import FoundationEssentials`, `import struct Foundation.URL`...
                guard let importIndex = words.firstIndex(of: "import"), words.first.map({ $0.hasPrefix("//") }) != true
                else { continue }
                if words[(importIndex + 1)...].contains(where: { $0.hasPrefix("Foundation") }) {
                    offenders.append("Sources/MultipartForm/\(path):\(index + 1): \(line)")
                }
            }
        }
        #expect(swiftFiles > 0, "no Swift files found under \(Self.coreSources.path)")
        #expect(offenders.isEmpty, "the core must not import Foundation:\n\(offenders.joined(separator: "\n"))")
    }
}
