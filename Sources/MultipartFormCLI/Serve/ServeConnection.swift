import MultipartForm
import MultipartFormConformanceCore
import MultipartFormSystem

/// One client connection, on its own thread: reads requests one after another (keep-alive and
/// pipelining), streams each body through the validator as it arrives, and answers.
///
/// Every way a client can misbehave ends in an answer or a closed connection and one line of
/// output: a head that is not HTTP or is too long, a body past `--max-body`, a client silent for
/// `--idle-timeout`, a client that leaves mid-body.
final class ServeConnection: @unchecked Sendable {
    /// How much is read from the socket at a time.
    static let readSize = 128 * 1024

    private let server: ServeServer
    private let descriptor: Int32
    private let peer: String
    private var configuration: ServeConfiguration { server.configuration }
    /// Bytes read from the socket and not yet used: the start of the next request.
    private var pending: [UInt8] = []
    /// Whether the client ended the connection (closed its side, or reset it): then there is nothing
    /// left to read before closing.
    private var endedByClient = false

    init(server: ServeServer, descriptor: Int32, peer: String) {
        self.server = server
        self.descriptor = descriptor
        self.peer = peer
    }

    /// Serves requests until the client closes, asks to close, misbehaves or the server stops.
    func run() {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.readSize, alignment: 16)
        defer {
            buffer.deallocate()
            // A connection the server ends may hold bytes the client still sends: closed at once,
            // it would be reset, and the reset can overtake the answer (LingeringClose).
            server.connectionEnded(descriptor, lingering: !endedByClient)
        }
        ConnectedSocket.setSendTimeout(descriptor, seconds: configuration.idleTimeout)
        while serveRequest(buffer) && !server.isStopping {}
    }

    private var timeout: Int32 { Int32(clamping: Int((configuration.idleTimeout * 1000).rounded())) }

    /// Reads, validates and answers one request; whether the connection stays open for another.
    private func serveRequest(_ buffer: UnsafeMutableRawBufferPointer) -> Bool {
        // The head.
        var reader = RequestHeadReader()
        let head: HTTPRequestHead
        let headBytes: [UInt8]
        // A head must arrive whole within the head limit of its first byte, and the whole request
        // within --request-timeout, so a client that trickles a byte at a time cannot hold a
        // connection open for ever.
        var started: ContinuousClock.Instant?
        readingHead: while true {
            if started == nil && !pending.isEmpty { started = ContinuousClock.now }
            if reader.isFresh {
                let skipped = RequestHeadReader.leadingEmptyLineBytes(in: pending)
                if skipped > 0 { pending.removeFirst(skipped) }
            }
            if !pending.isEmpty {
                switch reader.read(pending) {
                case .head(let parsed, let length):
                    head = parsed
                    headBytes = Array(pending[..<length])
                    pending.removeFirst(length)
                    break readingHead
                case .refused(let refusal):
                    refuse(refusal, number: server.nextRequestNumber(), requestLine: nil, event: "refused")
                    return false
                case .needMore:
                    break
                }
            }
            var wait = timeout
            if let started { wait = min(wait, Self.milliseconds(until: started + Self.duration(configuration.headLimit))) }
            switch ConnectedSocket.receive(descriptor, into: buffer, timeout: wait) {
            case .bytes(let count):
                pending.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[..<count]))
            case .closed, .failed:
                endedByClient = true
                if !pending.isEmpty && !server.isStopping {
                    server.record(.incomplete)
                    server.emit(
                        ServeLog.requestEnded(
                            number: server.nextRequestNumber(), peer: peer, requestLine: nil, event: "incomplete",
                            status: nil, reason: "the client closed the connection in the middle of a request head",
                            format: configuration.format))
                }
                return false
            case .timedOut:
                // An idle keep-alive connection just closes; a half-sent head is answered.
                if !pending.isEmpty {
                    refuse(
                        RefusalError(
                            status: .requestTimeout,
                            reason: "no complete request head within \(Self.describe(configuration.headLimit)) of its first byte"),
                        number: server.nextRequestNumber(), requestLine: nil, event: "timed out")
                }
                return false
            }
        }
        let deadline = (started ?? ContinuousClock.now) + Self.duration(configuration.requestTimeout)
        return serveBody(head: head, headBytes: headBytes, deadline: deadline, buffer: buffer)
    }

    private func serveBody(
        head: HTTPRequestHead, headBytes: [UInt8], deadline: ContinuousClock.Instant, buffer: UnsafeMutableRawBufferPointer
    ) -> Bool {
        let requestLine = "\(head.method) \(head.target) \(head.version)"
        // The answer to HEAD is the header fields GET would get, without the content.
        let headOnly = head.method == "HEAD"
        if let refusal = Self.refusalOfHead(head) {
            refuse(refusal, number: server.nextRequestNumber(), requestLine: requestLine, event: "refused", headOnly: headOnly)
            return false
        }
        if ServeLivePage.isPageRequest(head) {
            // The page polls every second: its requests are answered quietly, not logged or counted.
            let keepAlive = Self.wantsKeepAlive(head)
            var compare: ((String, [UInt8], String) -> (ServeStatus, String))? = nil
            #if os(macOS) || os(Linux)
            compare = { [server] label, body, contentType in
                do throws(ServeComparison.UnavailableError) {
                    return (.ok, try server.comparison.pageComparison(label: label, body: body, contentType: contentType))
                } catch {
                    return (.serviceUnavailable, "503 Service Unavailable: \(error.message)")
                }
            }
            #endif
            let answer = ServeLivePage.answer(
                head, history: server.history, boundHost: configuration.host, port: server.port, keepAlive: keepAlive,
                headOnly: headOnly, compare: compare)
            if answer.status != .ok {
                server.emit(
                    ServeLog.requestEnded(
                        number: server.nextRequestNumber(), peer: peer, requestLine: requestLine, event: "refused", status: answer.status,
                        reason: "a page request: " + (answer.message ?? answer.status.reason), closed: !keepAlive, format: configuration.format))
            }
            return ConnectedSocket.send(descriptor, answer.bytes, within: configuration.idleTimeout) && keepAlive
        }
        if ServeLivePage.isBrowserIconRequest(head) {
            // A browser asks for its tab's icon on its own: not an upload, so no number and no log line.
            let keepAlive = Self.wantsKeepAlive(head)
            let answer = ServeResponse.make(.notFound, contentType: nil, body: [], keepAlive: keepAlive, headOnly: headOnly)
            return ConnectedSocket.send(descriptor, answer, within: configuration.idleTimeout) && keepAlive
        }
        let number = server.nextRequestNumber()
        var body: RequestBody
        do throws(RefusalError) {
            body = try RequestBody(head: head)
        } catch {
            refuse(error, number: number, requestLine: requestLine, event: "refused", headOnly: headOnly)
            return false
        }
        let keepAlive = Self.wantsKeepAlive(head) && !body.mustClose
        if body.framing == .none && head.values("Content-Type").isEmpty {
            server.record(.withoutBody)
            server.emit(
                ServeLog.requestEnded(
                    number: number, peer: peer, requestLine: requestLine, event: "no body",
                    status: .ok, reason: "nothing to validate; the answer says how to use this server",
                    closed: !keepAlive, format: configuration.format))
            let answer = ServeResponse.usage(keepAlive: keepAlive, headOnly: headOnly, pageShown: configuration.pageHistory > 0)
            return ConnectedSocket.send(descriptor, answer, within: configuration.idleTimeout) && keepAlive
        }
        if case .length(let length) = body.framing, length > configuration.maxBody {
            refuse(
                RefusalError(status: .contentTooLarge, reason: "Content-Length \(length) is more than --max-body (\(configuration.maxBody) bytes)"),
                number: number, requestLine: requestLine, event: "refused", headOnly: headOnly)
            return false
        }
        if head.values("Expect").contains(where: { HARRequests.lowercased($0) == "100-continue" }) && pending.isEmpty {
            ConnectedSocket.send(descriptor, ServeResponse.continueResponse)
        }
        var request = ServedRequest(number: number, head: head, peer: peer, framing: body, configuration: configuration)
        var capture: RequestCapture?
        if let directory = configuration.saveDirectory {
            do throws(RequestCapture.Error) {
                capture = try RequestCapture(directory: directory, label: server.runLabel, number: number)
                headBytes.withUnsafeBytes { capture?.write($0) }
            } catch {
                request.note(.warning, error.message)
            }
        }
        let opening = request.opening(framing: body.framing)
        if !opening.isEmpty { server.emit(.standardOutput(opening)) }

        // The body, from what was read with the head, then from the socket.
        func feed(_ bytes: UnsafeRawBufferPointer) throws(RefusalError) -> Int {
            let used = try body.feed(bytes) { request.consume($0) }
            capture?.write(UnsafeRawBufferPointer(rebasing: bytes[..<used]))
            if body.received > configuration.maxBody {
                throw RefusalError(status: .contentTooLarge, reason: "the chunked body is longer than --max-body (\(configuration.maxBody) bytes)")
            }
            return used
        }
        do throws(RefusalError) {
            if !pending.isEmpty {
                let early = pending
                pending = []
                var used = 0
                var failure: RefusalError?
                early.withUnsafeBytes { raw in
                    do throws(RefusalError) { used = try feed(raw) } catch { failure = error }
                }
                if let failure { throw failure }
                if used < early.count { pending = Array(early[used...]) }
                let shown = request.newFindings()
                if !shown.isEmpty { server.emit(.standardOutput(shown)) }
            }
            while !body.isComplete {
                switch ConnectedSocket.receive(descriptor, into: buffer, timeout: min(timeout, Self.milliseconds(until: deadline))) {
                case .bytes(let count):
                    let raw = UnsafeRawBufferPointer(rebasing: buffer[..<count])
                    let used = try feed(raw)
                    if used < count { pending.append(contentsOf: raw[used...]) }
                    let shown = request.newFindings()
                    if !shown.isEmpty { server.emit(.standardOutput(shown)) }
                case .closed, .failed:
                    endedByClient = true
                    capture?.close()
                    server.record(.incomplete)
                    server.emit(
                        ServeLog.requestEnded(
                            number: number, peer: peer, requestLine: requestLine, event: "incomplete",
                            status: nil, reason: "the client closed the connection \(request.progress)",
                            format: configuration.format))
                    return false
                case .timedOut:
                    if ContinuousClock.now >= deadline {
                        throw RefusalError(
                            status: .requestTimeout,
                            reason: "the request took more than --request-timeout (\(Self.describe(configuration.requestTimeout))) in all, \(request.progress)")
                    }
                    throw RefusalError(
                        status: .requestTimeout,
                        reason: "no byte for \(Self.describe(configuration.idleTimeout)) \(request.progress)")
                }
            }
        } catch {
            capture?.close()
            refuse(
                error, number: number, requestLine: requestLine, event: error.status == .requestTimeout ? "timed out" : "refused",
                headOnly: headOnly)
            return false
        }
        capture?.close()
        if let failure = capture?.failure {
            let line = request.note(.warning, failure)
            if configuration.format == .text { server.emit(.standardOutput(line)) }
        }

        // The verdict and the answer.
        let finished = request.finish()
        let status: ServeStatus = configuration.respond == .strict && !finished.verdict.passes ? .badRequest : .ok
        server.record(finished.verdict.passes ? .conforming : .notConforming)
        let json = request.json(report: finished.report, verdict: finished.verdict, status: status)
        server.history?.add(request.pageEntry(report: finished.report, verdict: finished.verdict, status: status))
        switch configuration.format {
        case .text: server.emit(.standardOutput(request.closing(finished.report, verdict: finished.verdict, answer: status)))
        case .json: server.emit(.standardOutput(json.compactRendering() + "\n"))
        }
        let verdict = finished.verdict.passes ? "conforming" : "not-conforming"
        let response: [UInt8]
        switch configuration.respond {
        case .ok:
            response = ServeResponse.make(.ok, contentType: nil, body: [], keepAlive: keepAlive, verdict: verdict, headOnly: headOnly)
        case .report, .strict:
            response = ServeResponse.make(
                status, contentType: "application/json", body: Array((json.rendered() + "\n").utf8), keepAlive: keepAlive,
                verdict: verdict, headOnly: headOnly)
        }
        guard ConnectedSocket.send(descriptor, response, within: configuration.idleTimeout) else {
            if !server.isStopping {
                server.emit(
                    ServeLog.requestEnded(
                        number: number, peer: peer, requestLine: requestLine, event: "answer lost",
                        status: nil, reason: "the answer could not be sent: the client left or stopped reading for \(Self.describe(configuration.idleTimeout))",
                        format: configuration.format))
            }
            return false
        }
        #if os(macOS) || os(Linux)
        if !configuration.parserIDs.isEmpty { showParserReadings(of: request, length: finished.report.byteCount) }
        #endif
        return keepAlive
    }

    #if os(macOS) || os(Linux)
    /// `--parser`: what the named parsers make of the body, after the request's answer is sent (so the
    /// client does not wait on them), as `compare` shows it.
    private func showParserReadings(of request: ServedRequest, length: Int) {
        let text: String
        let json: JSONValue
        do throws(ServeComparison.UnavailableError) {
            guard let body = request.keptBody(length: length) else {
                throw ServeComparison.UnavailableError(
                    message: "the body is larger than the 64 KiB serve keeps of it: save it with --save DIR and run 'compare' on the capture")
            }
            let comparison = try server.comparison.compare(
                label: request.label, body: body, contentType: request.contentType ?? "", ids: configuration.parserIDs)
            let title = "\(request.label): as real parsers read it (--parser \(configuration.parserIDs.joined(separator: ", ")))\n"
            text = configuration.style.bold(title) + ComparisonRenderer.text(comparison, style: configuration.style, findings: false) + "\n"
            json = ComparisonRenderer.json(comparison)
        } catch {
            text = "\(request.label): --parser: \(VisibleBytes.escape(error.message))\n"
            json = .object([("reason", .string(error.message))])
        }
        switch configuration.format {
        case .text: server.emit(.standardOutput(text))
        case .json:
            let line = JSONValue.object([("version", .int(1)), ("request", .int(request.number)), ("parsers", json)])
            server.emit(.standardOutput(line.compactRendering() + "\n"))
        }
    }
    #endif

    /// Answers a request the server will not read on, says so in the output and counts it.
    /// What RFC 9112 makes a server refuse in a head it has read: a request target that is not one
    /// of the forms a server is sent (§3.2), and more than one `Host` field line (§3.2: "A server
    /// MUST respond with a 400 (Bad Request) status code to any HTTP/1.1 request message that lacks
    /// a Host header field and to any request message that contains more than one Host header field
    /// line"); `nil` for a head to serve.
    static func refusalOfHead(_ head: HTTPRequestHead) -> RefusalError? {
        if RequestTarget(head.target, method: head.method) == nil {
            return .badRequest(
                "the request target '\(VisibleBytes.escape(head.target))' is not origin-form (/path), absolute-form (http://host/path) or '*' for OPTIONS (RFC 9112 §3.2)")
        }
        let hosts = head.values("Host").count
        if hosts > 1 {
            return .badRequest("the request has \(hosts) Host field lines; RFC 9112 §3.2 allows one")
        }
        return nil
    }

    private func refuse(_ refusal: RefusalError, number: Int, requestLine: String?, event: String, headOnly: Bool = false) {
        server.record(.refused)
        Self.send(refusal, on: descriptor, headOnly: headOnly, within: configuration.idleTimeout)
        server.emit(
            ServeLog.requestEnded(
                number: number, peer: peer, requestLine: requestLine, event: event, status: refusal.status,
                reason: refusal.reason, format: configuration.format))
    }

    /// Answers a connection the server will not serve (too many open, no descriptor or thread left)
    /// 503 with `reason`, as a refused request is answered, and says so; the caller closes it.
    static func refuse(connection descriptor: Int32, peer: String, reason: String, on server: ServeServer) {
        ConnectedSocket.setSendTimeout(descriptor, seconds: 1)
        send(RefusalError(status: .serviceUnavailable, reason: reason), on: descriptor, retryAfter: ServeServer.retryAfterSeconds, within: 1)
        server.emit(ServeLog.connectionRefused(peer: peer, reason: reason, format: server.configuration.format))
    }

    /// Writes a refusal's answer: the one place a refusal is sent, for a request or a connection.
    private static func send(
        _ refusal: RefusalError, on descriptor: Int32, headOnly: Bool = false, retryAfter: Int? = nil, within seconds: Double
    ) {
        ConnectedSocket.send(descriptor, ServeResponse.refusal(refusal, headOnly: headOnly, retryAfter: retryAfter), within: seconds)
    }

    /// Whether the client keeps the connection open: HTTP/1.1 unless `Connection: close`, HTTP/1.0
    /// only with `Connection: keep-alive` (RFC 9112 §9.3).
    static func wantsKeepAlive(_ head: HTTPRequestHead) -> Bool {
        let options = head.values("Connection").flatMap { $0.split(separator: ",") }
            .map { HARRequests.lowercased(String($0).trimmingSpaces) }
        if options.contains("close") { return false }
        return head.version == "HTTP/1.1" || options.contains("keep-alive")
    }

    /// Milliseconds from now until `instant` (0 once it has passed), rounded up, for `poll`.
    static func milliseconds(until instant: ContinuousClock.Instant) -> Int32 {
        let left = instant - ContinuousClock.now
        guard left > .zero else { return 0 }
        let (seconds, attoseconds) = left.components
        return Int32(clamping: seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
    }

    /// Seconds as a duration.
    static func duration(_ seconds: Double) -> Duration {
        .milliseconds(Int64((seconds * 1000).rounded()))
    }

    /// `30 s`, `0.5 s`.
    static func describe(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? "\(Int(seconds)) s" : "\(seconds) s"
    }
}
