import MultipartForm
import MultipartFormConformanceCore

/// `multipart-check explain RULE`: one rule with its summary, severity, citation, rationale, location
/// and fix, and a minimal failing and passing example with what the validator says about each.
struct ExplainCommand {
    /// The rule to explain.
    var rule: Rule

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

    /// Prints the explanation and returns the exit status.
    func run(stdout: inout some TextOutputStream) -> Int32 {
        stdout.write(Self.render(rule, evidence: CorpusLocation.interopEvidence()))
        return ExitCode.success
    }

    /// The explanation of a rule, in labelled blocks like a help screen.
    /// - Parameters:
    ///   - rule: The rule.
    ///   - evidence: What real parsers made of the corpus, when found: the split vectors that expect
    ///     the rule are listed with how each group of parsers read them.
    static func render(_ rule: Rule, evidence: InteropEvidence? = nil) -> String {
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
            for id in evidence.splitVectors(reporting: rule.id.rawValue) {
                lines.append("  \(id):")
                lines += evidence.readingLines(of: id).map { HelpRenderer.wrap($0, indent: 4, hangingIndent: 6) }
            }
            blocks.append(lines.joined(separator: "\n"))
        }
        return blocks.joined(separator: "\n\n") + "\n"
    }
}
