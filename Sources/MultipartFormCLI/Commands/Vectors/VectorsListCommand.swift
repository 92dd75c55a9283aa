import MultipartForm
import MultipartFormConformanceCore

/// `multipart-check vectors list`: the corpus's vectors, filtered by area, rule, verdict or canonical mark.
struct VectorsListCommand {
    /// Only vectors of this area.
    var area: String?
    /// Only vectors expecting this rule.
    var rule: Rule.ID?
    /// Only vectors with this verdict.
    var verdict: ConformanceVector.Verdict?
    /// Only vectors whose encoder input is canonical.
    var canonicalOnly = false
    /// Whether to print JSON instead of text.
    var json = false
    /// The `--corpus` option.
    var corpusOption: String?

    /// Prints the matching vectors and returns the exit status.
    func run(stdout: inout some TextOutputStream, stderr: inout some TextOutputStream) -> Int32 {
        guard let corpus = CorpusLocation.corpus(option: corpusOption, stderr: &stderr) else { return ExitCode.noInput }
        if let area, !corpus.areas.contains(area) {
            let usage = UsageError(
                "Unknown area '\(area)'.\(Suggestion.didYouMean(area, among: corpus.areas)) Areas: \(corpus.areas.joined(separator: ", ")).",
                command: .vectorsList)
            stderr.write(usage.rendered())
            return ExitCode.usage
        }
        let vectors = corpus.vectors.filter { vector in
            (area == nil || vector.area == area) && (verdict == nil || vector.verdict == verdict)
                && (rule.map { vector.expectedRules.contains($0) } ?? true)
                && (!canonicalOnly || vector.sidecar.encoderInput?.isCanonical == true)
        }
        if json {
            stdout.write(JSONValue.array(vectors.map(Self.json)).rendered() + "\n")
            return ExitCode.success
        }
        let width = vectors.map(\.id.count).max() ?? 0
        for vector in vectors {
            // A sidecar is data from anyone: its description reaches the terminal made visible.
            stdout.write(
                vector.id + String(repeating: " ", count: width - vector.id.count + 2) + VisibleBytes.escape(vector.sidecar.description) + "\n")
        }
        let counts = ConformanceVector.Verdict.allCases.map { verdict in
            "\(vectors.filter { $0.verdict == verdict }.count) \(verdict.rawValue)-"
        }
        let canonical = vectors.filter { $0.sidecar.encoderInput?.isCanonical == true }.count
        stdout.write(
            "\(vectors.count) vector\(vectors.count == 1 ? "" : "s"): \(counts.joined(separator: ", ")); \(canonical) canonical\n")
        return ExitCode.success
    }

    static func json(_ vector: ConformanceVector) -> JSONValue {
        .object([
            ("id", .string(vector.id)), ("area", .string(vector.area)), ("verdict", .string(vector.verdict.rawValue)),
            ("description", .string(vector.sidecar.description)),
            ("rules", .array(vector.expectedRules.map { .string($0.rawValue) })),
            ("canonical", vector.sidecar.encoderInput.map { .bool($0.isCanonical) } ?? .null),
            ("producer", .string(vector.sidecar.producer)),
        ])
    }
}
