// snippet.hide
// `URLSession.bytes(for:)` exists in Apple's Foundation only, so this compiles on Apple platforms
// (the macOS job of .github/workflows/ci.yml); on Linux the same entry point is exercised by
// EntryPointTests with an AsyncStream of bytes.
#if canImport(Darwin)
// snippet.show
import Foundation
import MultipartForm

// snippet.hide
func validateDownloadedBody(from capturedBodyURL: URL) async throws {
    // snippet.show
    let (bytes, response) = try await URLSession.shared.bytes(from: capturedBodyURL)
    let contentType = (response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Content-Type")
    let report = try await MultipartValidator.validate(bytes: bytes, contentType: contentType)
    print(report.diagnostics.isEmpty ? "conforms" : "\(report.diagnostics.count) findings")
    // snippet.hide
}
#endif
