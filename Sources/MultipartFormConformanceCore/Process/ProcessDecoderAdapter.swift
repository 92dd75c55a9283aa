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
    /// The documented conventions the parser hands parts over by.
    public var conventions: Set<DecoderConvention> = []
    /// The size limits the parser declares.
    public var limits: [ReceiverLimit] = []
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
        let output = try exchange.run(Self.request(body: body, contentType: contentType), sending: "body")
        return try Self.response(output, maxParts: Self.maxParts(forBodyOf: body.count))
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
    ///
    /// The answer is read a value at a time and never held as a tree: an unknown or repeated key is
    /// refused before its value is read, a list of more than `maxParts` parts at the first one past
    /// it, and a rejection's reason is kept up to 4 KiB.
    /// - Parameters:
    ///   - output: Everything the child wrote to standard output.
    ///   - maxParts: The most parts the answer may list; ``decode(body:contentType:)`` allows as many
    ///     as the body could hold (``maxParts(forBodyOf:)``).
    /// - Returns: The parts, in the order the child gave them.
    /// - Throws: ``ProcessAdapterError``: a rejection, or output that is not a contract answer.
    public static func response(_ output: [UInt8], maxParts: Int = .max) throws(ProcessAdapterError) -> [DecodedFormPart] {
        try ProcessExchange.readAnswer(output) {
            var answer = ProcessAnswerReader(output)
            var refusal: String?
            var parts: [DecodedFormPart]?
            try answer.readObject(at: "", allowing: ["parts", "error"]) { answer, key, path in
                guard key == "parts" else {
                    refusal = try answer.reason(at: path)
                    return
                }
                var read: [DecodedFormPart] = []
                let tooMany = "more than \(maxParts) parts, more than the body could hold"
                try answer.readArray(at: path, maxCount: maxParts, tooMany: tooMany) { answer, path in
                    read.append(try part(&answer, at: path))
                }
                parts = read
            }
            try answer.finish()
            if let refusal { throw ProcessAdapterError(.refused, "the decoder rejected the body: \(refusal)") }
            guard let parts else { throw JSONShapeError(path: "parts", message: "required key is missing") }
            return parts
        }
    }

    /// The most parts a decoder can find in a body of `count` bytes: every part but the first
    /// begins after a delimiter line, which takes at least 3 bytes (`--` and a boundary).
    /// - Parameter count: The body's length in bytes.
    /// - Returns: The most parts an answer about that body may list.
    public static func maxParts(forBodyOf count: Int) -> Int {
        count / 3 + 1
    }

    /// One part of an answer: `name` / `name_base64`, `filename` / `filename_base64`, `content_type`
    /// and the required `body_base64` (a `_base64` key wins over its plain twin).
    private static func part(_ answer: inout ProcessAnswerReader, at path: String) throws -> DecodedFormPart {
        var plain: [String: [UInt8]?] = [:]
        var encoded: [String: [UInt8]] = [:]
        try answer.readObject(
            at: path, allowing: ["name", "name_base64", "filename", "filename_base64", "content_type", "body_base64"]
        ) { answer, key, path in
            if key.hasSuffix("_base64") {
                encoded[String(key.dropLast("_base64".count))] = try answer.base64(at: path)
            } else {
                plain[key] = try answer.optionalString(at: path)
            }
        }
        guard let body = encoded["body"] else {
            throw JSONShapeError(path: path + ".body_base64", message: "required key is missing")
        }
        func bytes(_ key: String) -> [UInt8]? { encoded[key] ?? plain[key] ?? nil }
        return DecodedFormPart(name: bytes("name"), filename: bytes("filename"), contentType: bytes("content_type"), body: body)
    }
}
#endif
