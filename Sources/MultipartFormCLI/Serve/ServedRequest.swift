import MultipartForm
import MultipartFormReceivers
import MultipartFormConformanceCore

/// One request whose body is being validated as it arrives: the validator, the bytes kept for
/// snippets, the findings already shown, and the block of output that describes it.
struct ServedRequest {
    let number: Int
    let head: HTTPRequestHead
    let peer: String
    let configuration: ServeConfiguration
    /// The Content-Type the body is validated against: the request's first one.
    let contentType: String?
    /// The body's declared length, when Content-Length gave one.
    let declaredLength: Int?
    /// Notes and warnings about the request itself.
    private(set) var messages: [CLIMessage]
    private var validator: MultipartValidator
    /// The body's first and last 64 KiB, for snippets: memory per request stays fixed.
    private(set) var recent = StreamEnds(headCapacity: 64 * 1024, tailCapacity: 64 * 1024)
    /// Whether the body came with `Transfer-Encoding: chunked` rather than a `Content-Length`.
    let isChunked: Bool
    /// What each receiver named with `--receiver` made of the body's findings, once it has ended.
    private(set) var receiverOutcomes: [ReceiverCheck.Outcome] = []
    private var renderer: TextReportRenderer
    /// Findings taken from the validator, and how many of them are printed.
    private(set) var found: [Diagnostic] = []
    private var printed = 0
    private let started = ContinuousClock.now
    private var firstFinding: Duration?

    /// `request-N`: how output names this request.
    var label: String { "request-\(number)" }

    /// The request line as it arrived (escaped when printed).
    var requestLine: String { "\(head.method) \(head.target) \(head.version)" }

    init(number: Int, head: HTTPRequestHead, peer: String, framing: RequestBody, configuration: ServeConfiguration) {
        self.number = number
        self.head = head
        self.peer = peer
        self.configuration = configuration
        var messages = framing.messages
        if head.usesBareLF {
            messages.append(.init(.note, "the request head ends lines with a bare LF instead of CRLF; read anyway"))
        }
        let types = head.values("Content-Type")
        if types.count > 1 { messages.append(.init(.warning, "\(types.count) Content-Type header fields; the first is used")) }
        if types.isEmpty {
            messages.append(.init(.warning, "the request has no Content-Type header field; the boundary is inferred"))
        }
        self.messages = messages
        contentType = types.first
        if case .length(let length) = framing.framing { declaredLength = length } else { declaredLength = nil }
        isChunked = framing.framing == .chunked
        validator = MultipartValidator(contentType: types.first, options: configuration.validationOptions)
        renderer = TextReportRenderer(displayPath: "request-\(number)", contentType: types.first)
        renderer.style = configuration.style
    }

    /// The lines that open the request's block: request line, peer, Content-Type, framing, messages.
    func opening(framing: RequestBody.Framing) -> String {
        guard configuration.format == .text else { return "" }
        let length: String
        switch framing {
        case .none: length = "no body"
        case .length(let count): length = "Content-Length: \(count)"
        case .chunked: length = "Transfer-Encoding: chunked"
        }
        var text = renderer.style.bold("\(label): \(VisibleBytes.escape(requestLine))") + " from \(peer)\n"
        text += "\(label): Content-Type: \(contentType.map(VisibleBytes.escape) ?? "(none)")\n"
        text += "\(label): \(length)\n"
        for message in messages {
            text += "\(label): \(message.severity.rawValue): \(VisibleBytes.escape(message.text))\n"
        }
        return text
    }

    /// Validates the next body bytes.
    mutating func consume(_ bytes: UnsafeRawBufferPointer) {
        validator.consume(bytes)
        recent.append(bytes)
    }

    /// The findings that can be shown now, rendered (text format only; JSON comes at the end).
    mutating func newFindings() -> String {
        let fresh = validator.diagnosticsFound(after: found.count)
        if !fresh.isEmpty {
            if firstFinding == nil { firstFinding = ContinuousClock.now - started }
            found += fresh
        }
        return render(bodyEnded: false)
    }

    private mutating func render(bodyEnded: Bool) -> String {
        guard configuration.format == .text else {
            printed = found.count
            return ""
        }
        var text = ""
        while printed < found.count {
            let diagnostic = found[printed]
            // A finding waits until the bytes after it (its snippet's right half) have arrived.
            guard diagnostic.origin == .contentType || bodyEnded || diagnostic.offset + Snippet.context <= recent.count else { break }
            text += renderer.render(diagnostic, body: recent, bodyLength: bodyEnded ? recent.count : Int.max)
            printed += 1
        }
        return text
    }

    /// Ends the body: the report and its verdict. The findings only the end could give (and the
    /// limit note) join those already found, so ``closing(_:verdict:answer:)`` shows each once.
    mutating func finish() -> (report: ValidationReport, verdict: Verdict) {
        // With receivers named, the findings they read otherwise are raised for them; a short value a
        // message quotes is read from the bytes kept for snippets, when they still hold it.
        let recent = recent
        let (report, outcomes) = configuration.shared.readByReceivers(validator.finish()) { part in
            let bytes = recent.bytes(in: part.bodyRange)
            return bytes.count == part.bodyRange.count ? bytes : nil
        }
        receiverOutcomes = outcomes
        if firstFinding == nil && !report.diagnostics.isEmpty { firstFinding = ContinuousClock.now - started }
        var alreadyFound: [String: Int] = [:]
        for diagnostic in found { alreadyFound[Self.key(diagnostic), default: 0] += 1 }
        for diagnostic in report.diagnostics {
            let key = Self.key(diagnostic)
            if let count = alreadyFound[key], count > 0 {
                alreadyFound[key] = count - 1
            } else {
                found.append(diagnostic)
            }
        }
        return (report, Verdict(report, warningsAsErrors: false))
    }

    /// The rest of the block: findings not yet shown, then the summary line with the answer.
    mutating func closing(_ report: ValidationReport, verdict: Verdict, answer: ServeStatus) -> String {
        var text = render(bodyEnded: true)
        if configuration.format == .text {
            let summary = renderer.summary(report, verdict: verdict)
            text += summary.dropLast() + " (\(timing(bytes: report.byteCount))); answered \(answer.code) \(answer.reason)\n"
            for outcome in receiverOutcomes { text += ReceiverOutcomeText.line(outcome, label: label) + "\n" }
        }
        return text
    }

    /// Adds a note or warning about the request; in text output it is shown at once.
    @discardableResult
    mutating func note(_ severity: CLIMessage.Severity, _ text: String) -> String {
        messages.append(.init(severity, text))
        return "\(label): \(severity.rawValue): \(VisibleBytes.escape(text))\n"
    }

    /// `1,048,576 bytes in 0.012 s, first finding after 0.001 s`.
    private func timing(bytes: Int) -> String {
        var text = "\(bytes) byte\(bytes == 1 ? "" : "s") in \(Self.seconds(ContinuousClock.now - started)) s"
        if let firstFinding { text += ", first finding after \(Self.seconds(firstFinding)) s" }
        return text
    }

    /// The JSON report: what `validate --format json` says of one file, with the request around it.
    func json(report: ValidationReport, verdict: Verdict, status: ServeStatus) -> JSONValue {
        var file = JSONReportRenderer.file(path: label, report: report, verdict: verdict)
        if !receiverOutcomes.isEmpty { file = JSONReportRenderer.addingReceivers(receiverOutcomes, to: file) }
        if case .object(var members) = file {
            members.append(("offsets", .string("body")))
            file = .object(members)
        }
        let elapsed = ContinuousClock.now - started
        return .object([
            ("version", .int(JSONReportRenderer.schemaVersion)),
            (
                "request",
                .object([
                    ("number", .int(number)), ("method", .string(head.method)), ("target", .string(head.target)),
                    ("peer", .string(peer)), ("content_type", .string(contentType)), ("status", .int(status.code)),
                    ("milliseconds", .int(Int(Self.milliseconds(elapsed)))),
                    ("first_finding_microseconds", .int(firstFinding.map { Int(Self.milliseconds($0) * 1000) })),
                ])
            ),
            (
                "messages",
                .array(messages.map { .object([("severity", .string($0.severity.rawValue)), ("message", .string($0.text))]) })
            ),
            ("files", .array([file])),
        ])
    }

    /// The state the request was in when the client or the clock ended it: bytes and findings so far.
    var progress: String {
        let total = declaredLength.map { " of \($0)" } ?? ""
        return "after \(recent.count)\(total) body bytes, with \(TextReportRenderer.count(found.count, "finding")) so far"
    }

    private static func key(_ diagnostic: Diagnostic) -> String {
        "\(diagnostic.rule)@\(diagnostic.origin.rawValue):\(diagnostic.offset):\(diagnostic.message)"
    }

    private static func milliseconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) * 1000 + Double(parts.attoseconds) / 1e15
    }

    /// Seconds with three decimals.
    private static func seconds(_ duration: Duration) -> String {
        let thousandths = Int((milliseconds(duration)).rounded())
        let fraction = String(thousandths % 1000)
        return "\(thousandths / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}
