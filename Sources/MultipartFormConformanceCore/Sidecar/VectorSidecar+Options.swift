import MultipartForm

extension VectorSidecar {
    /// The validator limits a vector sets; a limit left `nil` keeps its `ValidationOptions` default.
    ///
    /// In JSON: any of `max_parts`, `max_header_bytes`, `max_header_lines`, `max_header_line_length`,
    /// `max_nesting_depth` and `max_diagnostics`, each a non-negative integer.
    public struct Options: Sendable, Hashable {
        /// The `max_parts` limit.
        public var maxParts: Int?
        /// The `max_header_bytes` limit.
        public var maxHeaderBytes: Int?
        /// The `max_header_lines` limit.
        public var maxHeaderLines: Int?
        /// The `max_header_line_length` limit.
        public var maxHeaderLineLength: Int?
        /// The `max_nesting_depth` limit.
        public var maxNestingDepth: Int?
        /// The `max_diagnostics` limit.
        public var maxDiagnostics: Int?

        /// Creates a set of limits; `nil` keeps the default.
        /// - Parameters:
        ///   - maxParts: `ValidationOptions.maxParts`, or `nil` for its default.
        ///   - maxHeaderBytes: `ValidationOptions.maxHeaderBytes`, or `nil`.
        ///   - maxHeaderLines: `ValidationOptions.maxHeaderLines`, or `nil`.
        ///   - maxHeaderLineLength: `ValidationOptions.maxHeaderLineLength`, or `nil`.
        ///   - maxNestingDepth: `ValidationOptions.maxNestingDepth`, or `nil`.
        ///   - maxDiagnostics: `ValidationOptions.maxDiagnostics`, or `nil`.
        public init(
            maxParts: Int? = nil, maxHeaderBytes: Int? = nil, maxHeaderLines: Int? = nil,
            maxHeaderLineLength: Int? = nil, maxNestingDepth: Int? = nil, maxDiagnostics: Int? = nil
        ) {
            self.maxParts = maxParts
            self.maxHeaderBytes = maxHeaderBytes
            self.maxHeaderLines = maxHeaderLines
            self.maxHeaderLineLength = maxHeaderLineLength
            self.maxNestingDepth = maxNestingDepth
            self.maxDiagnostics = maxDiagnostics
        }

        static let keys = [
            "max_parts", "max_header_bytes", "max_header_lines", "max_header_line_length", "max_nesting_depth",
            "max_diagnostics",
        ]

        init(node: JSONNode) throws(JSONShapeError) {
            let object = try node.object(allowing: Self.keys)
            func limit(_ key: String) throws(JSONShapeError) -> Int? {
                guard let item = object.nonNull(key) else { return nil }
                let value = try item.integer()
                guard value >= 0 else { throw item.failure("\(key) must not be negative") }
                return value
            }
            maxParts = try limit("max_parts")
            maxHeaderBytes = try limit("max_header_bytes")
            maxHeaderLines = try limit("max_header_lines")
            maxHeaderLineLength = try limit("max_header_line_length")
            maxNestingDepth = try limit("max_nesting_depth")
            maxDiagnostics = try limit("max_diagnostics")
        }

        var json: JSONValue {
            let limits = [maxParts, maxHeaderBytes, maxHeaderLines, maxHeaderLineLength, maxNestingDepth, maxDiagnostics]
            return .object(zip(Self.keys, limits).compactMap { key, value in value.map { (key, .int($0)) } })
        }

        /// Returns `base` with every limit this vector sets replaced.
        /// - Parameter base: The options to start from.
        /// - Returns: `base` with every limit this sidecar sets.
        public func applied(to base: ValidationOptions = ValidationOptions()) -> ValidationOptions {
            var options = base
            if let maxParts { options.maxParts = maxParts }
            if let maxHeaderBytes { options.maxHeaderBytes = maxHeaderBytes }
            if let maxHeaderLines { options.maxHeaderLines = maxHeaderLines }
            if let maxHeaderLineLength { options.maxHeaderLineLength = maxHeaderLineLength }
            if let maxNestingDepth { options.maxNestingDepth = maxNestingDepth }
            if let maxDiagnostics { options.maxDiagnostics = maxDiagnostics }
            return options
        }
    }
}
