import Foundation
import MultipartForm
import MultipartFormConformance
import Testing

/// The bodies real browsers sent (the `browsers` area, captured by `Interop/browsers/capture.sh`):
/// the strict validator finds no error in any of them, and the reference encoder, given the form the
/// page built and the browser's boundary, writes each one byte for byte, except where CONFORMANCE.md
/// ("Browser captures") lists the difference and its reason, which these tests pin.
@Suite("Browser captures")
struct BrowserCaptureTests {
    static let browsers = ["chromium", "firefox"]
    static let paths = ["form", "fetch"]

    static func captures() throws -> [ConformanceVector] {
        try Fixtures.vectors().filter { $0.area == "browsers" }
    }

    /// The listed differences: `- \`vector id\`: reason` lines between the browser-differences markers.
    static func differences() throws -> [String: String] {
        try Fixtures.conformanceList("browser-differences")
    }

    /// The case of a capture: `browsers/i-chromium-form-name-specials` → `name-specials`.
    static func caseName(_ vector: ConformanceVector, browser: String, path: String) -> String? {
        let prefix = "\(browser)-\(path)-"
        guard vector.verdict != .no, vector.slug.hasPrefix(prefix) else { return nil }
        return String(vector.slug.dropFirst(prefix.count))
    }

    @Test func everyCaseIsCapturedFromBothBrowsersAndBothSubmitPaths() throws {
        let captures = try Self.captures()
        var cases: [String: Set<String>] = [:]
        for browser in Self.browsers {
            for path in Self.paths {
                cases[browser + "-" + path] = Set(captures.compactMap { Self.caseName($0, browser: browser, path: path) })
            }
        }
        let all = cases.values.reduce(Set<String>()) { $0.union($1) }
        #expect(all.count >= 10, "only \(all.sorted()) were captured")
        for (key, found) in cases.sorted(by: { $0.key < $1.key }) {
            #expect(found == all, "\(key) lacks \(all.subtracting(found).sorted())")
        }
        #expect(captures.count == all.count * 4, "a capture that is no browser's and no path's: \(captures.map(\.id))")
        for vector in captures {
            let producer = vector.sidecar.producer ?? ""
            #expect(producer.hasPrefix("Chromium 1") || producer.hasPrefix("Mozilla Firefox 1"), "\(vector.id): no browser version in '\(producer)'")
        }
    }

    @Test(arguments: try captures())
    func theValidatorFindsNoError(_ vector: ConformanceVector) {
        let report = MultipartValidator.validate(vector.body, contentType: vector.contentType)
        #expect(report.isConforming, "\(vector.id): \(report.diagnostics.filter { $0.severity == .error })")
        #expect(report.partCount == vector.sidecar.parts?.count)
    }

    @Test(arguments: try captures())
    func theReferenceEncoderWritesTheCaptureByteForByte(_ vector: ConformanceVector) throws {
        let input = try #require(vector.sidecar.encoderInput, "\(vector.id) has no encoder input")
        let plain = try ReferenceEncoder().encode(input.form, boundary: input.boundary)
        #expect(plain.contentType == vector.contentType)
        guard let reason = try Self.differences()[vector.id] else {
            #expect(plain.body == vector.body, "\(vector.id) differs from the reference encoding; if on purpose, list it in CONFORMANCE.md")
            return
        }
        // Every listed difference is the browsers' newline normalisation, which the encoder offers as an option.
        #expect(reason.contains("newline"), "\(vector.id): the listed reason does not say which difference: \(reason)")
        #expect(plain.body != vector.body, "\(vector.id) is listed as differing but the reference encoder reproduces it: remove it from the list")
        let normalised = try ReferenceEncoder(options: ReferenceEncoder.Options(normalizesNewlines: true)).encode(input.form, boundary: input.boundary)
        #expect(normalised.body == vector.body, "\(vector.id): even with normalizesNewlines the reference encoding differs")
    }

    @Test func everyListedDifferenceIsACapture() throws {
        let ids = Set(try Self.captures().map(\.id))
        for id in try Self.differences().keys.sorted() {
            #expect(ids.contains(id), "CONFORMANCE.md lists \(id), which is not a browser capture")
        }
    }
}
