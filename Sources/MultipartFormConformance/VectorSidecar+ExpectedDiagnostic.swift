import MultipartForm

extension VectorSidecar {
    /// One finding a vector expects: the rule, the byte offset, and what the offset counts into.
    ///
    /// In JSON: `{"rule": "boundary-too-long", "offset": 30}`, plus `"in": "content-type"` when the
    /// offset counts into the outer Content-Type value instead of the body.
    public struct ExpectedDiagnostic: Sendable, Hashable, Codable, CustomStringConvertible {
        /// The rule the finding reports.
        public var rule: Rule.ID
        /// The zero-based byte offset the finding points at.
        public var offset: Int
        /// What ``offset`` counts into.
        public var origin: Diagnostic.Origin

        /// Creates an expected finding.
        public init(rule: Rule.ID, offset: Int, origin: Diagnostic.Origin = .body) {
            self.rule = rule
            self.offset = offset
            self.origin = origin
        }

        /// Creates the expectation a reported finding would satisfy.
        public init(_ diagnostic: Diagnostic) {
            self.init(rule: diagnostic.rule, offset: diagnostic.offset, origin: diagnostic.origin)
        }

        /// The finding as `rule at origin offset n`, for mismatch reports.
        public var description: String {
            "\(rule) at \(origin == .body ? "body" : "content-type") offset \(offset)"
        }

        enum CodingKeys: String, CodingKey, CaseIterable {
            case rule, offset
            case origin = "in"
        }

        /// Decodes an expected finding, rejecting unknown keys and unknown origins.
        public init(from decoder: any Decoder) throws {
            try decoder.rejectUnknownKeys(CodingKeys.self)
            let container = try decoder.container(keyedBy: CodingKeys.self)
            rule = Rule.ID(rawValue: try container.decode(String.self, forKey: .rule))
            offset = try container.decode(Int.self, forKey: .offset)
            if offset < 0 {
                throw DecodingError.dataCorruptedError(
                    forKey: .offset, in: container, debugDescription: "offset \(offset) is negative")
            }
            let originName = try container.decodeIfPresent(String.self, forKey: .origin) ?? "body"
            guard let origin = Diagnostic.Origin(rawValue: originName) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .origin, in: container,
                    debugDescription: "\"in\" must be \"body\" or \"content-type\", found \"\(originName)\"")
            }
            self.origin = origin
        }

        /// Encodes the finding; `"in"` is written only for Content-Type findings.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(rule.rawValue, forKey: .rule)
            try container.encode(offset, forKey: .offset)
            if origin != .body {
                try container.encode(origin.rawValue, forKey: .origin)
            }
        }
    }
}
