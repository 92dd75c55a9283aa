import Foundation
import Testing

/// The Linux-side guard for Apple and Musl builds, and for the C library staying in the system layer: the
/// package's own sources pass it, and each rule catches its mistake.
@Suite("Platform guard")
struct PlatformGuardTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The targets whose modules are library products (built for iOS, tvOS, watchOS and visionOS too).
    static let libraryTargets: Set<String> = [
        "MultipartForm", "MultipartFormFoundation", "MultipartFormConformanceCore", "MultipartFormConformance", "MultipartFormSystem",
    ]

    /// Every Swift file under `Sources/` and `Tests/`, with its target's name.
    static func sources() throws -> [(path: String, target: String, text: String)] {
        var files: [(String, String, String)] = []
        for top in ["Sources", "Tests"] {
            let root = packageRoot.appendingPathComponent(top)
            guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { continue }
            for case let url as URL in walker where url.pathExtension == "swift" {
                let relative = String(url.path.dropFirst(packageRoot.path.count + 1))
                let target = relative.split(separator: "/").dropFirst().first.map(String.init) ?? ""
                files.append((relative, target, try String(contentsOf: url, encoding: .utf8)))
            }
        }
        return files.sorted { $0.0 < $1.0 }
    }

    @Test func theSourcesKeepEveryRule() throws {
        let files = try Self.sources()
        #expect(files.count > 100)
        // The guard's own files hold the mistakes as data.
        for file in files where !file.path.contains("/PlatformGuard") {
            let violations = PlatformGuard.violations(
                in: file.text, file: file.path, isLibraryProduct: file.path.hasPrefix("Sources/") && Self.libraryTargets.contains(file.target))
            #expect(violations.isEmpty, "\(violations.map(\.description).joined(separator: "\n"))")
        }
    }

    @Test func theDeploymentTargetsCoverTheClocksTheSourcesUse() throws {
        // ContinuousClock and Duration arrived in macOS 13, iOS 16, tvOS 16, watchOS 9.
        let uses = try Self.sources().contains { $0.text.contains("ContinuousClock") }
        try #require(uses, "no source uses ContinuousClock any more: this rule can go")
        let manifest = try String(contentsOf: Self.packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        for platform in [".macOS(.v13)", ".iOS(.v16)", ".tvOS(.v16)", ".watchOS(.v9)", ".visionOS(.v1)"] {
            #expect(manifest.contains(platform), "Package.swift's platforms: need \(platform) (or later) for ContinuousClock")
        }
    }

    static let mistakes: [(rule: Int, library: Bool, source: String)] = [
        (1, false, "#if canImport(Glibc)\nimport Glibc\n#elseif canImport(Musl)\nimport Musl\n#endif\nlet e = environ\n"),
        (1, false, "#if canImport(Darwin) || canImport(Glibc)\nlet e = environ\n#endif\n"),
        (2, false, "#if canImport(Glibc)\nimport Glibc\n#elseif canImport(Musl)\nimport Musl\n#else\nimport Darwin\n#endif\n#if canImport(Darwin)\nlet n = 0\n#else\nlet n = Glibc.send(1, nil, 0, 0)\n#endif\n"),
        (3, false, "#if canImport(Glibc)\nimport Glibc\n#elseif canImport(Darwin)\nimport Darwin\n#endif\n"),
        (4, false, "let url = Bundle.module.bundleURL.appendingPathComponent(\"Vectors\")\n"),
        (5, true, "func run() { posix_spawnp(&pid, path, nil, nil, argv, nil) }\n"),
        (5, true, "#if !os(Windows)\nlet p = fork()\n#endif\n"),
    ]

    @Test(arguments: mistakes.indices)
    func eachRuleCatchesItsMistake(index: Int) {
        let mistake = Self.mistakes[index]
        let violations = PlatformGuard.violations(in: mistake.source, file: "Example.swift", isLibraryProduct: mistake.library)
        #expect(violations.map(\.rule) == [mistake.rule], "\(violations)")
    }

    static let correct: [String] = [
        "#if canImport(Darwin)\nlet e = _NSGetEnviron().pointee\n#else\nlet e = environ\n#endif\n",
        "#if canImport(Glibc)\nimport Glibc\nlet n = Glibc.send(1, nil, 0, 0)\n#elseif canImport(Musl)\nimport Musl\n#endif\n",
        "#if os(macOS) || os(Linux)\nfunc run() { posix_spawnp(&pid, path, nil, nil, argv, nil) }\n#endif\n",
        "let url = Bundle.module.url(forResource: \"Vectors\", withExtension: nil)\n",
    ]

    @Test(arguments: correct)
    func theRightWayPasses(source: String) {
        #expect(PlatformGuard.violations(in: source, file: "Example.swift", isLibraryProduct: true).isEmpty)
    }

    /// A well-formed import of the C library, with a call qualified by its module: right in the
    /// system layer and in a test, rule 6's mistake anywhere else under `Sources/`.
    static let systemImport =
        "#if canImport(Glibc)\nimport Glibc\nlet n = Glibc.read(0, nil, 0)\n#elseif canImport(Musl)\nimport Musl\n#elseif canImport(Darwin)\nimport Darwin\n#endif\n"

    @Test func theCLibraryOutsideTheSystemLayerIsReportedWithItsFile() {
        let file = "Sources/MultipartFormCLI/Serve/Example.swift"
        let violations = PlatformGuard.violations(in: Self.systemImport, file: file, isLibraryProduct: false)
        #expect(violations.map(\.rule) == [6, 6, 6, 6], "\(violations)")
        #expect(violations.map(\.line) == [2, 3, 5, 7])
        #expect(violations.allSatisfy { $0.description.hasPrefix("\(file):") }, "\(violations)")
    }

    @Test(arguments: ["@_exported import Darwin\n", "import struct Glibc.stat\n", "let status = Musl.close(descriptor)\n"])
    func everyFormOfTheCLibraryOutsideTheSystemLayerIsReported(source: String) {
        let violations = PlatformGuard.violations(in: source, file: "Sources/MultipartForm/Example.swift", isLibraryProduct: true)
        #expect(violations.map(\.rule) == [6], "\(violations)")
    }

    @Test(arguments: ["Sources/MultipartFormSystem/Sockets/Example.swift", "Tests/MultipartFormCLITests/Example.swift"])
    func theCLibraryInTheSystemLayerOrATestPasses(file: String) {
        #expect(PlatformGuard.violations(in: Self.systemImport, file: file, isLibraryProduct: true).isEmpty)
    }
}
