import MultipartForm

/// The strict validator as a certifiable decoder: rejects any body with an error and returns the parts of the rest.
///
/// It is what a receiver that rejects every non-conforming body does, and the baseline column of a
/// decoder matrix. It is not a conformant receiver: RFC 2046 asks receivers to ignore transport
/// padding, which a validator reports as a composer's error.
public struct StrictDecoderAdapter: FormDecoderAdapter {
    /// The validator's limits.
    public var options: ValidationOptions
    /// Known failures by vector id, with reasons.
    public var knownIssues: [String: String]

    /// Creates the adapter.
    /// - Parameters:
    ///   - options: The validator's limits.
    ///   - knownIssues: Vectors it is known to fail, by id, each with the reason.
    public init(options: ValidationOptions = ValidationOptions(), knownIssues: [String: String] = [:]) {
        self.options = options
        self.knownIssues = knownIssues
    }

    /// `MultipartForm MultipartValidator (strict)`.
    public var name: String { "MultipartForm MultipartValidator (strict)" }

    /// Validates the body; throws the first error, else returns the decoded parts.
    /// - Parameters:
    ///   - body: The body.
    ///   - contentType: The `Content-Type` it was sent with.
    /// - Returns: The decoded parts.
    /// - Throws: ``Error`` naming the first error the validator found.
    public func decode(body: [UInt8], contentType: String) throws -> [DecodedFormPart] {
        let report = MultipartValidator.validate(body, contentType: contentType, options: options)
        if let error = report.diagnostics.first(where: { $0.severity == .error }) {
            throw Error(diagnostic: error)
        }
        return report.parts.map { part in
            DecodedFormPart(
                name: part.name, filename: part.filename, contentType: part.contentType, body: Array(body[part.bodyRange]))
        }
    }

    /// The first error of a rejected body.
    public struct Error: Swift.Error, Sendable, CustomStringConvertible {
        /// The finding that made the body invalid.
        public var diagnostic: Diagnostic

        /// `offset N: message [rule-id]`.
        public var description: String { "offset \(diagnostic.offset): \(diagnostic.message) [\(diagnostic.rule)]" }
    }
}
