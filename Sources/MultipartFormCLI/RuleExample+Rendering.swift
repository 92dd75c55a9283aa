import MultipartForm

extension RuleExample {
    /// The widest body line shown whole; longer lines are cut, saying how many bytes were left out.
    static let widestLine = 68

    /// The example as `explain` prints it, indented by two spaces: the Content-Type, any limits, the
    /// body one line per line with every byte visible, then `=>` and what the validator reports
    /// about `rule` (for a failing example) or that it reports nothing of the kind.
    func rendered(for rule: Rule.ID) -> String {
        var lines: [String] = []
        lines.append(contentType.map { "Content-Type: " + $0 } ?? "(no Content-Type header: the boundary is inferred)")
        if let limits { lines.append("(limits: \(limits))") }
        if body.isEmpty {
            lines.append("| (empty body)")
        } else {
            var start = 0
            while start < body.count {
                var end = start
                while end < body.count && body[end] != UInt8(ascii: "\n") { end += 1 }
                end = min(body.count, end + 1)
                lines.append("| " + Self.shortened(Array(body[start..<end])))
                start = end
            }
        }
        let report = validate()
        if let finding = report.diagnostics.first(where: { $0.rule == rule }) {
            let place = finding.origin == .contentType ? "Content-Type:1:\(finding.column)" : "\(finding.line):\(finding.column)"
            lines.append("=> \(place): \(finding.severity.rawValue): \(finding.message)")
        } else {
            let others = report.diagnostics.map { "\($0.severity.rawValue) \($0.rule)" }
            lines.append("=> no \(rule) finding" + (others.isEmpty ? "" : "; also reported: " + others.joined(separator: ", ")))
        }
        return lines.map { "  " + $0 }.joined(separator: "\n")
    }

    /// A body line rendered visibly, cut after ``widestLine`` characters.
    static func shortened(_ line: [UInt8]) -> String {
        let cells = VisibleBytes.cells(line)
        guard cells.count > widestLine else { return cells.map(\.text).joined() }
        let kept = cells[0..<widestLine - 12]
        let tail = cells[(cells.count - 4)...]
        let omitted = line.count - kept.last!.bytes.upperBound - (line.count - tail.first!.bytes.lowerBound)
        return kept.map(\.text).joined() + "…(\(omitted) bytes)…" + tail.map(\.text).joined()
    }
}
