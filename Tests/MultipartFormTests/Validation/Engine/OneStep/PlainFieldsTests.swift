import Testing

@testable import MultipartForm

/// Plain text fields read whole from the chunk (`readPlainFields`) give exactly the report of the
/// general path: a body fed whole takes the shortcut for most of its fields, the same body fed a byte
/// at a time never can, and `readsInOneStep = false` turns it off; the count of parts read in one
/// step shows the path is taken. The count is kept by the engine's observer, which only debug builds
/// carry: built otherwise, the tests that read it are skipped.
@Suite struct PlainFieldsTests {
    /// Whether this build's engine counts the parts read in one step.
    static let counts = MultipartValidator(contentType: nil).partsReadInOneStep != nil

    static func field(_ name: String, _ value: String) -> String {
        "--B\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n"
    }

    /// Bodies on both sides of each condition the shortcut checks, as (label, bytes).
    static let bodies: [(String, [UInt8])] = {
        var bodies: [(String, [UInt8])] = []
        func add(_ label: String, _ parts: [String], tail: String = "--B--\r\n") {
            bodies.append((label, Array((parts.joined() + tail).utf8)))
        }
        let plain = (0..<12).map { field("f\($0)", "value \($0)") }
        add("plain", plain)
        add("repeated names", plain + [field("f3", "again"), field("f3", "and again"), field("list[]", "1"), field("list[]", "2")])
        add("charset field", plain + [field("_charset_", "iso-8859-1")] + plain)
        add("charset back to UTF-8", [field("_charset_", "iso-8859-1"), field("a", "x"), field("_charset_", "utf-8")] + plain)
        add("empty content", plain + ["--B\r\nContent-Disposition: form-data; name=\"e\"\r\n\r\n\r\n"] + plain)
        add("content starting with a dash", plain + [field("d", "-x"), field("d2", "--B-not")] + plain)
        add("content with line breaks", plain + [field("m", "line 1\r\nline 2\nline 3\r\n\r\n")] + plain)
        add("long content", plain + [field("long", String(repeating: "abcdefgh\r\n", count: 600))] + plain)
        // With `\r\n--B` after it, a value of 4,091 bytes fills the window; one of 4,092 passes it.
        add("content filling the window", plain + [field("w", String(repeating: "x", count: 4091))] + plain)
        add("content one byte past the window", plain + [field("w", String(repeating: "x", count: 4092))] + plain)
        add("a file", plain + ["--B\r\nContent-Disposition: form-data; name=\"f\"; filename=\"a.txt\"\r\n\r\nfile\r\n"] + plain)
        add("a typed field", plain + ["--B\r\nContent-Disposition: form-data; name=\"t\"\r\nContent-Type: text/plain\r\n\r\nt\r\n"] + plain)
        add("padding after a boundary", plain + ["--B \r\nContent-Disposition: form-data; name=\"p\"\r\n\r\np\r\n"] + plain)
        add("boundary prefix in content", plain + [field("q", "x\r\n--Bx\r\ny")] + plain)
        // `--B` in the header line is boundary-in-header's, whichever reader takes the part.
        add("boundary in a name", plain + [field("n--B--", "x"), field("m--Bz", "y"), field("--", "z"), field("-B-", "w")] + plain)
        add("bare LF before a delimiter", plain + ["--B\r\nContent-Disposition: form-data; name=\"n\"\r\n\r\nn\n"] + plain)
        add("no close delimiter", plain, tail: "")
        add("close delimiter with an epilogue", plain, tail: "--B--\r\nepilogue\r\n--B\r\n")
        var invalid = Array(field("bad", "caf").utf8)
        invalid.insert(0xE9, at: invalid.count - 2)
        bodies.append(("invalid UTF-8", Array(plain.joined().utf8) + invalid + Array((plain.joined() + "--B--\r\n").utf8)))
        var latin = Array((field("_charset_", "iso-8859-1") + plain.joined()).utf8)
        latin += invalid + Array("--B--\r\n".utf8)
        bodies.append(("invalid UTF-8 after a charset field", latin))
        return bodies
    }()

    static let options: [ValidationOptions] = {
        var fewParts = ValidationOptions()
        fewParts.maxParts = 5
        var notCollected = ValidationOptions()
        notCollected.collectParts = false
        var fewFindings = ValidationOptions()
        fewFindings.maxDiagnostics = 1
        var shortLines = ValidationOptions()
        shortLines.maxHeaderLineLength = 45
        return [ValidationOptions(), fewParts, notCollected, fewFindings, shortLines]
    }()

    func validate(
        _ body: [UInt8], options: ValidationOptions, chunkSize: Int, shortcuts: Bool
    ) -> (report: ValidationReport, plainFields: Int) {
        var validator = validatorFed(body, options: options, chunkSize: chunkSize, shortcuts: shortcuts)
        let plainFields = validator.partsReadInOneStep ?? 0
        return (validator.finish(), plainFields)
    }

    @Test(arguments: bodies.indices, options.indices)
    func wholeBodiesReadAsBytewiseOnes(body: Int, option: Int) {
        let (label, bytes) = Self.bodies[body]
        let options = Self.options[option]
        let whole = validate(bytes, options: options, chunkSize: bytes.count, shortcuts: true)
        let bytewise = validate(bytes, options: options, chunkSize: 1, shortcuts: true)
        let general = validate(bytes, options: options, chunkSize: bytes.count, shortcuts: false)
        #expect(whole.report == bytewise.report, "\(label)")
        #expect(whole.report == general.report, "\(label)")
        #expect(bytewise.plainFields == 0 && general.plainFields == 0, "\(label)")
        // Each body holds at least eleven plain fields after its first part, one of which may be the
        // part past a limit of five.
        #expect(!Self.counts || whole.plainFields >= 9, "\(label): \(whole.plainFields) fields read in one step")
    }

    @Test(.enabled(if: counts)) func fieldsReadInOneStepAreCollectedAndCheckedForRepeats() throws {
        let (_, bytes) = try #require(Self.bodies.first { $0.0 == "repeated names" })
        let (report, plainFields) = validate(bytes, options: ValidationOptions(), chunkSize: bytes.count, shortcuts: true)
        // The general path reads the first part (after the preamble), the names with `[` (which
        // CanonicalDisposition leaves to it), and the last part (before the close delimiter).
        #expect(plainFields == 13)
        #expect(report.parts.count == 16)
        #expect(report.parts.map(\.nameString) == (0..<12).map { "f\($0)" } + ["f3", "f3", "list[]", "list[]"])
        let thirteenth = report.parts[12]
        #expect(Array(bytes[thirteenth.bodyRange]) == Array("again".utf8))
        #expect(String(decoding: bytes[thirteenth.headerRange], as: UTF8.self) == "Content-Disposition: form-data; name=\"f3\"\r\n\r\n")
        let repeats = report.diagnostics.filter { $0.rule == .nameDuplicate }
        #expect(repeats.count == 1)
        let repeat_ = try #require(repeats.first)
        #expect(repeat_.partIndex == 12)
        // Twelve fields of four lines each come before the repeat's Content-Disposition line.
        #expect(repeat_.line == 12 * 4 + 2)
        #expect(repeat_.column == 1)
    }

    @Test(.enabled(if: counts)) func aValueIsReadInOneStepOnlyWithItsDelimiterInTheWindow() throws {
        func plainFields(_ label: String) throws -> Int {
            let (_, bytes) = try #require(Self.bodies.first { $0.0 == label })
            return validate(bytes, options: ValidationOptions(), chunkSize: bytes.count, shortcuts: true).plainFields
        }
        let filling = try plainFields("content filling the window")
        // Of the 25 parts, all but the first (after the preamble) and the last (before the close delimiter).
        #expect(filling == 23)
        #expect(try plainFields("content one byte past the window") == filling - 1)
    }

    @Test(.enabled(if: counts)) func thePartPastTheLimitIsLeftToTheGeneralPath() {
        let bytes = Array(((0..<12).map { Self.field("f\($0)", "v") }.joined() + "--B--\r\n").utf8)
        var options = ValidationOptions()
        options.maxParts = 5
        let (report, plainFields) = validate(bytes, options: options, chunkSize: bytes.count, shortcuts: true)
        #expect(report.parts.count == 5)
        #expect(report.diagnostics.filter { $0.rule == .limitParts }.map(\.partIndex) == [5])
        // Parts 2 to 5 and 7 to 11 (one-based): not the first, the one past the limit, or the last.
        #expect(plainFields == 9)
    }
}
