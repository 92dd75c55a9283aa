import Foundation
import Testing

/// The core must stay Foundation-free so it runs anywhere Swift does, with nothing else linked in; so must the
/// command-line tool, whose memory use when validating huge bodies would otherwise start at Foundation's load cost.
@Suite("Foundation linkage")
struct FoundationLinkageTests {
    /// The package root, found from this file's path (`Tests/MultipartFormTests/Conventions/FoundationLinkageTests.swift`).
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The targets that must build without Foundation: the system layer, the core, the conformance core, the receiver profiles and the command line.
    static let foundationFreeTargets = [
        "MultipartFormSystem", "MultipartForm", "MultipartFormConformanceCore", "MultipartFormReceivers", "MultipartFormCLI", "MultipartCheckBench", "multipart-check",
    ]

    @Test(arguments: foundationFreeTargets.map { "Sources/\($0)" })
    func sourcesNeverImportFoundation(directory: String) throws {
        let sources = Self.packageRoot.appendingPathComponent(directory, isDirectory: true)
        let enumerator = try #require(FileManager.default.enumerator(atPath: sources.path))
        var swiftFiles = 0
        var offenders: [String] = []
        while let path = enumerator.nextObject() as? String {
            guard path.hasSuffix(".swift") else { continue }
            swiftFiles += 1
            let text = try String(contentsOf: sources.appendingPathComponent(path), encoding: .utf8)
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
                // `import Foundation`, `@_exported import FoundationEssentials`, `import struct Foundation.URL`...
                guard let importIndex = words.firstIndex(of: "import"), words.first.map({ $0.hasPrefix("//") }) != true
                else { continue }
                if words[(importIndex + 1)...].contains(where: { $0.hasPrefix("Foundation") }) {
                    offenders.append("\(directory)/\(path):\(index + 1): \(line)")
                }
            }
        }
        #expect(swiftFiles > 0, "no Swift files found under \(sources.path)")
        #expect(offenders.isEmpty, "\(directory) must not import Foundation:\n\(offenders.joined(separator: "\n"))")
    }

    /// A dependency on a Foundation-using module would link Foundation into the tool even without an import.
    @Test(arguments: foundationFreeTargets)
    func foundationFreeTargetsDependOnlyOnFoundationFreeTargets(target: String) throws {
        let manifest = try String(contentsOf: Self.packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        let declaration = try #require(
            ["target", "executableTarget"].lazy.compactMap {
                manifest.components(separatedBy: ".\($0)(name: \"\(target)\"").dropFirst().first
            }.first,
            "Package.swift declares no target named \(target) as `.target(name:` or `.executableTarget(name:`")
        // The target's own arguments end at the first `)`; its dependencies are the quoted names in `[...]`.
        let arguments = declaration.prefix { $0 != ")" }
        var dependencies: [String] = []
        if let list = arguments.range(of: "dependencies: [") {
            let names = arguments[list.upperBound...].prefix { $0 != "]" }
            dependencies = names.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces.union(["\""])) }
        }
        let offenders = dependencies.filter { !Self.foundationFreeTargets.contains($0) }
        #expect(offenders.isEmpty, "\(target) depends on \(offenders), which may load Foundation")
    }

    /// The Foundation glue sits beside the conformance layer and points only at the core.
    @Test func foundationGlueTargetDependsOnlyOnTheCore() throws {
        let manifest = try String(contentsOf: Self.packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        let line = try #require(
            manifest.split(separator: "\n").first { $0.contains("name: \"MultipartFormFoundation\"") && $0.contains(".target(") })
        #expect(line.contains("dependencies: [\"MultipartForm\"]"), "MultipartFormFoundation must depend on the core only: \(line)")
    }
}
