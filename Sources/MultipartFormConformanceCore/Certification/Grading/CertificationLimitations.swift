/// What a level was earned short of: a certificate is the whole corpus shipped with the tool, every
/// form run. Each limitation is said in the headline and the JSON report, and makes
/// ``CertificationReport/require(_:allowing:)`` (and `certify --require`) fail unless it is allowed.
///
/// A limitation does not lower the level: an encoder that writes every form it supports canonically
/// is Canonical on those forms. It says what the level is worth, so that a required level is never
/// met by declaring the hard forms away or by grading against a corpus that leaves them out.
public struct CertificationLimitations: OptionSet, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: Int

    /// Creates a set of limitations from its raw bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Some vectors were not run because the encoder declared a feature unsupported (`--unsupported`,
    /// `FormEncoderAdapter.unsupportedFeatures`).
    public static let unsupportedFeatures = CertificationLimitations(rawValue: 1 << 0)
    /// The vectors came from a corpus other than the one shipped with the tool or package (`certify --corpus DIR`
    /// naming a directory whose manifest differs).
    public static let otherCorpus = CertificationLimitations(rawValue: 1 << 1)

    /// Every limitation with its stable text, in report order.
    public static let named: [(limitation: CertificationLimitations, name: String)] = [
        (.unsupportedFeatures, "unsupported-features"), (.otherCorpus, "other-corpus"),
    ]

    /// The stable texts of the limitations in the set, such as `["unsupported-features"]`.
    public var names: [String] { Self.named.filter { contains($0.limitation) }.map(\.name) }

    /// `unsupported-features, other-corpus`, or `none`.
    public var description: String { isEmpty ? "none" : names.joined(separator: ", ") }
}

extension CertificationReport {
    /// What the level was earned short of (empty for a certificate over the whole shipped corpus).
    ///
    /// ``CertificationLimitations/unsupportedFeatures`` when an encoder's declared features kept
    /// vectors from running; ``CertificationLimitations/otherCorpus`` when the provenance records a
    /// corpus other than the shipped one. A corpus not recorded (vectors passed in by hand) is no limitation.
    public var limitations: CertificationLimitations {
        var result: CertificationLimitations = []
        if kind == .encoder && verdicts.contains(where: { $0.outcome == .unsupported }) {
            result.insert(.unsupportedFeatures)
        }
        if provenance.corpusOrigin == .other { result.insert(.otherCorpus) }
        return result
    }

    /// The declared features that kept vectors from running, each with how many, most first.
    public var featuresNotRun: [Coverage.NotRun] {
        kind == .encoder ? coverage.notRun : []
    }

    /// The level's title with what it was earned short of: `Canonical (features unsupported)`,
    /// `Conformant (other corpus)`; the plain title for a full certificate. Tables of several reports show it.
    public var qualifiedLevelTitle: String {
        if unverifiedBecause != nil { return "Unverified (claims \(level.title))" }
        var qualifiers: [String] = []
        if limitations.contains(.unsupportedFeatures) { qualifiers.append("features unsupported") }
        if limitations.contains(.otherCorpus) { qualifiers.append("other corpus") }
        return qualifiers.isEmpty ? level.title : "\(level.title) (\(qualifiers.joined(separator: ", ")))"
    }

    /// One sentence per limitation, for the headline and for `--require`'s error.
    public var limitationSentences: [String] {
        var sentences: [String] = []
        if limitations.contains(.unsupportedFeatures) {
            let features = featuresNotRun
            sentences.append(
                "\(features.count) feature\(features.count == 1 ? "" : "s") declared unsupported ("
                    + features.map { "\($0.reason): \($0.count) vector\($0.count == 1 ? "" : "s") not run" }.joined(separator: ", ") + ")")
        }
        if limitations.contains(.otherCorpus) {
            let digest = provenance.corpus.map { " (manifest sha256 \($0.manifestSHA256.prefix(12))…)" } ?? ""
            sentences.append("graded over another corpus\(digest), not the one shipped with the tool")
        }
        return sentences
    }
}
