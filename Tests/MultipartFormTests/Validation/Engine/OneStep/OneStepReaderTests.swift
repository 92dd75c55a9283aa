import Testing

@testable import MultipartForm

/// What the one-step reader recognises, and what it leaves to the byte-at-a-time readers. That the
/// engine reads what it recognises as they would is `PlainFieldsTests`'.
@Suite struct OneStepReaderTests {
    static let reader = OneStepReader(dashBoundaryLength: 3, options: ValidationOptions())!
    static let search = DelimiterSearch(boundary: Array("B".utf8))

    /// The section at the start of `text`, as `name`, `filename` and the index of its CR.
    static func section(_ text: String, reader: OneStepReader = reader) -> (name: String, filename: String?, cr: Int)? {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBytes { chunk in
            reader.canonicalSection(chunk, at: 0, sectionBytes: 0).map { found in
                let value = bytes[found.valueStart..<found.cr]
                func text(_ range: Range<Int>) -> String { String(decoding: value.dropFirst(range.lowerBound).prefix(range.count), as: UTF8.self) }
                return (text(found.disposition.name), found.disposition.filename.map(text), found.cr)
            }
        }
    }

    /// The plain field after `--B` at the start of `text`, as its name and its content.
    static func plainField(_ text: String, partCount: Int = 0, checksUTF8: Bool = true) -> (name: String, content: String)? {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBytes { chunk in
            reader.plainField(chunk, base: 0, delimiterEnd: 3, partCount: partCount, checksUTF8: checksUTF8, search: search).map {
                (String(decoding: bytes[$0.name], as: UTF8.self), String(decoding: bytes[$0.content], as: UTF8.self))
            }
        }
    }

    @Test func takesTheSectionsBrowsersWrite() throws {
        let field = try #require(Self.section("Content-Disposition: form-data; name=\"a\"\r\n\r\nx"))
        #expect(field.name == "a" && field.filename == nil && field.cr == 40)
        let file = try #require(Self.section("Content-Disposition: form-data; name=\"f\"; filename=\"a.txt\"\r\n\r\n"))
        #expect(file.name == "f" && file.filename == "a.txt")
    }

    @Test(arguments: [
        "Content-Disposition: form-data; name=\"a\"\r\nX-Note: 1\r\n\r\n",  // a second line other than Content-Type
        "Content-Disposition: form-data; name=\"a\"\r\nContent-Type: text/plain\r\nX-Note: 1\r\n\r\n",  // a third line
        "Content-Disposition: form-data; name=\"a\"\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n",  // a parameter
        "Content-Disposition: form-data; name=\"a\"\r\nContent-Type: multipart/mixed\r\n\r\n",  // a nested body
        "Content-Disposition: form-data; name=\"a\"\r\nContent-Type: text/plain \r\n\r\n",  // a space at the end
        "Content-Disposition: form-data; name=\"a\"\r\nContent-Type:  text/plain\r\n\r\n",  // two spaces
        "Content-Disposition: form-data; name=\"a\"\r\ncontent-type: text/plain\r\n\r\n",  // the field name's case
        "Content-Disposition: form-data; name=\"a\"\r\nContent-Type: text/x--y\r\n\r\n",  // `--` in the type
        "Content-Disposition: form-data; name=\"a\"\r\n\r",  // the blank line not whole in the chunk
        "Content-Disposition: form-data; name=\"a\"\n\r\n",  // a bare LF
        "content-disposition: form-data; name=\"a\"\r\n\r\n",  // the field name's case
        "Content-Disposition:  form-data; name=\"a\"\r\n\r\n",  // two spaces
        "Content-Disposition: form-data; name=\"a\" \r\n\r\n",  // a space at the end
        "Content-Disposition: form-data; name=\"a--b\"\r\n\r\n",  // `--`, which may begin `--boundary`
        "Content-Disposition: form-data; name=a\r\n\r\n",  // unquoted
    ])
    func leavesEveryOtherSection(text: String) {
        #expect(Self.section(text) == nil)
    }

    @Test func takesAContentTypeLine() throws {
        let text = "Content-Disposition: form-data; name=\"f\"; filename=\"a.bin\"\r\nContent-Type: application/octet-stream\r\n\r\nx"
        let bytes = Array(text.utf8)
        let found = try #require(bytes.withUnsafeBytes { Self.reader.canonicalSection($0, at: 0, sectionBytes: 0) })
        let type = try #require(found.contentType)
        #expect(String(decoding: bytes[type.value], as: UTF8.self) == "application/octet-stream")
        #expect(type.media.kind == .other && type.media.isWellFormed && type.media.charsetIsUTF8 == nil)
        #expect(found.end == bytes.count - 1)
        // Two lines need a limit of two lines.
        var options = ValidationOptions()
        options.maxHeaderLines = 1
        let oneLine = try #require(OneStepReader(dashBoundaryLength: 3, options: options))
        #expect(bytes.withUnsafeBytes { oneLine.canonicalSection($0, at: 0, sectionBytes: 0) } == nil)
    }

    @Test func leavesASectionPastALimit() {
        let text = "Content-Disposition: form-data; name=\"a\"\r\n\r\n"
        var options = ValidationOptions()
        options.maxHeaderLineLength = 39
        #expect(Self.section(text, reader: OneStepReader(dashBoundaryLength: 3, options: options)!) == nil)
        options.maxHeaderLineLength = 40
        #expect(Self.section(text, reader: OneStepReader(dashBoundaryLength: 3, options: options)!) != nil)
        options.maxHeaderLines = 0
        #expect(OneStepReader(dashBoundaryLength: 3, options: options) == nil)
    }

    @Test func takesAWholeTextField() throws {
        let field = try #require(Self.plainField("--B\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nline\r\ntwo\r\n--B\r\n"))
        #expect(field.name == "a" && field.content == "line\r\ntwo")
    }

    @Test(arguments: [
        "--B\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nx\r\n--B--\r\n",  // the close delimiter next
        "--B\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nx\r\n--B\r",  // its line break not in the chunk
        "--B\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nx\n--B\r\n",  // a bare LF before it
        "--B\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n-x\r\n--B\r\n",  // content that begins with a dash
        "--B\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nx--B\r\n--B\r\n",  // `--boundary` in the content
        "--B\r\nContent-Disposition: form-data; name=\"_charset_\"\r\n\r\nutf-8\r\n--B\r\n",
        "--B\r\nContent-Disposition: form-data; name=\"f\"; filename=\"a\"\r\n\r\nx\r\n--B\r\n",  // a file
    ])
    func leavesEveryOtherPart(text: String) {
        #expect(Self.plainField(text) == nil)
    }

    @Test func leavesThePartPastTheLimitAndContentPastTheWindow() {
        let text = "--B\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nx\r\n--B\r\n"
        #expect(Self.plainField(text, partCount: ValidationOptions().maxParts) == nil)
        #expect(Self.plainField(text, partCount: ValidationOptions().maxParts - 1) != nil)
        let filling = String(repeating: "x", count: OneStepReader.plainContentWindow - 5)
        #expect(Self.plainField("--B\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n\(filling)\r\n--B\r\n") != nil)
        #expect(Self.plainField("--B\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n\(filling)x\r\n--B\r\n") == nil)
    }

    @Test func checksUTF8OnlyWhenAsked() {
        var bytes = Array("--B\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\ncaf\r\n--B\r\n".utf8)
        bytes.insert(0xE9, at: 52)
        let found = bytes.withUnsafeBytes { chunk in
            [true, false].map {
                Self.reader.plainField(chunk, base: 0, delimiterEnd: 3, partCount: 0, checksUTF8: $0, search: Self.search) != nil
            }
        }
        #expect(found == [false, true])
    }
}
