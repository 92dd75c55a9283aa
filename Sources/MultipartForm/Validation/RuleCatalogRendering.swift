
/// The output formats of the rule catalog (`multipart-check rules --format <format>`).
public enum RuleCatalogFormat: String, Sendable, Hashable, CaseIterable {
    /// One indented block per rule, for terminals.
    case text
    /// One table per area, as pasted into `CONFORMANCE.md` between the `rules:begin`/`rules:end` markers.
    case markdown
    /// A stable schema for tools: `{"version": 1, "rules": [{id, severity, area, citation, summary, rationale, location, fix}]}`.
    case json
}

/// Renders the rule catalog in `format`; the output always ends with a newline and depends only on the catalog.
///
/// - Parameters:
///   - format: The output format.
///   - rules: The rules to render, in order; the whole catalog by default.
public func renderRuleCatalog(_ format: RuleCatalogFormat, rules: [Rule] = Rule.catalog) -> String {
    switch format {
    case .text: RuleCatalogRenderer.text(rules)
    case .markdown: RuleCatalogRenderer.markdown(rules)
    case .json: RuleCatalogRenderer.json(rules)
    }
}

/// The three renderings of the catalog.
enum RuleCatalogRenderer {
    /// The version of the JSON schema; bumped only when a field is removed or changes meaning.
    static let jsonVersion = 1

    static func text(_ rules: [Rule]) -> String {
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
            blocks.append(lines.joined(separator: "\n"))
        }
        return blocks.joined(separator: "\n\n") + "\n"
    }

    static func markdown(_ rules: [Rule]) -> String {
        var lines: [String] = []
        let counts = Dictionary(grouping: rules, by: \.severity).mapValues(\.count)
        let tally = Severity.allCases.map { severity in
            let count = counts[severity, default: 0]
            return "\(count) \(severity.rawValue)\(count == 1 ? "" : "s")"
        }
        lines.append("\(rules.count) rules: \(tally.joined(separator: ", ")).")
        for area in Rule.Area.allCases {
            let inArea = rules.filter { $0.area == area }
            if inArea.isEmpty { continue }
            lines.append("")
            lines.append("### \(area.title) (`\(area.rawValue)`)")
            lines.append("")
            lines.append("| id | severity | citation | requirement | where | fix |")
            lines.append("|---|---|---|---|---|---|")
            for rule in inArea {
                let cells = [
                    "`\(rule.id)`", rule.severity.rawValue, cell(rule.citation), cell(rule.summary),
                    cell(rule.location), rule.fixHint.map(cell) ?? "—",
                ]
                lines.append("| " + cells.joined(separator: " | ") + " |")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func json(_ rules: [Rule]) -> String {
        var lines = ["{", "  \"version\": \(jsonVersion),", "  \"rules\": ["]
        for (index, rule) in rules.enumerated() {
            let fields: [(String, String)] = [
                ("id", string(rule.id.rawValue)),
                ("severity", string(rule.severity.rawValue)),
                ("area", string(rule.area.rawValue)),
                ("citation", string(rule.citation)),
                ("summary", string(rule.summary)),
                ("rationale", string(rule.rationale)),
                ("location", string(rule.location)),
                ("fix", rule.fixHint.map(string) ?? "null"),
            ]
            lines.append("    {")
            for (fieldIndex, (key, value)) in fields.enumerated() {
                lines.append("      \"\(key)\": \(value)" + (fieldIndex == fields.count - 1 ? "" : ","))
            }
            lines.append("    }" + (index == rules.count - 1 ? "" : ","))
        }
        lines.append("  ]")
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
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

    /// A JSON string literal (RFC 8259 §7): quotes, backslashes and control characters escaped, the rest as UTF-8.
    private static func string(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{0}"..."\u{1F}", "\u{7F}":
                let hex = String(scalar.value, radix: 16, uppercase: false)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
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
