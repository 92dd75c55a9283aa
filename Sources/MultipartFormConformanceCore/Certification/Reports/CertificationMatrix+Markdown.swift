extension CertificationMatrix {
    /// The matrix as Markdown, for a pull request or a README: a summary table (one row per
    /// adapter: kind, level, headline), then one table per area (rows are vectors, columns adapters).
    ///
    /// Cells hold the grade's short symbol (`ok`, `ok!`, `lenient`, `refused`, `FAIL`, `LOSS`, `n/s`, `known`,
    /// `stale`), `not run` for a vector the report left out that its kind of adapter is given, or nothing
    /// when the vector does not apply to that kind.
    /// - Parameter title: The heading.
    /// - Returns: The Markdown text, ending with a newline.
    public func markdown(title: String = "multipart/form-data certification") -> String {
        // Reports are data from anyone: their text is escaped as HTML (Markdown renders raw HTML)
        // and as Markdown (no link, image or formatting of theirs), with control characters made
        // visible, and kept on one line of its cell.
        func cell(_ text: String) -> String {
            MarkupEscaping.escapedForMarkdown(text).split(whereSeparator: { $0.isNewline || $0 == "\t" }).joined(separator: " ")
        }
        // A vector id in a code span, unless it could end the span or the cell.
        func code(_ id: String) -> String {
            id.unicodeScalars.contains { $0 == "`" || $0.value < 0x20 || (0x7F...0x9F).contains($0.value) } ? cell(id) : "`\(id.replacingPipes())`"
        }
        var lines = ["# \(cell(title))", ""]
        if let mixed = mixedCorporaNote { lines += ["> \(cell(mixed))", ""] }
        lines += ["| # | adapter | kind | level | summary | run |", "|---|---|---|---|---|---|"]
        for (index, report) in reports.enumerated() {
            lines.append(
                "| \(index + 1) | \(cell(report.adapterName)) | \(report.kind.rawValue) | \(report.qualifiedLevelTitle) | \(cell(report.headline)) | \(cell(report.provenanceLine ?? "not recorded")) |")
        }
        let applicable = applicableIDs
        var areas: [String: Set<String>] = [:]
        for report in reports {
            for verdict in report.verdicts { areas[verdict.area, default: []].insert(verdict.vectorID) }
        }
        let lookup: [[String: CertificationVerdict]] = reports.map { report in
            Dictionary(report.verdicts.map { ($0.vectorID, $0) }, uniquingKeysWith: { first, _ in first })
        }
        let header = "| vector | " + reports.indices.map { "\($0 + 1)" }.joined(separator: " | ") + " |"
        let rule = "|---|" + String(repeating: "---|", count: reports.count)
        for area in areas.keys.sorted() {
            lines += ["", "## \(cell(area))", "", header, rule]
            for id in areas[area, default: []].sorted() {
                let cells = zip(reports, lookup).map { report, column in
                    column[id].map { Self.symbol($0.grade) }
                        ?? (applicable[report.kind, default: []].contains(id) ? Self.notRunSymbol : "")
                }
                lines.append("| \(code(id)) | " + cells.joined(separator: " | ") + " |")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension StringProtocol {
    /// The text with `|` escaped for a Markdown table cell.
    fileprivate func replacingPipes() -> String {
        var result = ""
        for character in self {
            if character == "|" { result += "\\|" } else { result.append(character) }
        }
        return result
    }
}
