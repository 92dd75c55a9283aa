extension VectorSidecar {
    /// One receiver outcome an `i-` vector allows, with the sentence of the specification that allows it.
    ///
    /// In JSON: `{"outcome": "accept" or "reject", "because": "...", "parts": [...]?}`.
    public struct Outcome: Sendable, Hashable {
        /// Whether a receiver accepts or rejects the body.
        public enum Kind: String, Sendable, Hashable, CaseIterable {
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
        /// - Parameters:
        ///   - outcome: Accepting or rejecting.
        ///   - because: Why a receiver may read the body this way, citing the specification.
        ///   - parts: The parts a receiver that accepts this way decodes.
        public init(outcome: Kind, because: String, parts: [ExpectedPart]? = nil) {
            self.outcome = outcome
            self.because = because
            self.parts = parts
        }

        init(node: JSONNode) throws(JSONShapeError) {
            let object = try node.object(allowing: ["outcome", "because", "parts"])
            let kindNode = try object.required("outcome")
            let kindName = try kindNode.string()
            guard let outcome = Kind(rawValue: kindName) else {
                throw kindNode.failure("expected \"accept\" or \"reject\", found \"\(kindName)\"")
            }
            self.outcome = outcome
            because = try object.required("because").string()
            parts = try object.nonNull("parts")?.array().map { (item) throws(JSONShapeError) in try ExpectedPart(node: item) }
        }

        var json: JSONValue {
            var members: [(key: String, value: JSONValue)] = [
                ("outcome", .string(outcome.rawValue)), ("because", .string(because)),
            ]
            if let parts { members.append(("parts", .array(parts.map(\.json)))) }
            return .object(members)
        }
    }
}
