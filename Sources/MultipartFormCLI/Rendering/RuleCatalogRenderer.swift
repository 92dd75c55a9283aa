import MultipartForm
import MultipartFormConformanceCore

/// The output formats of the rule catalog (`multipart-check rules --format <format>`).
enum RuleCatalogFormat: String, Sendable, Hashable, CaseIterable {
    /// One indented block per rule, for terminals.
    case text
    /// One table per area, as pasted into `CONFORMANCE.md` between the `rules:begin`/`rules:end` markers.
    case markdown
    /// A stable schema for tools: `{"version": 1, "rules": [{id, severity, area, citation, summary, rationale, location, fix}]}`.
    case json
}

/// The three renderings of the catalog.
enum RuleCatalogRenderer {
    /// Renders the rule catalog in `format`; the output always ends with a newline and depends only on the catalog.
    /// - Parameters:
    ///   - format: The output format.
    ///   - rules: The rules to render, in order; the whole catalog by default.
    ///   - evidence: What real parsers made of the corpus (`Interop/results/evidence.json`), when it is found:
    ///     each rule then names the vectors it is expected on that split the parsers, and which parsers read them differently.
    static func render(_ format: RuleCatalogFormat, rules: [Rule] = Rule.catalog, evidence: InteropEvidence? = nil) -> String {
        switch format {
        case .text: text(rules, evidence: evidence)
        case .markdown: markdown(rules, evidence: evidence)
        case .json: json(rules, evidence: evidence)
        }
    }

    /// `3 vectors split them; read differently by django, php`, or `none` when no split vector expects the rule.
    static func interopLine(_ rule: Rule, _ evidence: InteropEvidence) -> String {
        let vectors = evidence.splitVectors(reporting: rule.id.rawValue)
        guard !vectors.isEmpty else { return "none of its vectors splits them" }
        let count = "\(vectors.count) of its vectors split\(vectors.count == 1 ? "s" : "") them"
        return count + "; read differently by " + evidence.dissenters(of: vectors).joined(separator: ", ")
    }

    /// The version of the JSON schema; bumped only when a field is removed or changes meaning.
    static let jsonVersion = 1

    static func text(_ rules: [Rule], evidence: InteropEvidence?) -> String {
        var blocks: [String] = []
        for rule in rules {
            var lines = ["\(rule.id) (\(rule.severity.rawValue), \(rule.area.rawValue))"]
            lines.append("  citation:    \(rule.citation)")
            lines.append("  requirement: \(rule.summary)")
            lines.append("  why:         \(rule.rationale)")
            lines.append("  where:       \(rule.location)")
            if let fix = rule.fixHint {
                lines.append("  fix:         \(fix)")
            }
            if let evidence {
                lines.append("  parsers:     \(interopLine(rule, evidence))")
            }
            blocks.append(lines.joined(separator: "\n"))
        }
        return blocks.joined(separator: "\n\n") + "\n"
    }

    static func markdown(_ rules: [Rule], evidence: InteropEvidence?) -> String {
        var lines: [String] = []
        let counts = Dictionary(grouping: rules, by: \.severity).mapValues(\.count)
        let tally = Severity.allCases.map { severity in
            let count = counts[severity, default: 0]
            return "\(count) \(severity.rawValue)\(count == 1 ? "" : "s")"
        }
        lines.append("\(rules.count) rules: \(tally.joined(separator: ", ")).")
        if let evidence {
            lines.append("")
            lines.append(
                "The last column comes from `Interop/results/evidence.json` (\(evidence.parsers.count) real parsers, see "
                    + "`Interop/RESULTS.md`): how many of the vectors that expect the rule the parsers read differently, "
                    + "and which parsers depart from the largest group.")
        }
        for area in Rule.Area.allCases {
            let inArea = rules.filter { $0.area == area }
            if inArea.isEmpty { continue }
            lines.append("")
            lines.append("### \(area.title) (`\(area.rawValue)`)")
            lines.append("")
            lines.append("| id | severity | citation | requirement | where | fix |" + (evidence == nil ? "" : " real parsers |"))
            lines.append("|---|---|---|---|---|---|" + (evidence == nil ? "" : "---|"))
            for rule in inArea {
                var cells = [
                    "`\(rule.id)`", rule.severity.rawValue, cell(rule.citation), cell(rule.summary),
                    cell(rule.location), rule.fixHint.map(cell) ?? "—",
                ]
                if let evidence { cells.append(cell(interopLine(rule, evidence))) }
                lines.append("| " + cells.joined(separator: " | ") + " |")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func json(_ rules: [Rule], evidence: InteropEvidence?) -> String {
        let entries = rules.map { rule in
            var members: [(key: String, value: JSONValue)] = [
                ("id", .string(rule.id.rawValue)),
                ("severity", .string(rule.severity.rawValue)),
                ("area", .string(rule.area.rawValue)),
                ("citation", .string(rule.citation)),
                ("summary", .string(rule.summary)),
                ("rationale", .string(rule.rationale)),
                ("location", .string(rule.location)),
                ("fix", .string(rule.fixHint)),
            ]
            if let evidence {
                let vectors = evidence.splitVectors(reporting: rule.id.rawValue)
                members.append(
                    ("real_parsers", .object([
                        ("split_vectors", .array(vectors.map(JSONValue.string))),
                        ("reading_differently", .array(evidence.dissenters(of: vectors).map(JSONValue.string))),
                    ])))
            }
            return JSONValue.object(members)
        }
        return JSONValue.object([("version", .int(jsonVersion)), ("rules", .array(entries))]).rendered() + "\n"
    }

    /// A Markdown table cell: `|` escaped and line breaks turned into spaces.
    private static func cell(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "|": result += "\\|"
            case "\n", "\r", "\r\n": result += " "
            default: result.append(character)
            }
        }
        return result
    }
}

extension Rule.Area {
    /// The heading of the area's table in the Markdown rendering.
    fileprivate var title: String {
        switch self {
        case .contentType: "Outer Content-Type"
        case .framing: "Framing"
        case .headers: "Part headers"
        case .disposition: "Content-Disposition"
        case .content: "Part content"
        case .names: "Names and filenames"
        case .limits: "Limits"
        }
    }
}
