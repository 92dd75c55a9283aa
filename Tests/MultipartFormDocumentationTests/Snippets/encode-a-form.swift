import MultipartForm
// snippet.hide
import Testing

@Test func encodeAForm() throws {
    let photoBytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0]
    // snippet.show

    var form = FormData()
    form.append(name: "title", text: "Holiday")
    form.append(name: "count", integer: 3)
    form.append(name: "photo", bytes: photoBytes, filename: "beach.jpg")    // image/jpeg, from the extension
    let body = try ReferenceEncoder().prepare(form)
    let contentType = body.contentType                                       // multipart/form-data; boundary=...
    let bytes = try body.bytes()                                             // or stream it in chunks
    // snippet.hide
    let report = MultipartValidator.validate(bytes, contentType: contentType)
    #expect(report.diagnostics.isEmpty)
    #expect(report.parts.map(\.nameString) == ["title", "count", "photo"])
    #expect(report.parts.last.flatMap(\.contentType) == Array("image/jpeg".utf8))
}
