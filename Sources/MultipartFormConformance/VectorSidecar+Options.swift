import MultipartForm

extension VectorSidecar {
    /// The validator limits a vector sets; a limit left `nil` keeps its ``ValidationOptions`` default.
    ///
    /// In JSON: any of `max_parts`, `max_header_bytes`, `max_header_lines`, `max_header_line_length`,
    /// `max_nesting_depth` and `max_diagnostics`, each a non-negative integer.
    public struct Options: Sendable, Hashable, Codable {
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

        enum CodingKeys: String, CodingKey, CaseIterable {
            case maxParts = "max_parts"
            case maxHeaderBytes = "max_header_bytes"
            case maxHeaderLines = "max_header_lines"
            case maxHeaderLineLength = "max_header_line_length"
            case maxNestingDepth = "max_nesting_depth"
            case maxDiagnostics = "max_diagnostics"
        }

        /// Decodes the limits, rejecting unknown keys and negative values.
        public init(from decoder: any Decoder) throws {
            try decoder.rejectUnknownKeys(CodingKeys.self)
            let container = try decoder.container(keyedBy: CodingKeys.self)
            func limit(_ key: CodingKeys) throws -> Int? {
                guard let value = try container.decodeIfPresent(Int.self, forKey: key) else { return nil }
                guard value >= 0 else {
                    throw DecodingError.dataCorruptedError(
                        forKey: key, in: container, debugDescription: "\(key.stringValue) must not be negative")
                }
                return value
            }
            maxParts = try limit(.maxParts)
            maxHeaderBytes = try limit(.maxHeaderBytes)
            maxHeaderLines = try limit(.maxHeaderLines)
            maxHeaderLineLength = try limit(.maxHeaderLineLength)
            maxNestingDepth = try limit(.maxNestingDepth)
            maxDiagnostics = try limit(.maxDiagnostics)
        }

        /// Returns `base` with every limit this vector sets replaced.
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
