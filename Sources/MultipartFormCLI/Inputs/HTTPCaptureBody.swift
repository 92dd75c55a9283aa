/// The body a raw HTTP/1.x request capture carries, decoded from its framing, and its Content-Type:
/// what `vectors new` keeps of a capture `serve --save` wrote.
struct HTTPCaptureBody {
    /// The first Content-Type header field's value, if any.
    var contentType: String?
    /// The body: Content-Length bytes, the chunks' data, or everything after the head.
    var body: [UInt8]

    /// Decodes a whole capture; throws for a malformed head, framing or truncated body.
    init(capture bytes: [UInt8]) throws(HTTPCaptureError) {
        guard let end = HTTPRequestHead.end(in: bytes) else {
            throw HTTPCaptureError(message: "truncated capture: the request head has no blank line ending it")
        }
        let head = try HTTPRequestHead(bytes[..<end])
        contentType = head.values("Content-Type").first
        let rest = bytes[end...]
        if head.values("Transfer-Encoding").contains(where: { HARRequests.lowercased($0).contains("chunked") }) {
            var decoder = ChunkedDecoder(fileOffset: end, fileLine: 1)
            var body: [UInt8] = []
            var failure: ChunkedError?
            Array(rest).withUnsafeBytes { raw in
                do throws(ChunkedError) {
                    _ = try decoder.feed(raw, data: { body.append(contentsOf: $0) }, chunk: { _ in })
                } catch {
                    failure = error
                }
            }
            if let failure { throw HTTPCaptureError(message: failure.message) }
            guard decoder.isDone else {
                throw HTTPCaptureError(message: decoder.truncation()?.message ?? "truncated chunked body")
            }
            self.body = body
        } else if let text = head.values("Content-Length").first, let length = Int(text.trimmingSpaces), length >= 0 {
            guard rest.count >= length else {
                throw HTTPCaptureError(message: "Content-Length is \(length) but only \(rest.count) body bytes are present")
            }
            body = Array(rest.prefix(length))
        } else {
            body = Array(rest)
        }
    }
}
