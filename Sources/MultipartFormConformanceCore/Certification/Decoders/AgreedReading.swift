import MultipartForm

/// What a receiver that accepts an invalid body anyway must not lose: the parts every reading
/// consistent with RFC 2046 and RFC 7578 agrees are there, because they lie before the body's first
/// defect.
///
/// Up to its first error a body is a valid multipart body, and RFC 2046 §5.1.1 fixes how it reads:
/// "The boundary delimiter MUST occur at the beginning of a line, i.e., following a CRLF, and the
/// initial CRLF is considered to be attached to the boundary delimiter line rather than part of the
/// preceding part." Past the defect, receivers may disagree (the validator's own recovery is one
/// guess among several), so nothing past it is expected:
/// - a part whose delimiter, header section and content all end before the first error must be
///   returned whole, under its name;
/// - a part whose header section ends before the first error but whose content runs into it must be
///   returned under its name with at least the content that precedes the error;
/// - nothing is expected from a body whose `Content-Type` is itself in error (it is not labelled as
///   the form-data body it would be read as), nor from a part without a name.
///
/// The expectation comes from the body and the specifications alone: which byte is the first
/// defect, not how the validator goes on after it, nor any limit of the validator's
/// (`ValidationOptions`): the body is read with the defaults, as a decoder gets it.
public struct AgreedReading: Sendable, Hashable {
    /// One part every consistent reading returns.
    public struct Part: Sendable, Hashable {
        /// The part's `name` parameter.
        public var name: [UInt8]
        /// Its `filename` parameter, if it has one.
        public var filename: [UInt8]?
        /// The content that precedes the first defect: the whole content when ``isComplete``.
        public var content: [UInt8]
        /// Whether the part's closing delimiter precedes the first defect, so its content is all known.
        public var isComplete: Bool
    }

    /// The parts, in body order.
    public var parts: [Part]
    /// The body offset of the first error, or `nil` when the first error is in the `Content-Type`
    /// or the body has none.
    public var firstDefect: Int?

    /// Reads `body` with the validator's default options and keeps what precedes its first error.
    /// - Parameters:
    ///   - body: The body's bytes.
    ///   - contentType: The `Content-Type` value it is sent with.
    public init(body: [UInt8], contentType: String?) {
        let report = MultipartValidator.validate(body, contentType: contentType)
        let errors = report.diagnostics.filter { $0.severity == .error }
        guard !errors.contains(where: { $0.origin == .contentType }), let boundary = report.boundary,
            let first = errors.map(\.offset).min()
        else {
            parts = []
            firstDefect = nil
            return
        }
        firstDefect = first
        // CRLF, "--" and the boundary: the closing delimiter that must precede the defect.
        let delimiterLength = 4 + boundary.count
        parts = report.parts.compactMap { part in
            guard part.bodyRange.lowerBound <= first, let name = part.name else { return nil }
            let complete = part.bodyRange.upperBound + delimiterLength <= first
            let end = complete ? part.bodyRange.upperBound : min(part.bodyRange.upperBound, first)
            return Part(
                name: name, filename: part.filename, content: Array(body[part.bodyRange.lowerBound..<end]), isComplete: complete)
        }
    }

    /// What `decoded` lost of the agreed parts, one sentence each: a part not returned under its name,
    /// or one whose content is shorter than what precedes the defect.
    ///
    /// Parts are matched by name, in order within a name, so a receiver that reorders parts or
    /// returns more of them (its reading past the defect) loses nothing by that.
    /// - Parameters:
    ///   - decoded: What the decoder returned.
    ///   - sameName: How names compare (as sent, or with the escapes a decoder may undo).
    public func losses(in decoded: [DecodedFormPart], sameName: ([UInt8]?, [UInt8]?) -> Bool) -> [String] {
        var unused = Array(decoded.indices)
        var losses: [String] = []
        for part in parts {
            let shown = VectorExpectation.Mismatch.render(part.name)
            guard let position = unused.firstIndex(where: { sameName(decoded[$0].name, part.name) }) else {
                losses.append(
                    "lost the part \(shown), which precedes the body's first defect (at byte \(firstDefect ?? 0))")
                continue
            }
            let content = decoded[unused.remove(at: position)].body
            if content.count < part.content.count && part.content.starts(with: content) {
                let whole = part.isComplete ? "" : " that precede the defect"
                losses.append("truncated the part \(shown) to \(content.count) of the \(part.content.count) bytes\(whole)")
            }
        }
        return losses
    }
}
