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
            try PartHeader.write(field, index: index, options: options, into: &header)
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
            guard (try? ReferenceEncoder(options: options).measure(form)) != nil else { continue }  // unwritable names
            let expected = try Self.collisionInWrittenParts(form, boundary: Array("ab".utf8), options: options)
            let found = ReferenceEncoder.firstCollision(in: form, boundary: Array("ab".utf8))
            #expect(found?.fieldIndex == expected, "\(form)")
            if expected != nil { collisions += 1 }
        }
        #expect(collisions > 100)  // the forms really do collide, often
    }

    @Test(arguments: [false, true])
    func measuredLengthIsTheLengthStreamed(normalizing: Bool) throws {
        var random = SplitMix64(state: normalizing ? 21 : 22)
        let encoder = ReferenceEncoder(options: ReferenceEncoder.Options(normalizesNewlines: normalizing))
        var bodies = 0
        for _ in 0..<2_000 {
            let form = Self.randomForm(&random)
            guard let body = try? encoder.prepare(form, boundary: "zz") else { continue }
            var streamed: [UInt8] = []
            var iterator = body.makeChunkIterator(chunkSize: 5)
            while let chunk = try iterator.next() { streamed += chunk }
            #expect(streamed.count == body.contentLength)
            #expect(streamed == (try body.bytes()))
            bodies += 1
        }
        #expect(bodies > 1_000)
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
