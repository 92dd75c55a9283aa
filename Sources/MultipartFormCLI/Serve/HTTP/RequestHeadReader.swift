/// Finds an HTTP/1.1 request head at the start of a connection's unread bytes, within the server's
/// limits, scanning each byte once however the head arrives.
///
/// A first line that cannot be a request line is refused as soon as it ends (or as soon as it is
/// too long), so garbage gets its answer without waiting for a blank line that may never come.
struct RequestHeadReader {
    /// The longest request line accepted (RFC 9112 §3 recommends at least 8,000 octets).
    static let maxRequestLineLength = 8 * 1024
    /// The longest head accepted: request line, fields and the blank line.
    static let maxHeadLength = HTTPRequestHead.maxSize
    private static let carriageReturn = UInt8(ascii: "\r")
    private static let lineFeed = UInt8(ascii: "\n")

    /// What the bytes read so far hold.
    enum Outcome {
        /// No complete head yet, and no limit passed.
        case needMore
        /// A complete head, `length` bytes long (including the blank line).
        case head(HTTPRequestHead, length: Int)
        /// A head the server answers with an error status and closes on.
        case refused(RefusalError)
    }

    /// How far ``read(_:)`` has looked, so a head arriving a byte at a time is scanned once.
    private var scanned = 0
    private var lineStart = 0
    private var sawRequestLine = false

    /// Whether nothing has been looked at yet (leading empty lines may still be skipped).
    var isFresh: Bool { scanned == 0 }

    /// The number of leading CR and LF bytes, which RFC 9112 §2.2 lets a server skip before a request line.
    static func leadingEmptyLineBytes(in bytes: [UInt8]) -> Int {
        bytes.prefix { $0 == Self.carriageReturn || $0 == Self.lineFeed }.count
    }

    /// Looks at the unread bytes of a connection (starting at a request line) for a complete head.
    mutating func read(_ bytes: [UInt8]) -> Outcome {
        while scanned < bytes.count {
            let index = scanned
            scanned += 1
            guard bytes[index] == Self.lineFeed else { continue }
            if !sawRequestLine {
                var line = bytes[..<index]
                if line.last == Self.carriageReturn { line = line.dropLast() }
                guard HTTPRequestHead.isRequestLine(line) else {
                    return .refused(.badRequest("the first line is not an HTTP/1.x request line ('METHOD target HTTP/1.1')"))
                }
                if line.count > Self.maxRequestLineLength {
                    return .refused(
                        RefusalError(status: .uriTooLong, reason: "the request line is longer than \(Self.maxRequestLineLength) bytes"))
                }
                sawRequestLine = true
                lineStart = index + 1
                continue
            }
            let length = index - lineStart
            if length == 0 || (length == 1 && bytes[lineStart] == Self.carriageReturn) {
                do throws(HTTPCaptureError) {
                    return .head(try HTTPRequestHead(bytes[...index]), length: index + 1)
                } catch {
                    return .refused(.badRequest(error.message))
                }
            }
            lineStart = index + 1
            if index + 1 > Self.maxHeadLength { break }
        }
        if !sawRequestLine && !canStartRequestLine(bytes) {
            // A byte no request line can hold (a TLS handshake, binary): no need to wait for a line end.
            return .refused(.badRequest("the first line is not an HTTP/1.x request line ('METHOD target HTTP/1.1')"))
        }
        if !sawRequestLine && bytes.count > Self.maxRequestLineLength {
            return .refused(
                Self.looksLikeRequestStart(bytes)
                    ? RefusalError(status: .uriTooLong, reason: "the request line is longer than \(Self.maxRequestLineLength) bytes")
                    : .badRequest("the first line is not an HTTP/1.x request line ('METHOD target HTTP/1.1')"))
        }
        if bytes.count > Self.maxHeadLength {
            return .refused(
                RefusalError(status: .headerFieldsTooLarge, reason: "the request head is longer than \(Self.maxHeadLength) bytes"))
        }
        return .needMore
    }

    /// Whether the bytes so far (no line end yet) can still become a request line: a method token,
    /// then visible ASCII and spaces only. Each of the first ``maxRequestLineLength`` bytes is looked at once.
    private mutating func canStartRequestLine(_ bytes: [UInt8]) -> Bool {
        let end = min(bytes.count, Self.maxRequestLineLength)
        while firstLineChecked < end {
            let byte = bytes[firstLineChecked]
            firstLineChecked += 1
            if inMethod {
                if byte == UInt8(ascii: " ") {
                    inMethod = false
                } else if !HTTPRequestHead.isTokenByte(byte) {
                    return false
                }
            } else if byte != Self.carriageReturn && (byte < 0x20 || byte >= 0x7F) {
                return false
            }
        }
        return true
    }
    private var firstLineChecked = 0
    private var inMethod = true

    /// Whether the bytes start with a method token and a space, as a request line does.
    private static func looksLikeRequestStart(_ bytes: [UInt8]) -> Bool {
        guard let space = bytes.prefix(32).firstIndex(of: UInt8(ascii: " ")), space > 0 else { return false }
        return bytes[..<space].allSatisfy(HTTPRequestHead.isTokenByte)
    }
}
