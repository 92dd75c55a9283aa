import Testing

@testable import MultipartForm

/// A part's name as a report keeps it: inline up to 15 bytes, in the part's extras past that, and
/// the same bytes, equality and hash whichever way the part was made.
@Suite struct DecodedPartNameTests {
    /// Names of every length around the inline capacity, with bytes that are not UTF-8 and zero bytes.
    static let names: [[UInt8]] = [
        [], [0], [0x61], Array("field00001".utf8), Array(repeating: 0x7A, count: 15), Array(repeating: 0x7A, count: 16),
        Array(repeating: 0x7A, count: 17), Array(0...255), [0xFF, 0x00, 0xFE], Array(repeating: 0, count: 16),
        Array(repeating: 0, count: 17), Array("caf\u{E9}-\u{1F600}".utf8),
    ]

    static func part(named name: [UInt8]?) -> DecodedPart {
        .part(index: 0, name: name, filename: nil, contentType: nil, headerRange: 0..<0, bodyRange: 0..<0)
    }

    @Test(arguments: names)
    func aNameComesBackByteForByte(name: [UInt8]) {
        let part = Self.part(named: name)
        #expect(part.name == name)
        #expect(part.nameString == String(decoding: name, as: UTF8.self))
        // The engine makes names from the chunk's bytes, the rest of the package from arrays.
        let fromBuffer = name.withUnsafeBytes { DecodedPart.stored(nameBytes: $0, filename: nil, contentType: nil) }
        let fromArray = DecodedPart.stored(name: name, filename: nil, contentType: nil)
        #expect(fromBuffer.0 == fromArray.0 && fromBuffer.1 == fromArray.1)
        #expect(fromBuffer.0.hashValue == fromArray.0.hashValue)
        #expect((fromArray.1 == nil) == (name.count <= 15), "held inline exactly when short")
        if name.count <= 15 { #expect(fromArray.0.string == String(decoding: name, as: UTF8.self)) }
    }

    /// A name read from the middle of other bytes keeps its bytes, in order, and zero after them:
    /// the stored form that equality and hashing compare.
    @Test(arguments: 0...15)
    func aShortNameIsHeldInOrderWithZerosAfterIt(length: Int) {
        let name = (0..<length).map { UInt8(0x41 + $0) }
        let around = [UInt8](repeating: 0xAA, count: 9) + name + [UInt8](repeating: 0xBB, count: 9)
        let (held, extras) = around.withUnsafeBytes {
            DecodedPart.stored(nameBytes: UnsafeRawBufferPointer(rebasing: $0[9..<(9 + length)]), filename: nil, contentType: nil)
        }
        let words = withUnsafeBytes(of: (held.first, held.second)) { Array($0) }
        #expect(words == name + [UInt8](repeating: 0, count: 15 - length) + [UInt8(length)])
        #expect(held.tag == UInt8(length) && extras == nil)
    }

    @Test(arguments: names)
    func aNameSetLaterMakesAnEqualPartWithTheSameHash(name: [UInt8]) {
        var later = Self.part(named: [0x71])
        later.name = name
        let made = Self.part(named: name)
        #expect(later == made)
        #expect(later.hashValue == made.hashValue)
        #expect(Set([later, made]).count == 1)
    }

    @Test func namesThatDifferAreNotEqual() {
        let parts = Self.names.map { Self.part(named: $0) } + [Self.part(named: nil)]
        #expect(Set(parts).count == parts.count)
        for (index, part) in parts.enumerated() {
            #expect(parts.indices.filter { parts[$0] == part } == [index])
        }
    }

    @Test func noNameStaysNil() {
        var part = Self.part(named: nil)
        #expect(part.name == nil)
        #expect(part.nameString == nil)
        part.name = [0x61]
        part.name = nil
        #expect(part == Self.part(named: nil))
    }

    @Test func aCollectedNameIsTheOneInTheBody() {
        let long = String(repeating: "n", count: 40)
        let body = "--B\r\nContent-Disposition: form-data; name=\"short\"\r\n\r\n1\r\n"
            + "--B\r\nContent-Disposition: form-data; name=\"\(long)\"\r\n\r\n2\r\n"
            + "--B\r\nContent-Disposition: form-data; name=\"\"\r\n\r\n3\r\n--B--\r\n"
        for chunk in [1, 3, 64, Int.max] {
            #expect(collectedParts(of: body, chunkSize: chunk).map(\.nameString) == ["short", long, ""], "chunk \(chunk)")
        }
    }
}
