/// Collects findings up to the diagnostics limit, counting every one by severity.
struct DiagnosticCollector {
    let limit: Int
    private(set) var kept: [Diagnostic] = []
    private(set) var counts: [Severity: Int] = [:]
    private var firstDropped: (offset: Int, line: Int, column: Int, origin: Diagnostic.Origin)?
    private var dropped = 0

    init(limit: Int) { self.limit = limit }

    /// Records a finding of `rule` at a position.
    ///
    /// The message and fix are built only for a finding that is kept: past the limit a finding is
    /// only counted, so finding-dense input costs no string building beyond the first `limit`.
    mutating func add(
        _ rule: Rule.ID, origin: Diagnostic.Origin = .body, offset: Int, line: Int, column: Int, part: Int?,
        _ message: @autoclosure () -> String, fix: @autoclosure () -> String? = nil
    ) {
        let entry = Rule.named(rule)
        let severity = entry?.severity ?? .error
        counts[severity, default: 0] += 1
        guard kept.count < limit else {
            if firstDropped == nil { firstDropped = (offset, line, column, origin) }
            dropped += 1
            return
        }
        kept.append(
            Diagnostic(
                rule: rule, severity: severity, origin: origin, offset: offset, line: line, column: column,
                partIndex: part, message: message(), fixHint: fix() ?? entry?.fixHint))
    }

    /// Appends an already-built finding (from a nested body), still subject to the limit.
    mutating func add(_ diagnostic: Diagnostic) {
        counts[diagnostic.severity, default: 0] += 1
        guard kept.count < limit else {
            if firstDropped == nil {
                firstDropped = (diagnostic.offset, diagnostic.line, diagnostic.column, diagnostic.origin)
            }
            dropped += 1
            return
        }
        kept.append(diagnostic)
    }

    /// The findings in report order, with the `limit-diagnostics` note when some were dropped.
    func finished() -> (diagnostics: [Diagnostic], counts: [Severity: Int]) {
        var all = kept
        var totals = counts
        if let firstDropped {
            let entry = Rule.named(.limitDiagnostics)
            all.append(
                Diagnostic(
                    rule: .limitDiagnostics, severity: .note, origin: firstDropped.origin, offset: firstDropped.offset,
                    line: firstDropped.line, column: firstDropped.column, partIndex: nil,
                    message: "\(dropped) more finding\(dropped == 1 ? "" : "s") dropped after the first \(limit)",
                    fixHint: entry?.fixHint))
            totals[.note, default: 0] += 1
        }
        all.sort { lhs, rhs in
            if lhs.origin != rhs.origin { return lhs.origin == .contentType }
            if lhs.offset != rhs.offset { return lhs.offset < rhs.offset }
            return lhs.rule < rhs.rule
        }
        return (all, totals)
    }
}
