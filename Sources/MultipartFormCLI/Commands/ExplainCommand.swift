import MultipartForm
import MultipartFormConformanceCore
import MultipartFormReceivers

/// `multipart-check explain RULE`: one rule with its summary, severity, citation, rationale, location
/// and fix, and a minimal failing and passing example with what the validator says about each.
struct ExplainCommand {
    /// How much of what real parsers made of the rule's vectors is shown.
    enum EvidenceDetail: Equatable {
        /// One line per split vector: how many parsers read it each way; the default.
        case summary
        /// Every reading of every split vector (`--evidence full`).
        case full
        /// What these parsers made of each split vector (`--parser ID`, repeatable).
        case parsers([String])
    }

    /// The rule to explain.
    var rule: Rule
    /// How much interop evidence to show.
    var evidence: EvidenceDetail = .summary
    /// The receivers whose profile for the rule is shown (`--receiver`, repeatable).
    var receivers: [Receiver] = []

    /// The values `--evidence` accepts.
    static let evidenceNames = ["summary", "full"]
    /// How many split vectors the summary lists before pointing at `--evidence full`.
    static let summaryVectorLimit = 4

    /// Every rule id in catalog order, for suggestions.
    static var ruleIDs: [String] { Rule.catalog.map(\.id.rawValue) }

    /// The catalog rule an argument names: its exact id, ignoring ASCII case and surrounding brackets.
    ///
    /// Brackets are dropped so a rule id copied with them from the text output (`[header-bare-lf]`)
    /// works too.
    static func rule(matching query: String) -> Rule? {
        var id = query.lowercased()
        if id.hasPrefix("["), id.hasSuffix("]"), id.count >= 2 {
            id = String(id.dropFirst().dropLast())
        }
        return Rule.named(Rule.ID(rawValue: id))
    }

    /// Prints the explanation and returns the exit status: 64 when `--parser` names no parser of the evidence.
    func run(stdout: inout some TextOutputStream, stderr: inout some TextOutputStream) -> Int32 {
        let found = CorpusLocation.interopEvidence()
        if case .parsers(let ids) = evidence {
            let known = found?.parsers.map(\.id) ?? []
            if let unknown = ids.first(where: { !known.contains($0) }) {
                let reason =
                    found == nil
                    ? "No interop evidence was found beside the corpus (Interop/results/evidence.json)."
                    : "Unknown parser '\(unknown)'.\(Suggestion.didYouMean(unknown, among: known))"
                stderr.write(UsageError(reason, command: CommandSpec.explain).rendered())
                return ExitCode.usage
            }
        }
        var text = Self.render(rule, evidence: found, detail: evidence)
        for receiver in receivers {
            guard let profile = receiver.profile else { continue }
            let head = "FOR RECEIVER \(receiver.id) (\(profile.name), \(profile.version); \(ReceiverCheck.evidenceSource)):"
            text += "\n" + HelpRenderer.wrap(head, indent: 0, hangingIndent: 2) + "\n"
            for line in profile.explanation(of: rule.id) {
                let indent = line.hasPrefix("  ") ? 4 : 2
                text += HelpRenderer.wrap(String(line.drop { $0 == " " }), indent: indent, hangingIndent: indent + 2) + "\n"
            }
        }
        stdout.write(text)
        return ExitCode.success
    }

    /// The explanation of a rule, in labelled blocks like a help screen.
    /// - Parameters:
    ///   - rule: The rule.
    ///   - evidence: What real parsers made of the corpus, when found: the split vectors that expect
    ///     the rule are listed with how each group of parsers read them.
    ///   - detail: How much of the evidence to show.
    static func render(_ rule: Rule, evidence: InteropEvidence? = nil, detail: EvidenceDetail = .summary) -> String {
        func block(_ label: String, _ text: String) -> String {
            label + ":\n" + HelpRenderer.wrap(text, indent: 2, hangingIndent: 2)
        }
        var blocks = [
            HelpRenderer.wrap("\(rule.id): \(rule.summary)", indent: 0, hangingIndent: 2),
            """
            SEVERITY: \(rule.severity.rawValue)
            AREA: \(rule.area.rawValue)
            CITATION: \(rule.citation)
            """,
            block("RATIONALE", rule.rationale),
            block("LOCATION", rule.location),
        ]
        if let fix = rule.fixHint {
            blocks.append(block("FIX", fix))
        }
        if let advice = EncoderAdvice.forRule(rule.id) {
            blocks.append(block("FOR AN ENCODER", advice))
        }
        if let examples = rule.examples {
            blocks.append("FAILING EXAMPLE:\n" + examples.failing.rendered(for: rule.id))
            if let passing = examples.passing {
                blocks.append("PASSING EXAMPLE:\n" + passing.rendered(for: rule.id))
            } else {
                blocks.append(block("PASSING EXAMPLE", "none: " + (examples.reasonWithoutPassing ?? "")))
            }
        }
        if let evidence {
            var lines = [
                HelpRenderer.wrap(
                    "REAL PARSERS (Interop/RESULTS.md, \(evidence.parsers.count) parsers): "
                        + RuleCatalogRenderer.interopLine(rule, evidence),
                    indent: 0, hangingIndent: 2)
            ]
            lines += evidenceLines(rule, evidence, detail: detail)
            blocks.append(lines.joined(separator: "\n"))
        }
        return blocks.joined(separator: "\n\n") + "\n"
    }

    /// What the readings' labels mean, said once before they are used.
    static let readingLegend =
        "expected: read as the vector's sidecar allows; other-parts: accepted, but decoded other fields; "
        + "data-loss: accepted and lost or changed bytes; rejected: refused the body; crashed, timed-out: no answer."

    /// The lines under `REAL PARSERS`: a count per reading, every reading, or the chosen parsers' readings.
    static func evidenceLines(_ rule: Rule, _ evidence: InteropEvidence, detail: EvidenceDetail) -> [String] {
        let vectors = evidence.splitVectors(reporting: rule.id.rawValue)
        guard !vectors.isEmpty else { return [] }
        var lines = [HelpRenderer.wrap(readingLegend, indent: 2, hangingIndent: 2)]
        switch detail {
        case .full:
            for id in vectors {
                lines.append("  \(id):")
                lines += evidence.readingLines(of: id).map { HelpRenderer.wrap($0, indent: 4, hangingIndent: 6) }
            }
        case .summary:
            for id in vectors.prefix(summaryVectorLimit) {
                lines.append(HelpRenderer.wrap("\(id): " + countLine(evidence.splitVectors[id] ?? []), indent: 2, hangingIndent: 6))
            }
            if vectors.count > summaryVectorLimit {
                lines.append("  \(vectors.count - summaryVectorLimit) more split vectors.")
            }
            lines.append(
                HelpRenderer.wrap(
                    "Every reading: 'multipart-check explain \(rule.id) --evidence full'; one parser's: "
                        + "'multipart-check explain \(rule.id) --parser ID' (IDs: Interop/parsers.tsv).",
                    indent: 2, hangingIndent: 2))
        case .parsers(let ids):
            for id in ids {
                lines.append("  \(id):")
                for vector in vectors {
                    let reading = evidence.splitVectors[vector]?.first { $0.parsers.contains(id) }
                    let text = reading.map { "\($0.kind): \($0.summary)" } ?? "not run"
                    lines.append(HelpRenderer.wrap("\(vector): \(text)", indent: 4, hangingIndent: 6))
                }
            }
        }
        return lines
    }

    /// `expected 22, other-parts 3 (django, node-busboy, php)`: parsers named for every reading but the expected ones.
    static func countLine(_ readings: [InteropEvidence.Reading]) -> String {
        var counts: [(kind: String, parsers: [String])] = []
        for reading in readings {
            if let index = counts.firstIndex(where: { $0.kind == reading.kind }) {
                counts[index].parsers += reading.parsers
            } else {
                counts.append((reading.kind, reading.parsers))
            }
        }
        return counts.map { entry in
            let named = entry.kind != "expected" && entry.parsers.count <= 8
            return "\(entry.kind) \(entry.parsers.count)" + (named ? " (" + entry.parsers.joined(separator: ", ") + ")" : "")
        }.joined(separator: ", ")
    }
}
