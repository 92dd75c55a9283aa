import Foundation
import Testing

/// The package's one naming convention for errors, checked over every source file: an error type's
/// name ends in `Error`, either `<Subject>Error` at the top level or `Error` nested in the one type
/// that throws it (`ReferenceEncoder.Error`, `FileSystem.Error`).
///
/// The message convention that goes with it (a one-line `description` in compiler style: where or
/// which code, a colon, then a lower-case message quoting the offending value in single quotes,
/// no trailing period) is documented in the README's "Errors" paragraph; `UsageError` alone renders
/// swift-argument-parser's `Error: ...` format, because that is what users of command-line tools know.
@Suite("Error naming")
struct ErrorNamingTests {
    /// Names of the types in `text` that conform to `Error` (directly, in their declaration).
    static func errorTypes(in text: String) -> [String] {
        let pattern = #"(?m)^\s*(?:(?:public|package|internal|fileprivate|private|final|indirect)\s+)*(?:struct|enum|class)\s+(\w+)\s*:\s*([^{]*)\{"#
        let regex = try! NSRegularExpression(pattern: pattern)
        let range = NSRange(text.startIndex..., in: text)
        return regex.matches(in: text, range: range).compactMap { match in
            let name = String(text[Range(match.range(at: 1), in: text)!])
            let conformances = text[Range(match.range(at: 2), in: text)!]
                .split(separator: ",").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            return conformances.contains("Error") || conformances.contains("Swift.Error") ? name : nil
        }
    }

    @Test func everyErrorTypeIsNamedForWhatFailedAndEndsInError() throws {
        var seen = 0
        for file in try PlatformGuardTests.sources() where file.path.hasPrefix("Sources/") {
            for name in Self.errorTypes(in: file.text) {
                seen += 1
                #expect(name.hasSuffix("Error"), "\(file.path): '\(name)' conforms to Error; name it '<Subject>Error', or 'Error' nested in its one thrower")
            }
        }
        #expect(seen >= 20, "the scan found only \(seen) error types: the pattern no longer matches the sources")
    }

    @Test func theScanCatchesTheOldStyles() {
        let old = """
            public struct CertificationFailure: Error, Sendable {}
            struct FileSystem { package struct Failure: Error, Sendable, Hashable {} }
            public struct Rejection: Swift.Error {}
            enum InputFailure: Error {
            """
        #expect(Self.errorTypes(in: old) == ["CertificationFailure", "Rejection", "InputFailure"])
        #expect(Self.errorTypes(in: "    package struct Failure: Error, Sendable {\n") == ["Failure"])
        #expect(Self.errorTypes(in: "public struct Error: Swift.Error, Sendable {\n") == ["Error"])
    }
}
