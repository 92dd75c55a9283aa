import MultipartForm

extension VectorSidecar {
    /// One finding a vector expects: the rule, the byte offset, and what the offset counts into.
    ///
    /// In JSON: `{"rule": "boundary-too-long", "offset": 30}`, plus `"in": "content-type"` when the
    /// offset counts into the outer Content-Type value instead of the body.
    public struct ExpectedDiagnostic: Sendable, Hashable, CustomStringConvertible {
        /// The rule the finding reports.
        public var rule: Rule.ID
        /// The zero-based byte offset the finding points at.
        public var offset: Int
        /// What ``offset`` counts into.
        public var origin: Diagnostic.Origin

        /// Creates an expected finding.
        /// - Parameters:
        ///   - rule: The rule.
        ///   - offset: The byte offset, in the body or the `Content-Type` value.
        ///   - origin: Which of the two the offset is in.
        public init(rule: Rule.ID, offset: Int, origin: Diagnostic.Origin = .body) {
            self.rule = rule
            self.offset = offset
            self.origin = origin
        }

        /// Creates the expectation a reported finding would satisfy.
        /// - Parameter diagnostic: A finding of the validator.
        public init(_ diagnostic: Diagnostic) {
            self.init(rule: diagnostic.rule, offset: diagnostic.offset, origin: diagnostic.origin)
        }

        /// The finding as `rule at origin offset n`, for mismatch reports.
        public var description: String {
            "\(rule) at \(origin == .body ? "body" : "content-type") offset \(offset)"
        }

        init(node: JSONNode) throws(JSONShapeError) {
            let object = try node.object(allowing: ["rule", "offset", "in"])
            rule = Rule.ID(rawValue: try object.required("rule").string())
            let offsetNode = try object.required("offset")
            offset = try offsetNode.integer()
            guard offset >= 0 else { throw offsetNode.failure("offset \(offset) is negative") }
            guard let originNode = object.optional("in") else {
                origin = .body
                return
            }
            let originName = try originNode.string()
            guard let origin = Diagnostic.Origin(rawValue: originName) else {
                throw originNode.failure("\"in\" must be \"body\" or \"content-type\", found \"\(originName)\"")
            }
            self.origin = origin
        }

        /// The finding as JSON; `"in"` is written only for Content-Type findings.
        var json: JSONValue {
            var members: [(key: String, value: JSONValue)] = [("rule", .string(rule.rawValue)), ("offset", .int(offset))]
            if origin != .body { members.append(("in", .string(origin.rawValue))) }
            return .object(members)
        }
    }
}
