import MultipartForm

extension Rule.Example {
    /// The widest body line shown whole: 80 columns less the indent and the `| ` gutter. Longer lines are
    /// cut, saying how many bytes were left out.
    static let widestLine = 76

    /// The example as `explain` prints it, indented by two spaces.
    ///
    /// The Content-Type line, any limits that differ from the defaults, the body one line per LF with
    /// every byte visible, then `=>` and what the validator reports about `rule` now: its finding for a
    /// failing example, or that there is none (and what else there is) for a passing one.
    func rendered(for rule: Rule.ID) -> String {
        var lines: [String] = []
        lines.append(
            contentType.map { Self.shortened(Array(("Content-Type: " + $0).utf8), widest: Self.widestLine + 2) }
                ?? "(no Content-Type header: the boundary is inferred)")
        let limits = Self.limitWords(options)
        if !limits.isEmpty { lines.append("(limits: \(limits.joined(separator: "; ")))") }
        if body.isEmpty {
            lines.append("| (empty body)")
        } else {
            var start = 0
            while start < body.count {
                let end = body[start...].firstIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? body.count
                lines.append("| " + Self.shortened(Array(body[start..<end])))
                start = end
            }
        }
        let report = validate()
        var outcome: String
        if let finding = report.diagnostics.first(where: { $0.rule == rule }) {
            let place = finding.origin == .contentType ? "Content-Type:1:\(finding.column)" : "\(finding.line):\(finding.column)"
            outcome = "=> \(place): \(finding.severity.rawValue): \(finding.message)"
        } else {
            outcome = "=> no \(rule) finding"
            let others = report.diagnostics.map { "\($0.severity.rawValue) \($0.rule)" }
            if !others.isEmpty { outcome += "; also reported: " + others.joined(separator: ", ") }
        }
        var text = lines.map { "  " + $0 }.joined(separator: "\n")
        text += "\n" + HelpRenderer.wrap(outcome, indent: 2, hangingIndent: 5)
        return text
    }

    /// Bytes rendered visibly, cut to `widest` columns: the start, `…(N bytes)…`, and the last few bytes.
    static func shortened(_ line: [UInt8], widest: Int = widestLine) -> String {
        let cells = VisibleBytes.cells(line)
        guard cells.reduce(0, { $0 + $1.width }) > widest else { return cells.map(\.text).joined() }
        let tail = cells[(cells.count - min(4, cells.count / 2))...]
        var kept = 0
        var width = 0
        // Room for the marker (at most 14 columns for a line under 100 kB) and the tail.
        let budget = widest - 14 - tail.reduce(0) { $0 + $1.width }
        while kept < cells.count - tail.count, width + cells[kept].width <= budget {
            width += cells[kept].width
            kept += 1
        }
        let omitted = tail.first!.bytes.lowerBound - (kept == 0 ? 0 : cells[kept - 1].bytes.upperBound)
        return cells[..<kept].map(\.text).joined() + "…(\(omitted) bytes)…" + tail.map(\.text).joined()
    }

    /// The limits in `options` that differ from the defaults, in words (`at most 1 part`).
    static func limitWords(_ options: ValidationOptions) -> [String] {
        let defaults = ValidationOptions()
        func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
        var words: [String] = []
        if options.maxParts != defaults.maxParts { words.append("at most \(count(options.maxParts, "part"))") }
        if options.maxHeaderBytes != defaults.maxHeaderBytes {
            words.append("at most \(count(options.maxHeaderBytes, "byte")) of headers per part")
        }
        if options.maxHeaderLines != defaults.maxHeaderLines {
            words.append("at most \(count(options.maxHeaderLines, "header line")) per part")
        }
        if options.maxHeaderLineLength != defaults.maxHeaderLineLength {
            words.append("header lines of at most \(count(options.maxHeaderLineLength, "byte"))")
        }
        if options.maxNestingDepth != defaults.maxNestingDepth {
            words.append(options.maxNestingDepth == 0 ? "no nesting" : "nesting at most \(options.maxNestingDepth) deep")
        }
        if options.maxDiagnostics != defaults.maxDiagnostics {
            words.append("at most \(count(options.maxDiagnostics, "finding"))")
        }
        if options.collectParts != defaults.collectParts { words.append("parts not collected") }
        return words
    }
}
