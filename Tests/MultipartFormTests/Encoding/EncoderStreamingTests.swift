@testable import MultipartForm
import Testing

/// The encoder keeps no part: headers are written again while the body streams, lengths are
/// counted without the bytes, and the collision check reads the pieces a header is made of. Each
/// shortcut is held here to the long way it replaces.
@Suite struct EncoderStreamingTests {
    /// Names, filenames, content types and values that put dashes, quotes, CR, LF, backslashes and
    /// bytes of the boundary `ab` next to each other.
    static func randomForm(_ random: inout SplitMix64) -> FormData {
        let alphabet = Array("-ab\"\r\n\\x %".utf8)
        func text(_ length: Int) -> String {
            String(decoding: (0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }, as: UTF8.self)
        }
        var form = FormData()
        for _ in 0..<Int(random.next() % 5) {
            let name = text(Int(random.next() % 9))
            switch random.next() % 4 {
            case 0: form.append(name: name, text: text(Int(random.next() % 12)))
            case 1: form.append(FormData.Field(name: name, value: .bytes(Array(text(Int(random.next() % 12)).utf8))))
            case 2: form.append(name: name, bytes: Array(text(Int(random.next() % 12)).utf8), filename: text(Int(random.next() % 9)))
            default:
                form.append(
                    name: name, bytes: [1, 2], filename: "f",
                    contentType: random.next() % 2 == 0 ? "text/x--ab" : "application/x-ab--")
            }
        }
        return form
    }

    /// The collision the encoder looked for before it stopped keeping parts: every written header and
    /// every in-memory value searched whole.
    static func collisionInWrittenParts(_ form: FormData, boundary: [UInt8], options: ReferenceEncoder.Options) throws -> Int? {
        let pattern = Array("--".utf8) + boundary
        func contains(_ bytes: [UInt8]) -> Bool {
            guard bytes.count >= pattern.count else { return false }
            return (0...(bytes.count - pattern.count)).contains { Array(bytes[$0..<($0 + pattern.count)]) == pattern }
        }
        for (index, field) in form.fields.enumerated() {
            var header: [UInt8] = []
            try withUnsafePointer(to: field) { try PartHeader.write($0, index: index, options: options, into: &header) }
            if contains(header) { return index }
            if let text = field.value.text, contains(Array(text.utf8)) { return index }
            if let bytes = field.value.bytes, contains(bytes) { return index }
        }
        return nil
    }

    @Test(arguments: [false, true])
    func collisionCheckOnHeaderPiecesFindsWhatSearchingWholeHeadersFinds(normalizing: Bool) throws {
        var random = SplitMix64(state: normalizing ? 11 : 12)
        let options = ReferenceEncoder.Options(normalizesNewlines: normalizing)
        var collisions = 0
        for _ in 0..<3_000 {
            let form = Self.randomForm(&random)
            // Unwritable names are skipped.
            guard let measured = try? ReferenceEncoder(options: options).measure(form, searchingFor: Array("ab".utf8)) else { continue }
            let expected = try Self.collisionInWrittenParts(form, boundary: Array("ab".utf8), options: options)
            let found = ReferenceEncoder.firstCollision(in: form, boundary: Array("ab".utf8))
            #expect(found?.fieldIndex == expected, "\(form)")
            #expect(measured.collision?.fieldIndex == expected, "measuring finds it too: \(form)")
            #expect(measured.collision?.inHeader == found?.inHeader)
            if expected != nil { collisions += 1 }
        }
        #expect(collisions > 100)  // the forms really do collide, often
    }

    /// Whole text parts are written straight into the caller's buffer when they fit and staged when
    /// they do not; chunks of 5 bytes fit none, 37 and 100 bytes some, and a whole body every one.
    @Test(arguments: [false, true])
    func measuredLengthIsTheLengthStreamedInChunksOfAnySize(normalizing: Bool) throws {
        var random = SplitMix64(state: normalizing ? 21 : 22)
        let encoder = ReferenceEncoder(options: ReferenceEncoder.Options(normalizesNewlines: normalizing))
        var bodies = 0
        for round in 0..<2_000 {
            let form = Self.randomForm(&random)
            guard let body = try? encoder.prepare(form, boundary: "zz") else { continue }
            let whole = try body.bytes()
            #expect(whole.count == body.contentLength)
            let chunkSize = [5, 37, 100][round % 3]
            var streamed: [UInt8] = []
            var iterator = body.makeChunkIterator(chunkSize: chunkSize)
            while let chunk = try iterator.next() {
                #expect(chunk.count == chunkSize || streamed.count + chunk.count == whole.count, "every chunk but the last is full")
                streamed += chunk
            }
            #expect(streamed == whole, "chunks of \(chunkSize): \(form)")
            bodies += 1
        }
        #expect(bodies > 1_000)
    }

    /// The word-at-a-time test for small bytes, against a byte-by-byte look, with the small byte at
    /// every place of a word and of the tail.
    @Test func noByteBelowALimitSeesEveryByteOfEveryWord() {
        for limit: UInt8 in [ByteClass.cr, 0x23, 0x80] {
            for length in 0..<20 {
                for place in 0..<max(length, 1) {
                    for byte: UInt8 in [0x00, limit &- 1, limit, 0x7F, 0x80, 0xFF] {
                        var bytes = [UInt8](repeating: 0x61, count: length)
                        if length > 0 { bytes[place] = byte }
                        let expected = bytes.allSatisfy { $0 >= limit }
                        let found = bytes.withUnsafeBufferPointer { ParameterEscaping.noByte(below: limit, in: $0) }
                        #expect(found == expected, "limit \(limit), byte \(byte) at \(place) of \(length)")
                    }
                }
            }
        }
    }

    @Test func newlineNormalisationAndItsLengthAgreeWithTheRule() {
        var random = SplitMix64(state: 31)
        for _ in 0..<5_000 {
            let bytes = (0..<Int(random.next() % 10)).map { _ in [ByteClass.cr, ByteClass.lf, 0x61][Int(random.next() % 3)] }
            // Every CR LF pair stays, every other CR or LF becomes CR LF.
            var expected: [UInt8] = []
            var index = 0
            while index < bytes.count {
                if bytes[index] == ByteClass.cr && index + 1 < bytes.count && bytes[index + 1] == ByteClass.lf {
                    expected += [ByteClass.cr, ByteClass.lf]
                    index += 2
                } else if bytes[index] == ByteClass.cr || bytes[index] == ByteClass.lf {
                    expected += [ByteClass.cr, ByteClass.lf]
                    index += 1
                } else {
                    expected.append(bytes[index])
                    index += 1
                }
            }
            #expect(ParameterEscaping.normalizingNewlines(bytes) == expected)
            #expect(ParameterEscaping.normalizedLength(bytes) == expected.count)
            var text = String(decoding: bytes + Array("0123456789".utf8.prefix(Int(random.next() % 10))), as: UTF8.self)
            #expect(ParameterEscaping.needsNormalizing(&text) == bytes.contains { $0 == ByteClass.cr || $0 == ByteClass.lf })
        }
    }

    @Test func aBodyStreamsTheFormItWasPreparedFromNotLaterChanges() throws {
        var form = FormData()
        form.append(name: "a", text: "before")
        let body = try ReferenceEncoder().prepare(form, boundary: "B")
        form.fields[0].value = .text("after, and longer")
        form.append(name: "b", text: "added")
        let streamed = String(decoding: try body.bytes(), as: UTF8.self)
        #expect(streamed == "--B\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nbefore\r\n--B--\r\n")
    }
}
