/// A documented convention of a receiver: a way it hands a valid body's parts to the application that
/// the specifications do not describe, and that its documentation does.
///
/// PHP and Rack keep the last value of a repeated name unless the name ends in `[]`; PHP turns
/// `tags[]` into `tags[0]`, `tags[1]`. Such a reading is no defect of the parser, but it matters to an
/// application developer, so it is a category of its own: a decoder declares its conventions
/// (``FormDecoderAdapter/conventions``, `certify --convention`), a valid body it reads exactly as a
/// declared convention describes passes with the convention named, and the convention never sets the
/// level. A reading a convention does not describe is graded as before. An open set of stable codes.
public struct DecoderConvention: RawRepresentable, Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The stable text, such as `last-of-repeated-name`.
    public var rawValue: String

    /// Creates a convention from its stable text.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// A name given more than once, not ending in `[]`, keeps only its last part, where its first part was.
    public static let lastOfRepeatedName = DecoderConvention(rawValue: "last-of-repeated-name")
    /// Parts whose name ends in `[]` come back named with an index in order: `tags[0]`, `tags[1]`.
    public static let indexedBrackets = DecoderConvention(rawValue: "indexed-brackets")
    /// A file input sent with no file (an empty filename and no content) is left out.
    public static let emptyFileInputDropped = DecoderConvention(rawValue: "empty-file-input-dropped")
    /// A file input sent with no file (an empty filename and no content) comes back without its `Content-Type`.
    public static let emptyFileInputUntyped = DecoderConvention(rawValue: "empty-file-input-untyped")
    /// A part named `""` is left out.
    public static let emptyNameDropped = DecoderConvention(rawValue: "empty-name-dropped")

    /// Every convention an adapter may declare, in a stable order.
    public static let all: [DecoderConvention] = [
        .lastOfRepeatedName, .indexedBrackets, .emptyFileInputDropped, .emptyFileInputUntyped, .emptyNameDropped,
    ]

    /// What the convention does, in a sentence for reports.
    public var meaning: String {
        switch self {
        case .lastOfRepeatedName: "a name given more than once keeps only its last value, unless the name ends in []"
        case .indexedBrackets: "names ending in [] come back with an index: tags[0], tags[1]"
        case .emptyFileInputDropped: "a file input sent with no file is left out"
        case .emptyFileInputUntyped: "a file input sent with no file comes back without its Content-Type"
        case .emptyNameDropped: "a part named \"\" is left out"
        default: "a convention this version does not know"
        }
    }

    /// The stable text.
    public var description: String { rawValue }

    /// Orders by the stable text.
    public static func < (lhs: DecoderConvention, rhs: DecoderConvention) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The parts a receiver following `conventions` hands over for a body whose parts are `expected`,
    /// and the conventions that changed anything.
    /// - Parameters:
    ///   - conventions: The receiver's declared conventions.
    ///   - expected: The parts the specifications' reading gives, in order.
    /// - Returns: The parts as the conventions hand them over, and the conventions that made a difference, in ``all``'s order.
    public static func reading(
        _ expected: [VectorSidecar.ExpectedPart], following conventions: Set<DecoderConvention>
    ) -> (parts: [VectorSidecar.ExpectedPart], applied: [DecoderConvention]) {
        var parts = expected
        var applied: [DecoderConvention] = []
        for convention in all where conventions.contains(convention) {
            let changed = convention.apply(to: parts)
            if changed != parts {
                applied.append(convention)
                parts = changed
            }
        }
        return (parts, applied)
    }

    private static let brackets = Array("[]".utf8)

    private static func isEmptyFileInput(_ part: VectorSidecar.ExpectedPart) -> Bool {
        part.filename?.isEmpty == true && part.body.isEmpty
    }

    private func apply(to parts: [VectorSidecar.ExpectedPart]) -> [VectorSidecar.ExpectedPart] {
        switch self {
        case .lastOfRepeatedName:
            var kept: [VectorSidecar.ExpectedPart] = []
            var position: [[UInt8]: Int] = [:]
            for part in parts {
                guard let name = part.name, !name.ends(with: Self.brackets) else {
                    kept.append(part)
                    continue
                }
                if let index = position[name] {
                    kept[index] = part
                } else {
                    position[name] = kept.count
                    kept.append(part)
                }
            }
            return kept
        case .indexedBrackets:
            var next: [[UInt8]: Int] = [:]
            return parts.map { part in
                guard let name = part.name, name.ends(with: Self.brackets) else { return part }
                let base = Array(name.dropLast(2))
                let index = next[base, default: 0]
                next[base] = index + 1
                var renamed = part
                renamed.name = base + Array("[\(index)]".utf8)
                return renamed
            }
        case .emptyFileInputDropped:
            return parts.filter { !Self.isEmptyFileInput($0) }
        case .emptyFileInputUntyped:
            return parts.map { part in
                guard Self.isEmptyFileInput(part) else { return part }
                var untyped = part
                untyped.contentType = nil
                return untyped
            }
        case .emptyNameDropped:
            return parts.filter { $0.name?.isEmpty != true }
        default:
            return parts
        }
    }
}

extension Array where Element == UInt8 {
    fileprivate func ends(with suffix: [UInt8]) -> Bool {
        self.suffix(suffix.count).elementsEqual(suffix)
    }
}
