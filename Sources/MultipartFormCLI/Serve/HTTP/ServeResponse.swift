/// The bytes of the server's HTTP/1.1 answers.
enum ServeResponse {
    /// `100 Continue`, sent before reading a body whose client asked for it.
    static let continueResponse = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

    /// A complete response with a body and its length; with `headOnly` (the answer to `HEAD`), the
    /// header fields alone, with the length the body would have (RFC 9110 §9.3.2, §8.6).
    static func make(
        _ status: ServeStatus, contentType: String?, body: [UInt8], keepAlive: Bool, verdict: String? = nil,
        headOnly: Bool = false, retryAfter: Int? = nil
    ) -> [UInt8] {
        var head = "HTTP/1.1 \(status.code) \(status.reason)\r\n"
        if let contentType { head += "Content-Type: \(contentType)\r\n" }
        if let retryAfter { head += "Retry-After: \(retryAfter)\r\n" }
        head += "Content-Length: \(body.count)\r\n"
        if let verdict { head += "Multipart-Check-Verdict: \(verdict)\r\n" }
        head += "Connection: \(keepAlive ? "keep-alive" : "close")\r\n\r\n"
        return headOnly ? Array(head.utf8) : Array(head.utf8) + body
    }

    /// The answer to a refused request: its status and the reason as plain text; the connection
    /// closes. `retryAfter` seconds go in a `Retry-After` field (RFC 9110 §10.2.3), for a 503 the
    /// client may try again after.
    static func refusal(_ refusal: RefusalError, headOnly: Bool = false, retryAfter: Int? = nil) -> [UInt8] {
        make(
            refusal.status, contentType: "text/plain; charset=utf-8",
            body: Array("\(refusal.status.code) \(refusal.status.reason): \(refusal.reason)\n".utf8), keepAlive: false,
            headOnly: headOnly, retryAfter: retryAfter)
    }

    /// The answer to a request without a body: how to use the server.
    /// The content of a response `make` built: the bytes after its head.
    static func content(of response: [UInt8]) -> [UInt8] {
        let end = Array("\r\n\r\n".utf8)
        var index = 0
        while index + end.count <= response.count {
            if response[index..<index + end.count].elementsEqual(end) { return Array(response[(index + end.count)...]) }
            index += 1
        }
        return []
    }

    static func usage(keepAlive: Bool, headOnly: Bool = false, pageShown: Bool = false) -> [UInt8] {
        var text = """
            multipart-check serve: send a multipart/form-data request (POST, PUT or PATCH, any path) \
            and the answer is the validator's report on its body, as JSON.

            """
        if pageShown { text += "Open /_/ in a browser to watch each request as it is validated.\n" }
        return make(.ok, contentType: "text/plain; charset=utf-8", body: Array(text.utf8), keepAlive: keepAlive, headOnly: headOnly)
    }
}
