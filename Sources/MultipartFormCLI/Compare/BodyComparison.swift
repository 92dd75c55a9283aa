import MultipartForm
import MultipartFormConformanceCore

/// One body, what the validator reads in it, and what each real parser read: grouped by reading,
/// each group compared with the validator's.
struct BodyComparison {
    /// How a group of parsers read the body, compared with the validator.
    enum Kind: String {
        /// The same parts as the validator's reading.
        case same
        /// Other parts only as the parser's documented conventions say (`Interop/conventions.tsv`):
        /// PHP keeping the last of a repeated name, say. No defect, but what the application gets.
        case convention
        /// Other parts: names, filenames, types or content differ, without losing data.
        case otherParts = "other-parts"
        /// Fewer parts, or a part's content shorter than the validator reads it.
        case dataLoss = "data-loss"
        /// The parser refused the body.
        case rejected
        /// The parser crashed, timed out, failed or answered garbage.
        case noAnswer = "no-answer"

        /// The heading of a group of this kind.
        var heading: String {
            switch self {
            case .same: "same as the validator"
            case .convention: "as its documented conventions say"
            case .otherParts: "other parts"
            case .dataLoss: "data loss"
            case .rejected: "rejected"
            case .noAnswer: "no answer"
            }
        }
    }

    /// Parsers that read the body the same way.
    struct Group {
        var kind: Kind
        /// The readings, in listing order.
        var readings: [ParserReading]
    }

    /// The name shown for the input, for example `capture.http` or `log.har#entry-2`.
    var label: String
    /// The Content-Type the body was given to every reader with.
    var contentType: String
    /// The body.
    var body: [UInt8]
    /// The validator's report, with the parts it decoded.
    var report: ValidationReport
    /// What the validator reads: the baseline every parser is compared with.
    var baseline: [DecodedFormPart]
    /// What the parsers read, in listing order.
    var readings: [ParserReading]
    /// Notes about the input (an inferred boundary, a HAR entry's fidelity).
    var notes: [String] = []
    /// What each firewall asked for (`--firewall`) answered: whether the parsers behind it get the body.
    var firewalls: [FirewallAnswer] = []

    /// Validates `body` with `options` (collecting the parts whatever they say) and keeps the parts
    /// it decodes as the baseline.
    init(
        label: String, contentType: String, body: [UInt8], readings: [ParserReading], options: ValidationOptions = ValidationOptions()
    ) {
        self.label = label
        self.contentType = contentType
        self.body = body
        var options = options
        options.collectParts = true
        report = MultipartValidator.validate(body, contentType: contentType, options: options)
        baseline = report.parts.map { part in
            DecodedFormPart(name: part.name, filename: part.filename, contentType: part.contentType, body: Array(body[part.bodyRange]))
        }
        self.readings = readings
    }

    /// How a reading compares with the baseline. Parts are matched by name, in order within a name, so
    /// the order between names is not counted; a baseline part no part of the reading matches is lost,
    /// and so is one whose content the reading cuts short.
    func kind(of reading: ParserReading) -> Kind {
        switch reading.outcome {
        case .rejected: return .rejected
        case .noAnswer: return .noAnswer
        case .parts(let parts):
            let matching = Self.match(parts, to: baseline)
            if matching.missing.isEmpty, matching.extra.isEmpty, matching.pairs.allSatisfy({ parts[$0.read] == baseline[$0.expected] }) {
                return .same
            }
            if !reading.conventions.isEmpty {
                let expected = baseline.map {
                    VectorSidecar.ExpectedPart(name: $0.name, filename: $0.filename, contentType: $0.contentType, body: $0.body)
                }
                let conventional = DecoderConvention.reading(expected, following: reading.conventions).parts.map {
                    DecodedFormPart(name: $0.name, filename: $0.filename, contentType: $0.contentType, body: $0.body)
                }
                let again = Self.match(parts, to: conventional)
                if again.missing.isEmpty, again.extra.isEmpty, again.pairs.allSatisfy({ parts[$0.read] == conventional[$0.expected] }) {
                    return .convention
                }
            }
            if !matching.missing.isEmpty { return .dataLoss }
            for pair in matching.pairs where parts[pair.read].body.count < baseline[pair.expected].body.count {
                return .dataLoss
            }
            return .otherParts
        }
    }

    /// The parts of a reading matched to the expected ones: each read part to an unused expected part
    /// equal to it, else to the next unused one of the same name (in order within a name), then, for what is left, by position among the
    /// unmatched; the expected parts nothing matches are `missing`, the read parts left over `extra`.
    static func match(
        _ parts: [DecodedFormPart], to expected: [DecodedFormPart]
    ) -> (pairs: [(read: Int, expected: Int)], missing: [Int], extra: [Int]) {
        var unused = Array(expected.indices)
        var pairs: [(read: Int, expected: Int)] = []
        var unmatched: [Int] = []
        for (index, part) in parts.enumerated() {
            // Within a name, the part equal to this one first: a reader that keeps the last of three
            // values lost the first two, not the last two.
            if let position = unused.firstIndex(where: { expected[$0] == part })
                ?? unused.firstIndex(where: { expected[$0].name == part.name })
            {
                pairs.append((index, unused.remove(at: position)))
            } else {
                unmatched.append(index)
            }
        }
        // A part whose name the reader changed still stands for the expected part at its place.
        let paired = min(unmatched.count, unused.count)
        pairs += zip(unmatched.prefix(paired), unused.prefix(paired)).map { ($0, $1) }
        return (pairs, Array(unused.dropFirst(paired)), Array(unmatched.dropFirst(paired)))
    }

    /// The readings grouped: identical parts together, every rejection together, every non-answer
    /// together; the group reading as the validator does first, then the others by size.
    var groups: [Group] {
        var groups: [Group] = []
        for reading in readings {
            let kind = kind(of: reading)
            let index = groups.firstIndex { group in
                guard group.kind == kind else { return false }
                return kind == .rejected || kind == .noAnswer || group.readings[0].outcome == reading.outcome
            }
            if let index {
                groups[index].readings.append(reading)
            } else {
                groups.append(Group(kind: kind, readings: [reading]))
            }
        }
        func rank(_ kind: Kind) -> Int { [Kind.same, .convention, .otherParts, .dataLoss, .rejected, .noAnswer].firstIndex(of: kind) ?? 0 }
        return groups.enumerated().sorted { lhs, rhs in
            let left = (rank(lhs.element.kind), -lhs.element.readings.count, lhs.offset)
            let right = (rank(rhs.element.kind), -rhs.element.readings.count, rhs.offset)
            return left < right
        }.map(\.element)
    }

    /// Whether every parser read the body as the validator does, or as its documented conventions say.
    var agrees: Bool { readings.allSatisfy { [.same, .convention].contains(kind(of: $0)) } }
}
