/// Several adapters' reports side by side as one self-contained HTML page, like JSONTestSuite's results.
///
/// Rows are vectors grouped by area, columns are adapters (encoders and decoders may be mixed), each
/// cell is coloured by grade and carries the reason in its `title` (shown on hover). A vector an
/// adapter was not given is drawn as "not run" when adapters of its kind were given it (a partial run,
/// or a corpus with more vectors), and left blank when it does not apply to that kind. The page has its
/// CSS inline and no script, so it can be attached to a CI run or opened from disk.
public struct CertificationMatrix: Sendable {
    /// The reports, one column each, in order.
    public var reports: [CertificationReport]

    /// Creates a matrix of reports.
    /// - Parameter reports: One report per adapter, each a column of the matrix.
    public init(_ reports: [CertificationReport]) {
        self.reports = reports
    }

    /// The page.
    /// - Parameter title: The page title.
    /// - Returns: A self-contained HTML page: one row per vector, one column per adapter.
    public func html(title: String = "multipart/form-data certification") -> String {
        let e = MarkupEscaping.escaped
        var ids: [String: String] = [:]
        for report in reports {
            for verdict in report.verdicts { ids[verdict.vectorID] = verdict.area }
        }
        let areas = Set(ids.values).sorted()
        let lookup: [[String: CertificationVerdict]] = reports.map { report in
            Dictionary(report.verdicts.map { ($0.vectorID, $0) }, uniquingKeysWith: { first, _ in first })
        }
        let applicable = applicableIDs

        var out = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <title>\(e(title))</title>
            <style>
            \(Self.css)
            </style>
            </head>
            <body>
            <h1>\(e(title))</h1>

            """
        if let mixed = mixedCorporaNote {
            out += "<p class=\"warning\">\(e(mixed))</p>\n"
        }
        out += "<table class=\"summary\">\n<tr><th>adapter</th><th>kind</th><th>level</th><th>summary</th><th>run</th></tr>\n"
        for report in reports {
            out += "<tr><td>\(e(report.adapterName))</td><td>\(report.kind.rawValue)</td>"
            out += "<td class=\"level \(report.level.rawValue)\">\(e(report.qualifiedLevelTitle))</td><td>\(e(report.headline))</td>"
            out += "<td class=\"provenance\">\(e(report.provenanceLine ?? "not recorded"))</td></tr>\n"
        }
        out += "</table>\n"
        out += "<p class=\"legend\">"
        for grade in CertificationGrade.allCases {
            out += "<span class=\"cell \(grade.rawValue)\">\(Self.symbol(grade))</span> \(e(grade.rawValue)) "
        }
        out += "<span class=\"cell not-run\">\(Self.notRunSymbol)</span> not run (a partial run) "
        out += "<span class=\"cell none\"></span> not applicable. Hover a cell for the reason.</p>\n"

        out += "<table class=\"matrix\">\n<thead><tr><th class=\"vector\">vector</th>"
        for (index, report) in reports.enumerated() {
            out += "<th class=\"adapter\" title=\"\(e(report.headline))\"><div>\(index + 1). \(e(report.adapterName))</div></th>"
        }
        out += "</tr></thead>\n<tbody>\n"
        for area in areas {
            out += "<tr class=\"area\"><th colspan=\"\(reports.count + 1)\">\(e(area))</th></tr>\n"
            for id in ids.keys.filter({ ids[$0] == area }).sorted() {
                out += "<tr><td class=\"vector\">\(e(id))</td>"
                for (report, column) in zip(reports, lookup) {
                    guard let verdict = column[id] else {
                        out += applicable[report.kind, default: []].contains(id)
                            ? "<td class=\"cell not-run\" title=\"not run: this report left the vector out\">\(Self.notRunSymbol)</td>"
                            : "<td class=\"cell none\"></td>"
                        continue
                    }
                    var hover = "\(verdict.grade.rawValue): \(verdict.summary)"
                    if let issue = verdict.knownIssue { hover += "\nknown issue: \(issue)" }
                    hover += verdict.details.prefix(8).map { "\n- " + $0 }.joined()
                    out += "<td class=\"cell \(verdict.grade.rawValue)\" title=\"\(e(hover))\">\(Self.symbol(verdict.grade))</td>"
                }
                out += "</tr>\n"
            }
        }
        out += "</tbody>\n</table>\n"
        out += "<p class=\"footer\">Grades and levels: CONFORMANCE.md, section Certification.</p>\n</body>\n</html>\n"
        return out
    }

    /// The ids each kind of adapter is given: every id some report of that kind holds.
    var applicableIDs: [CertificationReport.Kind: Set<String>] {
        var ids: [CertificationReport.Kind: Set<String>] = [:]
        for report in reports {
            ids[report.kind, default: []].formUnion(report.verdicts.map(\.vectorID))
        }
        return ids
    }

    /// A sentence naming the corpora when the reports come from more than one, or `nil` when they all name the same one.
    package var mixedCorporaNote: String? {
        let named = Set(reports.map { $0.provenance.corpus?.description ?? "an unrecorded corpus" })
        guard named.count > 1 else { return nil }
        return "These reports come from different corpora (\(named.sorted().joined(separator: "; "))): a row may hold different bytes for different columns."
    }

    /// The mark of a vector a report left out.
    static let notRunSymbol = "not run"

    /// The short mark shown in a cell.
    static func symbol(_ grade: CertificationGrade) -> String {
        switch grade {
        case .pass: "ok"
        case .passWithWarnings: "ok!"
        case .lenient: "lenient"
        case .refused: "refused"
        case .fail: "FAIL"
        case .silentDataLoss: "LOSS"
        case .unsupported: "n/s"
        case .knownIssue: "known"
        case .staleKnownIssue: "stale"
        }
    }

    static let css = """
        body { font: 13px/1.4 -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; margin: 1.5em; color: #222; }
        h1 { font-size: 1.4em; }
        table { border-collapse: collapse; }
        .summary td, .summary th { border: 1px solid #ccc; padding: 3px 8px; text-align: left; }
        .matrix td, .matrix th { border: 1px solid #ddd; padding: 1px 4px; }
        .matrix th.adapter { vertical-align: bottom; max-width: 9em; font-weight: 600; }
        .matrix td.vector { font-family: ui-monospace, Menlo, Consolas, monospace; white-space: nowrap; }
        .matrix tr.area th { background: #eef; text-align: left; padding: 4px; }
        .cell { text-align: center; font-size: 11px; min-width: 4.5em; display: inline-block; }
        td.cell { display: table-cell; }
        .pass { background: #7ed07e; }
        .pass-with-warnings { background: #c4e87a; }
        .lenient { background: #f5e05a; }
        .refused { background: #e8a0d8; }
        .fail { background: #f08070; }
        .silent-data-loss { background: #8b0000; color: #fff; font-weight: 700; }
        .unsupported { background: #d6d6d6; color: #555; }
        .known-issue { background: #f4b259; }
        .stale-known-issue { background: #b085f5; }
        .none { background: #fff; }
        .not-run { background: repeating-linear-gradient(45deg, #eee, #eee 4px, #fff 4px, #fff 8px); color: #777; }
        .warning { background: #fff3cd; border: 1px solid #e0c060; padding: 6px 10px; }
        .summary td.provenance { color: #555; font-size: 11px; }
        .legend .none { outline: 1px solid #ccc; min-height: 1em; vertical-align: middle; }
        .level.canonical, .level.conformant { background: #7ed07e; }
        .level.conformant-with-warnings { background: #c4e87a; }
        .level.lenient { background: #f5e05a; }
        .level.loses-data-from-invalid-bodies, .level.passes-invalid-input { background: #fff3b0; }
        .level.refuses-forms, .level.writes-ignored-headers { background: #e8a0d8; }
        .level.rejects-valid-bodies { background: #f4b259; }
        .level.misreads-valid-bodies, .level.writes-invalid-bodies { background: #f08070; }
        .level.crashes { background: #d9534f; color: #fff; }
        .level.loses-data, .level.changes-fields { background: #8b0000; color: #fff; font-weight: 700; }
        .level.loses-data-clients-send { background: #4a0000; color: #fff; font-weight: 700; }
        .level.partial { background: repeating-linear-gradient(45deg, #eee, #eee 4px, #fff 4px, #fff 8px); }
        .legend .cell { margin-left: 0.8em; padding: 0 3px; }
        .footer { color: #666; margin-top: 2em; }
        """
}
