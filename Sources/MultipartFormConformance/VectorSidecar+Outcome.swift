extension VectorSidecar {
    /// One receiver outcome an `i-` vector allows, with the sentence of the specification that allows it.
    ///
    /// In JSON: `{"outcome": "accept" or "reject", "because": "...", "parts": [...]?}`.
    public struct Outcome: Sendable, Hashable, Codable {
        /// Whether a receiver accepts or rejects the body.
        public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
            /// The receiver accepts the body and decodes it.
            case accept
            /// The receiver rejects the body.
            case reject
        }

        /// Whether the receiver accepts or rejects the body.
        public var outcome: Kind
        /// The sentence of the specification that allows this outcome.
        public var because: String
        /// The parts an accepting receiver decodes, when they differ from the sidecar's ``VectorSidecar/parts``.
        public var parts: [ExpectedPart]?

        /// Creates an allowed outcome.
        public init(outcome: Kind, because: String, parts: [ExpectedPart]? = nil) {
            self.outcome = outcome
            self.because = because
            self.parts = parts
        }

        enum CodingKeys: String, CodingKey, CaseIterable {
            case outcome, because, parts
        }

        /// Decodes an outcome, rejecting unknown keys.
        public init(from decoder: any Decoder) throws {
            try decoder.rejectUnknownKeys(CodingKeys.self)
            let container = try decoder.container(keyedBy: CodingKeys.self)
            outcome = try container.decode(Kind.self, forKey: .outcome)
            because = try container.decode(String.self, forKey: .because)
            parts = try container.decodeIfPresent([ExpectedPart].self, forKey: .parts)
        }
    }
}
