#if os(macOS) || os(Linux)
import MultipartForm

/// Certifies a parser written in any language (macOS and Linux): each vector's body goes to a
/// child process as JSON on standard input, and the decoded parts come back on standard output.
///
/// The contract (version 1, CONFORMANCE.md section "Certifying a parser in any language"): the
/// request is `{"version": 1, "content_type": "...", "body_base64": "..."}`; the child answers
/// `{"parts": [{"name", "filename", "content_type", "body_base64"}]}` (`name` and `filename` may be
/// `null` or absent, or given as `name_base64` / `filename_base64` when they are not UTF-8), or
/// `{"error": "..."}` to reject the body, and exits 0. Only such a rejection counts as rejecting:
/// a time-out, a crash, a failure status or malformed output fails the vector, whatever its verdict.
public struct ProcessDecoderAdapter: FormDecoderAdapter {
    /// The version of the JSON contract this adapter speaks.
    public static let protocolVersion = 1

    /// The command and its arguments; the first is looked up in `PATH`.
    public var command: [String]
    /// The name shown in reports; defaults to the command line.
    public var name: String
    /// Seconds a child may take for one body before it is killed.
    public var timeout: Double
    /// Known failures by vector id, with reasons.
    public var knownIssues: [String: String]
    /// What the parser's API does not report, left out of the comparison.
    public var unreportedDetails: Set<UnreportedDetail> = []
    /// The most a child may write to standard output for one body before it is killed.
    public var outputLimit: Int = 64 * 1024 * 1024
    /// When the whole run must end: a body sent after it is not run, and each child gets at most the time left.
    public var deadline: ContinuousClock.Instant?

    /// Creates an adapter for a command.
    /// - Parameters:
    ///   - command: The program and its arguments, run once per vector.
    ///   - name: The name in reports; the command line by default.
    ///   - timeout: Seconds a child may run before it is killed.
    ///   - knownIssues: Vectors it is known to fail, by id, each with the reason.
    public init(command: [String], name: String? = nil, timeout: Double = 10, knownIssues: [String: String] = [:]) {
        precondition(!command.isEmpty, "the command needs at least a program name")
        self.command = command
        self.name = name ?? command.joined(separator: " ")
        self.timeout = timeout
        self.knownIssues = knownIssues
    }

    /// Runs the command once for the body and reads its answer.
    /// - Parameters:
    ///   - body: The vector's body.
    ///   - contentType: The `Content-Type` it is sent with.
    /// - Returns: The parts the command decoded.
    /// - Throws: ``ProcessAdapterError``: a rejection (``ProcessAdapterError/Code/refused``), or a
    ///   crash, a time-out or malformed output.
    public func decode(body: [UInt8], contentType: String) throws -> [DecodedFormPart] {
        let exchange = ProcessExchange(command: command, timeout: timeout, outputLimit: outputLimit, deadline: deadline)
        return try Self.response(try exchange.run(Self.request(body: body, contentType: contentType), sending: "body"))
    }

    /// The request the child reads: the body and its `Content-Type` as contract version 1 JSON.
    /// - Parameters:
    ///   - body: The body.
    ///   - contentType: The `Content-Type` value.
    /// - Returns: The request's bytes.
    public static func request(body: [UInt8], contentType: String) -> [UInt8] {
        let request = JSONValue.object([
            ("version", .int(protocolVersion)), ("content_type", .string(contentType)),
            ("body_base64", .string(Base64.encode(body))),
        ])
        return Array((request.rendered() + "\n").utf8)
    }

    /// Reads the child's answer: the decoded parts, or a rejection thrown as ``ProcessAdapterError/Code/refused``.
    /// - Parameter output: Everything the child wrote to standard output.
    /// - Returns: The parts, in the order the child gave them.
    /// - Throws: ``ProcessAdapterError``: a rejection, or output that is not a contract answer.
    public static func response(_ output: [UInt8]) throws(ProcessAdapterError) -> [DecodedFormPart] {
        try ProcessExchange.readAnswer(output) {
            let object = try JSONNode.parse(output).object(allowing: ["parts", "error"])
            if let error = object.optional("error") {
                throw ProcessAdapterError(.refused, "the decoder rejected the body: \(try error.string())")
            }
            return try object.required("parts").array().map { (node) throws(JSONShapeError) -> DecodedFormPart in
                let part = try node.object(allowing: [
                    "name", "name_base64", "filename", "filename_base64", "content_type", "body_base64",
                ])
                func bytes(_ key: String) throws(JSONShapeError) -> [UInt8]? {
                    if let encoded = part.optional(key + "_base64") {
                        let text = try encoded.string()
                        guard let decoded = Base64.decode(text) else { throw encoded.failure("\"\(text)\" is not valid base64") }
                        return decoded
                    }
                    guard let plain = part.optional(key), !plain.isNull else { return nil }
                    return try plain.bytes()
                }
                guard let body = try bytes("body") else {
                    throw JSONShapeError(path: node.path + ".body_base64", message: "required key is missing")
                }
                return DecodedFormPart(name: try bytes("name"), filename: try bytes("filename"), contentType: try bytes("content_type"), body: body)
            }
        }
    }
}
#endif
