import MultipartForm
import MultipartFormConformanceCore

/// One body, what the validator reads in it, and what each real parser read: grouped by reading,
/// each group compared with the validator's.
struct BodyComparison {
    /// How a group of parsers read the body, compared with the validator.
    enum Kind: String {
        /// The same parts as the validator's reading.
        case same
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

    /// Validates `body` and keeps the parts it decodes as the baseline.
    init(label: String, contentType: String, body: [UInt8], readings: [ParserReading]) {
        self.label = label
        self.contentType = contentType
        self.body = body
        var options = ValidationOptions()
        options.collectParts = true
        report = MultipartValidator.validate(body, contentType: contentType, options: options)
        baseline = report.parts.map { part in
            DecodedFormPart(name: part.name, filename: part.filename, contentType: part.contentType, body: Array(body[part.bodyRange]))
        }
        self.readings = readings
    }

    /// How `parts` compare with the baseline.
    func kind(of outcome: ParserReading.Outcome) -> Kind {
        switch outcome {
        case .rejected: return .rejected
        case .noAnswer: return .noAnswer
        case .parts(let parts):
            if parts == baseline { return .same }
            if parts.count < baseline.count { return .dataLoss }
            for (read, expected) in zip(parts, baseline) where read.body.count < expected.body.count {
                return .dataLoss
            }
            return .otherParts
        }
    }

    /// The readings grouped: identical parts together, every rejection together, every non-answer
    /// together; the group reading as the validator does first, then the others by size.
    var groups: [Group] {
        var groups: [Group] = []
        for reading in readings {
            let kind = kind(of: reading.outcome)
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
        func rank(_ kind: Kind) -> Int { [Kind.same, .otherParts, .dataLoss, .rejected, .noAnswer].firstIndex(of: kind) ?? 0 }
        return groups.enumerated().sorted { lhs, rhs in
            let left = (rank(lhs.element.kind), -lhs.element.readings.count, lhs.offset)
            let right = (rank(rhs.element.kind), -rhs.element.readings.count, rhs.offset)
            return left < right
        }.map(\.element)
    }

    /// Whether every parser read the body as the validator does.
    var agrees: Bool { readings.allSatisfy { kind(of: $0.outcome) == .same } }
}
