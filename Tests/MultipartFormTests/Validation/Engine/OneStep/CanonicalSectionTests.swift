import Testing

@testable import MultipartForm

/// The one-step reading of a browser-shaped header section (and of the CRLF after a boundary) gives
/// exactly the report of the line reader: whole bodies take the shortcut, bodies fed a byte at a
/// time never can, and `readsInOneStep = false` turns it off.
@Suite struct CanonicalSectionTests {
    /// Header sections (everything between the delimiter line and the content) on both sides of each
    /// condition the shortcut checks.
    static let sections = [
        "Content-Disposition: form-data; name=\"a\"\r\n\r\n",
        "Content-Disposition: form-data; name=\"field1\"; filename=\"photo.jpg\"\r\n\r\n",
        "Content-Disposition: form-data; name=\"_charset_\"\r\n\r\n",
        "content-disposition: form-data; name=\"a\"\r\n\r\n",
        "Content-disposition: form-data; name=\"a\"\r\n\r\n",
        "Content-Disposition:  form-data; name=\"a\"\r\n\r\n",
        "Content-Disposition:\tform-data; name=\"a\"\r\n\r\n",
        "Content-Disposition: form-data; name=\"a\" \r\n\r\n",
        "Content-Disposition: form-data; name=\"a\"\n\r\n",
        "Content-Disposition: form-data; name=\"a\"\r\n\n",
        "Content-Disposition: form-data; name=\"a\"\r\n\r",
        "Content-Disposition: form-data; name=\"a\"\r\nContent-Type: text/plain\r\n\r\n",
        "Content-Disposition: form-data; name=\"a\"\r\nContent-Type: image/png\r\n\r\n",
        "Content-Disposition: form-data; name=\"f\"; filename=\"a.bin\"\r\nContent-Type: application/octet-stream\r\n\r\n",
        "Content-Disposition: form-data; name=\"f\"; filename=\"a.txt\"\r\nContent-Type: Text/Plain\r\n\r\n",
        "Content-Disposition: form-data; name=\"f\"; filename=\"a.txt\"\r\nContent-Type: text/plain; charset=latin1\r\n\r\n",
        "Content-Disposition: form-data; name=\"f\"; filename=\"a.txt\"\r\nContent-Type: text/plain \r\n\r\n",
        "Content-Disposition: form-data; name=\"f\"; filename=\"a.txt\"\r\nContent-Type: multipart/mixed; boundary=C\r\n\r\n",
        "Content-Disposition: form-data; name=\"f\"; filename=\"a.txt\"\r\nContent-Type: text/plain\r\nX-Note: 1\r\n\r\n",
        "Content-Disposition: form-data; name=\"a\"\r\n \r\n\r\n",
        "Content-Disposition: form-data; name=\"a\r\n\r\n",
        "Content-Disposition: form-data; name=\"\"\r\n\r\n",
        "Content-Disposition: form-data; name=\"a\\\"b\"\r\n\r\n",
        "Content-Disposition: form-data; name=\"caf\u{E9}\"\r\n\r\n",
        "Content-Disposition: form-data; name=\"a\"; filename=\"../x\"\r\n\r\n",
        "Content-Disposition: form-data; name=\"a\"; filename=\"x\"; size=3\r\n\r\n",
        "Content-Disposition: attachment; name=\"a\"\r\n\r\n",
        " Content-Disposition: form-data; name=\"a\"\r\n\r\n",
        "\r\n",
    ]

    /// A body of three parts with `section`, the first two sharing a name (so a repeated name is
    /// reported), followed by a delimiter line that is not CRLF-terminated right after the boundary.
    static func body(_ section: String) -> [UInt8] {
        Array("--B\r\n\(section)one\r\n--B\r\n\(section)two\r\n--B \r\n\(section)three\r\n--B--\r\n".utf8)
    }

    static let limits: [ValidationOptions] = {
        var tight = ValidationOptions()
        tight.maxHeaderLineLength = 40
        var smallSection = ValidationOptions()
        smallSection.maxHeaderBytes = 44
        var noLines = ValidationOptions()
        noLines.maxHeaderLines = 0
        // A Content-Type line past the line limit, or taking the section past its byte limit.
        var oneLine = ValidationOptions()
        oneLine.maxHeaderLines = 1
        var twoLineSection = ValidationOptions()
        twoLineSection.maxHeaderBytes = 90
        return [ValidationOptions(), tight, smallSection, noLines, oneLine, twoLineSection]
    }()

    func validate(_ body: [UInt8], options: ValidationOptions, chunkSize: Int, shortcuts: Bool) -> ValidationReport {
        var validator = validatorFed(body, options: options, chunkSize: chunkSize, shortcuts: shortcuts)
        return validator.finish()
    }

    @Test(arguments: sections.indices, limits.indices)
    func wholeBodiesReadAsBytewiseOnes(section: Int, limit: Int) {
        let body = Self.body(Self.sections[section])
        let options = Self.limits[limit]
        let whole = validate(body, options: options, chunkSize: body.count, shortcuts: true)
        #expect(whole == validate(body, options: options, chunkSize: 1, shortcuts: true))
        #expect(whole == validate(body, options: options, chunkSize: body.count, shortcuts: false))
    }

    @Test func theShortcutKeepsPositionsAndOrder() throws {
        let section = "Content-Disposition: form-data; name=\"a\"; filename=\"x.txt\"\r\n\r\n"
        let report = validate(Self.body(section), options: ValidationOptions(), chunkSize: .max, shortcuts: true)
        let rules = report.diagnostics.map(\.rule)
        #expect(rules.contains(.fileContentTypeMissing))
        #expect(rules.contains(.nameDuplicate))
        #expect(rules.contains(.transportPadding))
        // The second part's Content-Disposition is on line 6; the repeat is reported there.
        let repeated = try #require(report.diagnostics.first { $0.rule == .nameDuplicate })
        #expect(repeated.line == 6 && repeated.column == 1 && repeated.partIndex == 1)
        // The first part's filename attribute: after "Content-Disposition: form-data; name=\"a\"; " on line 2.
        let missingType = try #require(report.diagnostics.first { $0.rule == .fileContentTypeMissing })
        #expect(missingType.line == 2 && missingType.column == 43)
        #expect(report.partCount == 3)
        #expect(report.parts.map(\.filenameString) == ["x.txt", "x.txt", "x.txt"])
    }
}

/// Part header names are told from their static spellings.
@Suite struct PartHeaderNameTests {
    func read(_ name: String) -> PartHeaderName.Reading {
        Array(name.utf8).withUnsafeBytes(PartHeaderName.read)
    }

    @Test func canonicalAndLowerCaseSpellingsAreNotOdd() {
        for (name, field) in [
            ("Content-Disposition", PartHeaderName.contentDisposition), ("content-disposition", .contentDisposition),
            ("Content-Type", .contentType), ("content-type", .contentType),
            ("Content-Transfer-Encoding", .contentTransferEncoding), ("content-transfer-encoding", .contentTransferEncoding),
        ] {
            let reading = read(name)
            #expect(reading.field == field, "\(name)")
            #expect(!reading.oddCase, "\(name)")
        }
    }

    @Test func otherCasingsAreOdd() {
        for name in ["CONTENT-TYPE", "Content-type", "content-Disposition", "Content-transfer-encoding"] {
            let reading = read(name)
            #expect(reading.field != nil, "\(name)")
            #expect(reading.oddCase, "\(name)")
        }
    }

    @Test func otherNamesAreNoField() {
        for name in ["", "X-Content-Type", "Content-Typ", "Content-Types", "Content_Type", "Content-Dispositio\u{0}", "content-typ\u{C9}"] {
            let reading = read(name)
            #expect(reading.field == nil, "\(name)")
            #expect(!reading.oddCase, "\(name)")
        }
    }
}
