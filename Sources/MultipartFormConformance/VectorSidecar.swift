import Foundation
import MultipartForm

/// The sidecar of one vector: what it shows, what the strict validator must report and what a receiver must decode.
///
/// The JSON shape is the one `CONFORMANCE.md` documents (corpus format version 1). Decoding is strict:
/// an unknown key, a missing required key or a part value given both as text and as base64 is an error,
/// so a typo in a sidecar fails loudly instead of silently weakening the vector.
public struct VectorSidecar: Sendable, Hashable, Codable {
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

    /// Creates a sidecar.
    public init(
        description: String, specs: [String], contentType: String?, diagnostics: [ExpectedDiagnostic],
        parts: [ExpectedPart]? = nil, outcomes: [Outcome]? = nil, producer: String? = nil, options: Options? = nil
    ) {
        self.description = description
        self.specs = specs
        self.contentType = contentType
        self.diagnostics = diagnostics
        self.parts = parts
        self.outcomes = outcomes
        self.producer = producer
        self.options = options
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case description, specs
        case contentType = "content_type"
        case diagnostics, parts, outcomes, producer, options
    }

    /// Decodes a sidecar, rejecting unknown keys.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        description = try container.decode(String.self, forKey: .description)
        specs = try container.decode([String].self, forKey: .specs)
        // Required but nullable: `null` means "no Content-Type supplied", a missing key is a mistake.
        contentType = try container.decode(String?.self, forKey: .contentType)
        diagnostics = try container.decode([ExpectedDiagnostic].self, forKey: .diagnostics)
        parts = try container.decodeIfPresent([ExpectedPart].self, forKey: .parts)
        outcomes = try container.decodeIfPresent([Outcome].self, forKey: .outcomes)
        producer = try container.decodeIfPresent(String.self, forKey: .producer)
        options = try container.decodeIfPresent(Options.self, forKey: .options)
    }

    /// Encodes the sidecar in the documented shape (`content_type` is always written, `null` when absent).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(description, forKey: .description)
        try container.encode(specs, forKey: .specs)
        try container.encode(contentType, forKey: .contentType)
        try container.encode(diagnostics, forKey: .diagnostics)
        try container.encodeIfPresent(parts, forKey: .parts)
        try container.encodeIfPresent(outcomes, forKey: .outcomes)
        try container.encodeIfPresent(producer, forKey: .producer)
        try container.encodeIfPresent(options, forKey: .options)
    }

    /// Decodes a sidecar from its JSON bytes.
    public static func decode(_ json: Data) throws -> VectorSidecar {
        try JSONDecoder().decode(VectorSidecar.self, from: json)
    }
}
