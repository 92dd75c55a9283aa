import MultipartForm
import MultipartFormConformanceCore
import Testing

/// The answer readers of the process adapters: bounded and streaming, so what a child writes is
/// checked as it is read and refused at the first thing out of shape, never parsed whole first.
@Suite("Process answer reading")
struct ProcessAnswerReadingTests {
    static func encoderError(_ output: String) throws -> ProcessAdapterError {
        try #require(throws: ProcessAdapterError.self) { try ProcessEncoderAdapter.response(Array(output.utf8)) }
    }

    static func decoderError(_ output: String, maxParts: Int = .max) throws -> ProcessAdapterError {
        try #require(throws: ProcessAdapterError.self) { try ProcessDecoderAdapter.response(Array(output.utf8), maxParts: maxParts) }
    }

    @Test func anUnknownKeyIsRefusedBeforeItsValueIsRead() throws {
        // The value after "extra" is cut off: a reader that parsed the document first would report
        // the syntax error at its end instead.
        let extra = "{\"error\": \"x\", \"extra\": [" + String(repeating: "1,", count: 10_000)
        let encoder = try Self.encoderError(extra)
        #expect(encoder.code == .malformedResponse)
        #expect(encoder.message.contains("extra: unknown key \"extra\""), "\(encoder.message)")
        let decoder = try Self.decoderError(extra)
        #expect(decoder.message.contains("extra: unknown key \"extra\""), "\(decoder.message)")
    }

    @Test func anUnknownKeyInAPartIsRefusedBeforeItsValueIsRead() throws {
        let error = try Self.decoderError("{\"parts\": [{\"body_base64\": \"\"}, {\"size\": [[[[[[")
        #expect(error.message.contains("parts[1].size: unknown key \"size\""), "\(error.message)")
    }

    @Test func moreDecodedPartsThanTheBodyCouldHoldAreRefusedAtTheFirstOnePast() throws {
        // Three parts allowed; the fourth is refused before the rest, cut off, is read.
        let parts = String(repeating: "{\"body_base64\": \"\"}, ", count: 4) + "{\"body_base64\": \"QQ"
        let error = try Self.decoderError("{\"parts\": [" + parts, maxParts: 3)
        #expect(error.code == .malformedResponse)
        #expect(error.message.contains("parts[3]: more than 3 parts, more than the body could hold"), "\(error.message)")
        #expect(ProcessDecoderAdapter.maxParts(forBodyOf: 0) == 1)
        #expect(ProcessDecoderAdapter.maxParts(forBodyOf: 300) == 101)
    }

    @Test func aRepeatedKeyIsRefused() throws {
        let error = try Self.encoderError("{\"error\": \"a\", \"error\": \"b\"}")
        #expect(error.message.contains("error: duplicate key \"error\""), "\(error.message)")
    }

    @Test func aLongReasonIsKeptUpTo4KiB() throws {
        let error = try Self.encoderError("{\"error\": \"" + String(repeating: "r", count: 100_000) + "\"}")
        #expect(error.code == .refused)
        #expect(error.message.hasSuffix(String(repeating: "r", count: 16) + "… (100000 bytes in all)"))
        #expect(error.message.utf8.count < 4200)
    }

    @Test func wellFormedAnswersReadAsBefore() throws {
        let parts = try ProcessDecoderAdapter.response(
            Array(
                """
                {"parts": [{"name": "a", "filename": null, "content_type": "text/plain", "body_base64": "aGk="},
                           {"name_base64": "/w==", "name": "ignored", "filename_base64": "YQ==", "body_base64": ""}]}

                """.utf8))
        #expect(
            parts == [
                DecodedFormPart(name: "a", contentType: "text/plain", body: Array("hi".utf8)),
                DecodedFormPart(name: [0xFF], filename: Array("a".utf8), body: []),
            ])
        let encoded = try ProcessEncoderAdapter.response(Array("\u{FEFF}{\"body_base64\": \"eA==\", \"content_type\": \"t\"}".utf8))
        #expect(encoded == EncodedForm(contentType: "t", body: [0x78]))
        #expect(try Self.decoderError("{\"error\": \"no\"}").message == "the decoder rejected the body: no")
        #expect(try Self.decoderError("{\"parts\": []} x").message.contains("after the document"))
        #expect(try Self.decoderError("{\"parts\": [{}]}").message.contains("parts[0].body_base64: required key is missing"))
        #expect(try Self.decoderError("{\"parts\": [{\"name\": 1, \"body_base64\": \"\"}]}").message.contains(
            "parts[0].name: expected a string or null, found a number"))
        #expect(try Self.encoderError("{\"content_type\": \"t\", \"body_base64\": \"x\"}").message == "body_base64 is not padded standard base64")
        #expect(try Self.encoderError("{\"content_type\": \"t\"}").message.contains("body_base64: required key is missing"))
        #expect(try Self.encoderError("[]").message.contains("top level: expected an object, found an array"))
    }
}
