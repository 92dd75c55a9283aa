import Testing

@testable import MultipartForm

/// `ValidationOptions.maxCollectedValueBytes`: each collected part keeps only the first bytes of a
/// long name, filename and Content-Type value, says how long each was, and the findings are the
/// same as with every value kept whole.
@Suite struct CollectedValueLimitTests {
    static let contentType = "multipart/form-data; boundary=AaB03x"

    /// A body of `count` parts whose name and filename are `length` bytes of `byte`, with a long
    /// Content-Type value, all named alike (so `name-duplicate` is found).
    static func body(parts count: Int, length: Int, byte: UInt8 = UInt8(ascii: "n")) -> [UInt8] {
        let value = String(decoding: [UInt8](repeating: byte, count: length), as: UTF8.self)
        var body: [UInt8] = []
        for _ in 0..<count {
            body += Array("--AaB03x\r\nContent-Disposition: form-data; name=\"\(value)\"; filename=\"\(value)\"\r\n".utf8)
            body += Array("Content-Type: text/plain; x=\"\(value)\"\r\n\r\nv\r\n".utf8)
        }
        return body + Array("--AaB03x--\r\n".utf8)
    }

    static func options(keeping limit: Int) -> ValidationOptions {
        var options = ValidationOptions()
        options.maxCollectedValueBytes = limit
        return options
    }

    @Test(arguments: [Int.max, 1, 7, 4096])
    func aLongNameFilenameAndTypeAreKeptAsAPrefixWithTheirLengths(chunkSize: Int) {
        let report = MultipartValidator.validate(
            Self.body(parts: 3, length: 5000), contentType: Self.contentType, options: Self.options(keeping: 256), chunkSize: chunkSize)
        #expect(report.parts.count == 3)
        for part in report.parts {
            #expect(part.name == Array(repeating: UInt8(ascii: "n"), count: 256))
            #expect(part.filename?.count == 256)
            #expect(part.contentType?.count == 256)
            #expect(part.nameByteCount == 5000)
            #expect(part.filenameByteCount == 5000)
            #expect(part.contentTypeByteCount == "text/plain; x=\"\"".utf8.count + 5000)
        }
    }

    /// What the parts hold is what a body in progress keeps: with the limit, a bounded number of
    /// bytes a part, whatever the names' lengths.
    @Test func whatManyPartsOfLongNamesHoldIsBoundedPerPart() {
        let report = MultipartValidator.validate(
            Self.body(parts: 1000, length: 5000), contentType: Self.contentType, options: Self.options(keeping: 256))
        #expect(report.parts.count == 1000)
        let held = report.parts.reduce(0) { $0 + ($1.name?.count ?? 0) + ($1.filename?.count ?? 0) + ($1.contentType?.count ?? 0) }
        #expect(held <= 1000 * 3 * 256)
        #expect(report.parts.allSatisfy { $0.nameByteCount == 5000 && $0.filenameByteCount == 5000 })
    }

    @Test(arguments: [Int.max, 1, 5])
    func theFindingsAreTheSameWhateverIsKept(chunkSize: Int) {
        // Control bytes, repeated names, and names that share their kept prefix but not their ends.
        var body = Self.body(parts: 4, length: 600, byte: 0x01)
        body.removeLast("--AaB03x--\r\n".utf8.count)
        for tail in ["a", "b", "a"] {
            body += Array("--AaB03x\r\nContent-Disposition: form-data; name=\"\(String(repeating: "x", count: 300) + tail)\"\r\n\r\nv\r\n".utf8)
        }
        body += Array("--AaB03x--\r\n".utf8)
        let whole = MultipartValidator.validate(body, contentType: Self.contentType, chunkSize: chunkSize)
        let cut = MultipartValidator.validate(body, contentType: Self.contentType, options: Self.options(keeping: 16), chunkSize: chunkSize)
        #expect(!whole.diagnostics.isEmpty)
        #expect(cut.diagnostics == whole.diagnostics)
        #expect(cut.counts == whole.counts)
        #expect(cut.partCount == whole.partCount)
        #expect(cut.parts.map(\.bodyRange) == whole.parts.map(\.bodyRange))
        #expect(cut.parts.map(\.nameByteCount) == whole.parts.map(\.nameByteCount))
        #expect(whole.parts.allSatisfy { $0.name?.count == $0.nameByteCount })
    }

    /// Plain text fields are read in one step, not by the header readers: their names are cut too.
    @Test func aPlainFieldsLongNameIsCutOnTheOneStepPath() {
        let names = ["f", "g", "h"].map { String(repeating: $0, count: 900) }
        let fields = names.map { "--AaB03x\r\nContent-Disposition: form-data; name=\"\($0)\"\r\n\r\nv\r\n" }
        let body = Array((fields.joined() + "--AaB03x--\r\n").utf8)
        var validator = MultipartValidator(contentType: Self.contentType, options: Self.options(keeping: 64))
        validator.consume(body)
        // The first part (after the preamble) and the last (before the close delimiter) are the general
        // path's; a line of at most 998 bytes is read in one step.
        #expect(validator.partsReadInOneStep.map { $0 == 1 } ?? true)
        let report = validator.finish()
        #expect(report.parts.map(\.nameString) == ["f", "g", "h"].map { String(repeating: $0, count: 64) })
        #expect(report.parts.map(\.nameByteCount) == [900, 900, 900])
    }

    @Test func aCutEndsWhereAUTF8CharacterDoes() {
        // "é" is two bytes: a cut at 5 would split the third one.
        let name = String(repeating: "é", count: 10)
        let body = Array("--AaB03x\r\nContent-Disposition: form-data; name=\"\(name)\"; filename=\"\(name)\"\r\n\r\nv\r\n--AaB03x--\r\n".utf8)
        let report = MultipartValidator.validate(body, contentType: Self.contentType, options: Self.options(keeping: 5))
        let part = report.parts[0]
        #expect(part.nameString == "éé")
        #expect(part.filenameString == "éé")
        #expect(part.nameByteCount == 20)
        #expect(part.filenameByteCount == 20)
    }

    @Test func aShortCutNameIsHeldWithItsLength() {
        let body = Array("--AaB03x\r\nContent-Disposition: form-data; name=\"abcdefgh\"\r\n\r\nv\r\n--AaB03x--\r\n".utf8)
        let report = MultipartValidator.validate(body, contentType: Self.contentType, options: Self.options(keeping: 3))
        #expect(report.parts[0].name == Array("abc".utf8))
        #expect(report.parts[0].nameByteCount == 8)
    }

    @Test func settingOneValueKeepsTheOthersLengths() {
        let report = MultipartValidator.validate(Self.body(parts: 1, length: 500), contentType: Self.contentType, options: Self.options(keeping: 100))
        var part = report.parts[0]
        part.filename = Array("a.txt".utf8)
        #expect(part.filenameByteCount == 5)
        #expect(part.nameByteCount == 500)
        #expect(part.name?.count == 100)
        part.name = Array("b".utf8)
        #expect(part.nameByteCount == 1)
        #expect(part.contentTypeByteCount == "text/plain; x=\"\"".utf8.count + 500)
        part.contentType = nil
        #expect(part.extras?.wholeLengths == nil)
        #expect(part == DecodedPart.part(
            index: part.index, name: Array("b".utf8), filename: Array("a.txt".utf8), contentType: nil,
            headerRange: part.headerRange, bodyRange: part.bodyRange))
    }

    @Test func byDefaultEveryValueIsKeptWhole() {
        let report = MultipartValidator.validate(Self.body(parts: 1, length: 4000), contentType: Self.contentType)
        #expect(report.parts[0].name?.count == 4000)
        #expect(report.parts[0].nameByteCount == 4000)
        #expect(report.parts[0].extras?.wholeLengths == nil)
    }
}
