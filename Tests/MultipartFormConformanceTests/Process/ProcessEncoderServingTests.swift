import MultipartForm
import MultipartFormConformance
import Testing

/// The child's side of the encoder contract: what the adapter sends reads back as the same form,
/// and what the child answers reads back as the same body or refusal.
@Suite("Process encoder serving")
struct ProcessEncoderServingTests {
    static let form: FormData = [
        FormData.Field(name: "title", value: .text("Holiday \u{1F3D6}")),
        FormData.Field(name: "n", value: .bytes([0xFF, 0x00, 0x0D]), filename: "n.bin", contentType: "application/x-n"),
        FormData.Field(name: "", value: .text("")),
    ]

    @Test(arguments: [String?.none, "AaB03x"])
    func aRequestReadsBackAsTheFormAndBoundarySent(boundary: String?) throws {
        let request = try ProcessEncoderAdapter.readRequest(try ProcessEncoderAdapter.request(for: Self.form, boundary: boundary))
        #expect(request.form == Self.form)
        #expect(request.boundary == boundary)
    }

    @Test func anAnswerReadsBackAsTheEncodedForm() throws {
        let encoded = try ReferenceEncoder().encode(Self.form, boundary: "AaB03x")
        let answered = try ProcessEncoderAdapter.response(ProcessEncoderAdapter.answer(EncodedForm(contentType: encoded.contentType, body: encoded.body)))
        #expect(answered == EncodedForm(contentType: encoded.contentType, body: encoded.body))
    }

    @Test func aRefusalReadsBackAsRefused() throws {
        let error = try #require(throws: ProcessAdapterError.self) {
            try ProcessEncoderAdapter.response(ProcessEncoderAdapter.answer(refusing: "names may not hold \"\\\" here"))
        }
        #expect(error.code == .refused)
        #expect(error.message.hasSuffix("names may not hold \"\\\" here"), "\(error.message)")
    }

    @Test(arguments: [
        ("{\"version\": 2, \"boundary\": null, \"fields\": []}", "unsupported contract version 2"),
        ("{\"version\": 1, \"fields\": []}", "boundary"),
        ("{\"version\": 1, \"boundary\": null, \"fields\": [{\"name\": \"a\"}]}", "value"),
        ("[1]", "object"),
    ])
    func anUnreadableRequestSaysWhy(request: String, mentions: String) throws {
        let error = try #require(throws: ProcessAdapterError.self) { try ProcessEncoderAdapter.readRequest(Array(request.utf8)) }
        #expect(error.code == .unreadableRequest)
        #expect(error.message.contains(mentions), "\(error.message)")
    }
}
