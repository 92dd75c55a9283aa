import MultipartForm

/// The sidecar of one vector: what it shows, what the strict validator must report and what a receiver must decode.
///
/// The JSON shape is the one `CONFORMANCE.md` documents (corpus format version 1). Reading is strict:
/// an unknown or repeated key, a missing required key or a part value given both as text and as base64
/// is an error naming the key's path, so a typo in a sidecar fails loudly instead of silently weakening
/// the vector.
public struct VectorSidecar: Sendable, Hashable {
    /// One line saying what the vector shows.
    public var description: String
    /// The specification sections the vector exercises, for example `RFC 2046 §5.1.1`.
    public var specs: [String]
    /// The exact outer `Content-Type` value, or `nil` when none is supplied and the boundary is inferred.
    public var contentType: String?
    /// Every finding the strict validator must report, and no others.
    public var diagnostics: [ExpectedDiagnostic]
    /// The parts the strict validator must decode, in order (required for `y-` and `i-` vectors).
    public var parts: [ExpectedPart]?
    /// The receiver outcomes the specifications allow (`i-` vectors only).
    public var outcomes: [Outcome]?
    /// Which real encoder produces this shape, if any.
    public var producer: String?
    /// Validator limits for this vector; absent limits keep their defaults.
    public var options: Options?
    /// The form an encoder is given to produce this body, for certifying encoders (`y-` vectors, and `i-` vectors without errors).
    public var encoderInput: EncoderInput?

    /// Creates a sidecar.
    /// - Parameters:
    ///   - description: What the vector shows.
    ///   - specs: The specification sections it exercises.
    ///   - contentType: The `Content-Type` it is sent with, or `nil`.
    ///   - diagnostics: Every finding the strict validator must report.
    ///   - parts: The parts a receiver must decode.
    ///   - outcomes: For `i-` vectors, the readings receivers may choose.
    ///   - producer: The software that wrote the body, if known.
    ///   - options: Validator limits the vector sets.
    ///   - encoderInput: The form that produces the body.
    public init(
        description: String, specs: [String], contentType: String?, diagnostics: [ExpectedDiagnostic],
        parts: [ExpectedPart]? = nil, outcomes: [Outcome]? = nil, producer: String? = nil, options: Options? = nil,
        encoderInput: EncoderInput? = nil
    ) {
        self.description = description
        self.specs = specs
        self.contentType = contentType
        self.diagnostics = diagnostics
        self.parts = parts
        self.outcomes = outcomes
        self.producer = producer
        self.options = options
        self.encoderInput = encoderInput
    }

    /// The sidecar's keys, in the order they are written.
    static let keys = [
        "description", "specs", "content_type", "diagnostics", "parts", "outcomes", "producer", "options",
        "encoder_input",
    ]

    /// Reads a sidecar from its JSON bytes; the error names the offending key's path.
    /// - Parameter json: The sidecar file's bytes.
    /// - Returns: The sidecar.
    /// - Throws: ``SidecarError`` naming the JSON path of the first problem.
    public static func decode(_ json: [UInt8]) throws(SidecarError) -> VectorSidecar {
        do {
            return try VectorSidecar(node: try JSONNode.parse(json))
        } catch {
            throw SidecarError(path: error.path, message: error.message)
        }
    }

    init(node: JSONNode) throws(JSONShapeError) {
        let object = try node.object(allowing: Self.keys)
        description = try object.required("description").string()
        specs = try object.required("specs").array().map { (spec) throws(JSONShapeError) in try spec.string() }
        // Required but nullable: `null` means "no Content-Type supplied", a missing key is a mistake.
        contentType = try object.required("content_type").optionalString()
        diagnostics = try object.required("diagnostics").array().map { (item) throws(JSONShapeError) in
            try ExpectedDiagnostic(node: item)
        }
        parts = try object.nonNull("parts")?.array().map { (item) throws(JSONShapeError) in try ExpectedPart(node: item) }
        outcomes = try object.nonNull("outcomes")?.array().map { (item) throws(JSONShapeError) in try Outcome(node: item) }
        producer = try object.nonNull("producer")?.string()
        options = try object.nonNull("options").map { (item) throws(JSONShapeError) in try Options(node: item) }
        encoderInput = try object.nonNull("encoder_input").map { (item) throws(JSONShapeError) in
            try EncoderInput(node: item)
        }
    }

    /// The sidecar as JSON in the documented key order; `content_type` is always written, `null` when absent.
    var json: JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("description", .string(description)),
            ("specs", .array(specs.map(JSONValue.string))),
            ("content_type", .string(contentType)),
            ("diagnostics", .array(diagnostics.map(\.json))),
        ]
        if let parts { members.append(("parts", .array(parts.map(\.json)))) }
        if let outcomes { members.append(("outcomes", .array(outcomes.map(\.json)))) }
        if let producer { members.append(("producer", .string(producer))) }
        if let options { members.append(("options", options.json)) }
        if let encoderInput { members.append(("encoder_input", encoderInput.json)) }
        return .object(members)
    }

    /// The sidecar file's text: the JSON indented by two spaces, non-ASCII kept as UTF-8, one final LF.
    public var jsonText: String { json.rendered() + "\n" }
}

/// A sidecar that is not valid JSON or does not have the documented shape.
public struct SidecarError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The path of the offending value, for example `parts[0].name`; empty for the whole document.
    public var path: String
    /// What is wrong.
    public var message: String

    /// Creates an error about the value at `path`.
    package init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// `path: message`, with `top level` for the whole document.
    public var description: String { "\(path.isEmpty ? "top level" : path): \(message)" }
}
