/// How an HTTP/1.1 request's body is delimited (RFC 9112 §6.3), read off its head: the one reading
/// shared by the capture reader (`validate`) and `serve`.
enum HTTPBodyFraming: Equatable {
    /// Neither Content-Length nor Transfer-Encoding.
    case none
    /// `Content-Length` bytes.
    case length(Int)
    /// `Transfer-Encoding: chunked` (Content-Length, if also present, is ignored).
    case chunked

    /// A framing that cannot be read: an unsupported transfer coding, or an invalid Content-Length.
    struct Error: Swift.Error {
        var message: String
        /// Whether a transfer coding other than `chunked` was named (a server answers 501).
        var isUnsupportedCoding: Bool
    }

    /// Reads the framing from the head; `bothPresent` when Transfer-Encoding and Content-Length
    /// both appear (a server must then close the connection after the request).
    static func read(_ head: HTTPRequestHead) throws(Error) -> (framing: HTTPBodyFraming, bothPresent: Bool) {
        let codings = head.values("Transfer-Encoding").flatMap { $0.split(separator: ",") }
            .map { HARRequests.lowercased(String($0).trimmingSpaces) }.filter { !$0.isEmpty }
        let lengths = head.values("Content-Length")
        if head.version == "HTTP/1.0" && !head.values("Transfer-Encoding").isEmpty {
            // RFC 9112 §6.1: an HTTP/1.0 message with Transfer-Encoding has faulty framing.
            throw Error(
                message: "Transfer-Encoding in an HTTP/1.0 request, which has no transfer codings: its framing cannot be trusted (RFC 9112 §6.1)",
                isUnsupportedCoding: false)
        }
        if !codings.isEmpty {
            guard codings == ["chunked"] else {
                throw Error(
                    message: "Transfer-Encoding '\(codings.joined(separator: ", "))' is not supported: only 'chunked' can be decoded",
                    isUnsupportedCoding: true)
            }
            return (.chunked, !lengths.isEmpty)
        }
        guard !lengths.isEmpty else { return (.none, false) }
        let values = Set(lengths.flatMap { $0.split(separator: ",").map { String($0).trimmingSpaces } })
        guard values.count == 1, let text = values.first, !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 })
        else {
            throw Error(message: "invalid Content-Length '\(lengths.joined(separator: ", "))'", isUnsupportedCoding: false)
        }
        // Any run of digits is a valid length (RFC 9110 §8.6); one past Int is longer than any body
        // that can be read, which a limit on the body refuses as too large rather than malformed.
        return (.length(Int(text) ?? Int.max), false)
    }

    /// The warning for a request that names both framings.
    static let bothPresentWarning = "both Transfer-Encoding and Content-Length are present; Content-Length is ignored"
}
