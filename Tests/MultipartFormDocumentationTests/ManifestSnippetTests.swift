import Foundation
import MultipartFormTestSupport
import Testing

/// The documented `Package.swift` of a downstream package evaluates, and names this package's
/// identity and a product it really has.
@Suite struct ManifestSnippetTests {
    static let swift: String? = TestProcess.find("swift")

    /// Runs `swift package dump-package` in `directory` and returns its JSON.
    static func dumpPackage(in directory: URL) throws -> [String: Any] {
        let result = try TestProcess.run([try #require(swift), "package", "dump-package"], directory: directory.path)
        #expect(result.status == 0, "swift package dump-package failed in \(directory.path): \(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdoutBytes)) as? [String: Any])
    }

    @Test(.enabled(if: swift != nil, "swift is not on PATH: the documented manifest cannot be evaluated"))
    func theDocumentedManifestEvaluatesAndNamesARealProduct() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("manifest-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try DocumentationSnippetTests.visible("package-manifest")
            .write(to: directory.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        let downstream = try Self.dumpPackage(in: directory)
        // This package's own products, read from its manifest's text: `swift package` cannot run on
        // the package whose tests are running (the build directory is locked).
        let manifest = try String(contentsOf: DocumentationSnippetTests.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let products = Set(
            manifest.components(separatedBy: ".library(name: \"").dropFirst().compactMap { $0.split(separator: "\"").first.map(String.init) })
        #expect(products.contains("MultipartFormConformance"))
        #expect(manifest.contains("name: \"multipart-form-conformance\""))
        let targets = downstream["targets"] as? [[String: Any]] ?? []
        let named = targets.flatMap { $0["dependencies"] as? [[String: Any]] ?? [] }.compactMap { $0["product"] as? [Any?] }
        #expect(!named.isEmpty, "the manifest depends on no product of this package")
        for product in named {
            #expect(products.contains(product.first as? String ?? ""), "\(product) is not a product of this package")
            #expect(product.count > 1 && product[1] as? String == "multipart-form-conformance")
        }
    }
}
