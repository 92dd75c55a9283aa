import Testing

@testable import MultipartForm

/// A part's long name, filename and Content-Type value, held out of line: read back as set, the
/// same part whichever way it was made, copies independent, and nothing held when none is set.
@Suite struct DecodedPartExtrasTests {
    static let long = Array(repeating: UInt8(0x6E), count: 40)

    static func part(name: [UInt8]?, filename: [UInt8]?, contentType: [UInt8]?) -> DecodedPart {
        .part(index: 3, name: name, filename: filename, contentType: contentType, headerRange: 10..<20, bodyRange: 20..<30)
    }

    /// Every mix of a short, long or no name with a filename and Content-Type or not.
    static let mixes: [([UInt8]?, [UInt8]?, [UInt8]?)] = [nil, [0x61], long].flatMap { name in
        [nil, Array("a.txt".utf8)].flatMap { filename in
            [nil, Array("text/plain".utf8)].map { (name, filename, $0) }
        }
    }

    @Test(arguments: 0..<12)
    func valuesSetOneByOneMakeTheSamePartAsValuesGivenAtOnce(mix: Int) {
        let (name, filename, contentType) = Self.mixes[mix]
        let made = Self.part(name: name, filename: filename, contentType: contentType)
        #expect(made.name == name && made.filename == filename && made.contentType == contentType)
        #expect(made.filenameString == filename.map { String(decoding: $0, as: UTF8.self) })
        #expect(made.contentTypeString == contentType.map { String(decoding: $0, as: UTF8.self) })
        #expect((made.extras == nil) == (filename == nil && contentType == nil && (name?.count ?? 0) <= 15))
        var later = Self.part(name: [0x71], filename: [0x72], contentType: [0x73])
        later.contentType = contentType
        later.name = name
        later.filename = filename
        #expect(later == made)
        #expect(later.hashValue == made.hashValue)
    }

    @Test func clearingEveryValueLeavesNothingOutOfLine() {
        var part = Self.part(name: Self.long, filename: [0x66], contentType: [0x74])
        part.filename = nil
        #expect(part.extras != nil && part.name == Self.long)
        part.contentType = nil
        part.name = [0x61]
        #expect(part.extras == nil)
        #expect(part == Self.part(name: [0x61], filename: nil, contentType: nil))
    }

    @Test func aCopyChangesAlone() {
        let original = Self.part(name: Self.long, filename: [0x66], contentType: nil)
        var copy = original
        copy.filename = [0x67]
        copy.contentType = [0x74]
        #expect(original.filename == [0x66] && original.contentType == nil && original.name == Self.long)
        #expect(copy.filename == [0x67] && copy.contentType == [0x74] && copy.name == Self.long)
        #expect(copy != original)
    }

    @Test func partsThatDifferInOneValueAreNotEqual() {
        let parts = Self.mixes.map { Self.part(name: $0.0, filename: $0.1, contentType: $0.2) }
        #expect(Set(parts).count == parts.count)
    }

    /// A report of many parts holds each in 64 bytes, with one reference at most.
    @Test func aPartHoldsSixtyFourBytes() {
        #if arch(x86_64) || arch(arm64)
        #expect(MemoryLayout<DecodedPart>.size == 64)
        #endif
    }

    @Test func aCollectedFilePartKeepsItsValues() {
        let long = String(repeating: "n", count: 40)
        let body = "--B\r\nContent-Disposition: form-data; name=\"\(long)\"; filename=\"a b.txt\"\r\n"
            + "Content-Type: text/plain\r\n\r\nx\r\n"
            + "--B\r\nContent-Disposition: form-data; name=\"f\"\r\n\r\n2\r\n--B--\r\n"
        for chunk in [1, 3, 64, Int.max] {
            let parts = collectedParts(of: body, chunkSize: chunk)
            #expect(parts.map(\.nameString) == [long, "f"], "chunk \(chunk)")
            #expect(parts.map(\.filenameString) == ["a b.txt", nil], "chunk \(chunk)")
            #expect(parts.map(\.contentTypeString) == ["text/plain", nil], "chunk \(chunk)")
            #expect(parts.last?.extras == nil, "chunk \(chunk)")
        }
    }
}
