#if os(macOS) || os(Linux)
import MultipartForm

/// Certifies an encoder written in any language (macOS and Linux, where processes can be spawned): each form goes to a child process as JSON on standard input, and the body comes back on standard output.
///
/// The contract (version 1, CONFORMANCE.md section "Certifying an encoder in any language"): the
/// request is `{"version": 1, "boundary": "..." or null, "fields": [{"name", "value" or
/// "value_base64", "filename"?, "content_type"?}]}`; the child answers `{"content_type": "...",
/// "body_base64": "..."}`, or `{"error": "..."}` to refuse the form, and exits 0. A child that runs
/// past the timeout is killed; a crash, a non-zero exit, or output that is not such an object is an
/// error naming what happened. None of them can hang the run.
public struct ProcessEncoderAdapter: FormEncoderAdapter {
    /// The version of the JSON contract this adapter speaks.
    public static let protocolVersion = 1

    /// The command and its arguments; the first is looked up in `PATH`.
    public var command: [String]
    /// The name shown in reports; defaults to the command line.
    public var name: String
    /// Seconds a child may take for one form before it is killed.
    public var timeout: Double
    /// Whether the child uses the `boundary` it is sent (then it gets each vector's; otherwise `null`).
    public var acceptsBoundary: Bool
    /// Features the encoder cannot express.
    public var unsupportedFeatures: Set<EncoderFeature>
    /// Known failures by vector id, with reasons.
    public var knownIssues: [String: String]
    /// The most a child may write to standard output for one form before it is killed (its standard error keeps its last 64 KiB).
    public var outputLimit: Int = 64 * 1024 * 1024
    /// When the whole run must end: a form sent after it is not run, and each child gets at most the time left.
    public var deadline: ContinuousClock.Instant?

    /// Creates an adapter for a command.
    /// - Parameters:
    ///   - command: The program and its arguments, run once per vector.
    ///   - name: The name in reports; the command line by default.
    ///   - timeout: Seconds a child may run before it is killed.
    ///   - acceptsBoundary: Whether the encoder uses the boundary it is given.
    ///   - unsupportedFeatures: Features its API cannot express.
    ///   - knownIssues: Vectors it is known to fail, by id, each with the reason.
    public init(
        command: [String], name: String? = nil, timeout: Double = 10, acceptsBoundary: Bool = false,
        unsupportedFeatures: Set<EncoderFeature> = [], knownIssues: [String: String] = [:]
    ) {
        precondition(!command.isEmpty, "the command needs at least a program name")
        self.command = command
        self.name = name ?? command.joined(separator: " ")
        self.timeout = timeout
        self.acceptsBoundary = acceptsBoundary
        self.unsupportedFeatures = unsupportedFeatures
        self.knownIssues = knownIssues
    }

    /// Runs the command once for the form and reads its answer.
    /// - Parameters:
    ///   - form: The vector's form.
    ///   - boundary: The vector's boundary when the encoder accepts one.
    /// - Returns: The child's `Content-Type` value and body.
    /// - Throws: ``ProcessAdapterError``: a refusal, a crash, a time-out or malformed output.
    public func encode(_ form: FormData, boundary: String?) throws -> EncodedForm {
        let exchange = ProcessExchange(command: command, timeout: timeout, outputLimit: outputLimit, deadline: deadline)
        return try Self.response(try exchange.run(Self.request(for: form, boundary: boundary), sending: "form"))
    }

    /// The request the child reads: the form (and the boundary, or `null`) as contract version 1 JSON.
    /// - Parameters:
    ///   - form: The form to send.
    ///   - boundary: The boundary to send, or `nil`.
    /// - Returns: The request's bytes.
    /// - Throws: ``ProcessAdapterError`` for a form the contract cannot carry (a file value).
    public static func request(for form: FormData, boundary: String?) throws(ProcessAdapterError) -> [UInt8] {
        var fields: [JSONValue] = []
        for (index, field) in form.fields.enumerated() {
            var members: [(key: String, value: JSONValue)] = [("name", .string(field.name))]
            if let text = field.value.text {
                members.append(("value", .string(text)))
            } else if let bytes = field.value.bytes {
                members.append(("value_base64", .string(Base64.encode(bytes))))
            } else {
                throw ProcessAdapterError(.unsupportedForm, "field \(index) is a file on disk, which the JSON contract cannot carry")
            }
            if let filename = field.filename { members.append(("filename", .string(filename))) }
            if let contentType = field.contentType { members.append(("content_type", .string(contentType))) }
            fields.append(.object(members))
        }
        let request = JSONValue.object([
            ("version", .int(protocolVersion)), ("boundary", .string(boundary)), ("fields", .array(fields)),
        ])
        return Array((request.rendered() + "\n").utf8)
    }

    /// Reads the child's answer: an encoded form, or a refusal thrown as ``ProcessAdapterError/Code/refused``.
    ///
    /// The answer is read a value at a time and never held as a tree: an unknown or repeated key is
    /// refused before its value is read, and a refusal's reason is kept up to 4 KiB.
    /// - Parameter output: Everything the child wrote to standard output.
    /// - Returns: The encoded form.
    /// - Throws: ``ProcessAdapterError``: a refusal, or output that is not a contract answer.
    public static func response(_ output: [UInt8]) throws(ProcessAdapterError) -> EncodedForm {
        try ProcessExchange.readAnswer(output) {
            var answer = ProcessAnswerReader(output)
            var refusal: String?
            var contentType: [UInt8]?
            var body: [UInt8]?
            try answer.readObject(at: "", allowing: ["content_type", "body_base64", "error"]) { answer, key, path in
                switch key {
                case "error": refusal = try answer.reason(at: path)
                case "content_type": contentType = try answer.string(at: path)
                default:
                    guard let decoded = Base64.decode(try answer.string(at: path)) else {
                        throw ProcessAdapterError(.malformedResponse, "body_base64 is not padded standard base64")
                    }
                    body = decoded
                }
            }
            try answer.finish()
            if let refusal { throw ProcessAdapterError(.refused, "the encoder refused the form: \(refusal)") }
            guard let contentType else { throw JSONShapeError(path: "content_type", message: "required key is missing") }
            guard let body else { throw JSONShapeError(path: "body_base64", message: "required key is missing") }
            return EncodedForm(contentType: String(decoding: contentType, as: UTF8.self), body: body)
        }
    }
}

#endif
