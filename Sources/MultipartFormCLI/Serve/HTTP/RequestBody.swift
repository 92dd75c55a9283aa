/// How a request's body is delimited (RFC 9112 §6.3), and its decoding as bytes arrive.
struct RequestBody {
    /// The body's framing, read off the head.
    typealias Framing = HTTPBodyFraming

    let framing: Framing
    /// Notes and warnings about the framing (both Transfer-Encoding and Content-Length, say).
    private(set) var messages: [CLIMessage] = []
    /// Whether the connection must close after this request (RFC 9112 §6.3: both framings present).
    private(set) var mustClose = false
    /// The decoded body bytes passed on so far.
    private(set) var received = 0
    private var decoder: ChunkedDecoder?

    /// Reads the framing from the head, or the refusal for one the server cannot read.
    init(head: HTTPRequestHead) throws(RefusalError) {
        let read: (framing: HTTPBodyFraming, bothPresent: Bool)
        do throws(HTTPBodyFraming.Error) {
            read = try HTTPBodyFraming.read(head)
        } catch {
            throw RefusalError(status: error.isUnsupportedCoding ? .notImplemented : .badRequest, reason: error.message)
        }
        framing = read.framing
        if read.bothPresent {
            messages.append(.init(.warning, HTTPBodyFraming.bothPresentWarning))
            mustClose = true
        }
        if framing == .chunked { decoder = ChunkedDecoder(fileOffset: 0, fileLine: 1) }
    }

    /// Whether every body byte has been passed on.
    var isComplete: Bool {
        switch framing {
        case .none: true
        case .length(let length): received == length
        case .chunked: decoder?.isDone ?? true
        }
    }

    /// Decodes the next bytes read from the connection, passing body bytes to `data`; returns how
    /// many were used (fewer than given once the body is complete: the rest is the next request).
    mutating func feed(
        _ buffer: UnsafeRawBufferPointer, data: (UnsafeRawBufferPointer) -> Void
    ) throws(RefusalError) -> Int {
        switch framing {
        case .none:
            return 0
        case .length(let length):
            let used = min(buffer.count, length - received)
            if used > 0 { data(UnsafeRawBufferPointer(rebasing: buffer[..<used])) }
            received += used
            return used
        case .chunked:
            guard var decoder else { return 0 }
            let used: Int
            do throws(ChunkedError) {
                used = try decoder.feed(buffer, data: data, chunk: { _ in })
            } catch {
                throw RefusalError.badRequest("malformed chunked body: \(error.message)")
            }
            received = decoder.bodyOffset
            self.decoder = decoder
            return used
        }
    }
}
