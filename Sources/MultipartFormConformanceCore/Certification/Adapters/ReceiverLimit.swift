import MultipartForm

/// A size limit a receiver declares, past which it refuses a body: a valid body it rejects because the
/// body exceeds a declared limit passes, since a clear refusal of what it will not hold is no defect.
///
/// The specifications set no such limits, and every receiver needs some. An implementation declares
/// them (``FormDecoderAdapter/limits``, `certify --limit header-line-bytes=8190`) and is graded on what
/// it does past them: a rejection passes, named; accepting with a part lost or cut short is still
/// silent data loss. A valid body within every declared limit that it rejects is still a rejected valid body.
public struct ReceiverLimit: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// What a limit measures.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The longest line of a part's header section, in bytes, without its CRLF.
        case headerLineBytes = "header-line-bytes"
        /// The largest header section of a part, in bytes, its lines' CRLFs counted, the blank line not.
        case headerSectionBytes = "header-section-bytes"
        /// The number of parts in the body.
        case parts
    }

    /// What the limit measures.
    public var kind: Kind
    /// The most the receiver holds.
    public var maximum: Int

    /// Creates a limit.
    public init(_ kind: Kind, maximum: Int) {
        self.kind = kind
        self.maximum = maximum
    }

    /// Reads `header-line-bytes=8190`; `nil` when the text is not a kind, `=` and a positive number.
    public init?(parsing text: String) {
        let pieces = text.split(separator: "=", maxSplits: 1).map(String.init)
        guard pieces.count == 2, let kind = Kind(rawValue: pieces[0]), let maximum = Int(pieces[1]), maximum > 0 else { return nil }
        self.init(kind, maximum: maximum)
    }

    /// The limit as `certify --limit` takes it, such as `header-line-bytes=8190`.
    public var description: String { "\(kind.rawValue)=\(maximum)" }

    /// Orders by kind, then by size.
    public static func < (lhs: ReceiverLimit, rhs: ReceiverLimit) -> Bool {
        lhs.kind.rawValue != rhs.kind.rawValue ? lhs.kind.rawValue < rhs.kind.rawValue : lhs.maximum < rhs.maximum
    }

    /// How far a body goes on each measure, as the strict reading frames it.
    public struct Measure: Sendable, Hashable {
        /// The longest part header line, in bytes, without its CRLF.
        public var longestHeaderLine = 0
        /// The largest part header section, in bytes.
        public var largestHeaderSection = 0
        /// The number of parts.
        public var parts = 0

        /// Measures `body` as the strict validator frames it with `contentType`.
        public init(body: [UInt8], contentType: String?) {
            let report = MultipartValidator.validate(body, contentType: contentType)
            parts = report.parts.count
            for part in report.parts {
                let header = part.headerRange.clamped(to: 0..<body.count)
                // The range ends with the blank line; the section is the header lines before it.
                var blankLine = 0
                if header.count >= 2, body[header.upperBound - 1] == UInt8(ascii: "\n") {
                    blankLine = body[header.upperBound - 2] == UInt8(ascii: "\r") ? 2 : 1
                }
                largestHeaderSection = max(largestHeaderSection, header.count - blankLine)
                var start = header.lowerBound
                for index in header where body[index] == UInt8(ascii: "\n") {
                    let end = index > start && body[index - 1] == UInt8(ascii: "\r") ? index - 1 : index
                    longestHeaderLine = max(longestHeaderLine, end - start)
                    start = index + 1
                }
                longestHeaderLine = max(longestHeaderLine, header.upperBound - start)
            }
        }

        /// The body's figure for `kind`.
        public func value(_ kind: Kind) -> Int {
            switch kind {
            case .headerLineBytes: longestHeaderLine
            case .headerSectionBytes: largestHeaderSection
            case .parts: parts
            }
        }
    }

    /// Whether a body measured `measure` goes past this limit.
    public func isExceeded(by measure: Measure) -> Bool { measure.value(kind) > maximum }

    /// `a header-line-bytes of 8261 past the declared 8190`.
    func exceeded(by measure: Measure) -> String {
        "\(kind.rawValue) \(measure.value(kind)) past the declared \(maximum)"
    }
}
