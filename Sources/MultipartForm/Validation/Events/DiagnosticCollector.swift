/// Collects findings up to the diagnostics limit, counting every one by severity.
///
/// The report lists the first `limit` findings in report order (by position), whatever order the
/// engine found them in. The engine does not find them strictly in order: a check that waits for
/// more bytes (a `--boundary` in content that spans two chunks, a part-level check made at the end
/// of the headers) notes its finding after later ones, and how much later depends on where the
/// chunks end. Keeping the first `limit` found would make the report depend on chunking once the
/// limit is reached; keeping the earliest by position does not.
struct DiagnosticCollector {
    let limit: Int
    /// The first `limit` findings in the order they were found, for a caller showing them as they
    /// come. Past the limit the report may list an earlier one found later instead of one of these.
    private(set) var found: [Diagnostic] = []
    /// The earliest `limit` findings by position, for the report: a heap whose root is the latest of them.
    private var earliest: [(diagnostic: Diagnostic, place: Place)] = []
    /// How many findings were noted, kept or not: the order they were found in.
    private var noted = 0
    private(set) var counts: [Severity: Int] = [:]
    /// Where the earliest finding the report does not list is.
    private var firstDropped: Place?
    private var dropped = 0

    /// Where a finding is, in report order.
    private struct Place {
        let origin: Diagnostic.Origin
        let offset: Int
        let line: Int
        let column: Int
        let rule: Rule.ID
        /// How many findings were noted before this one.
        let sequence: Int

        /// Report order: the Content-Type value's findings first, then by offset, then by rule, then
        /// in the order found.
        func precedes(_ other: Place) -> Bool {
            if origin != other.origin { return origin == .contentType }
            if offset != other.offset { return offset < other.offset }
            if rule != other.rule { return rule < other.rule }
            return sequence < other.sequence
        }
    }

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
        guard let place = admitted(origin: origin, offset: offset, line: line, column: column, rule: rule) else { return }
        keep(
            Diagnostic(
                rule: rule, severity: severity, origin: origin, offset: offset, line: line, column: column,
                partIndex: part, message: message(), fixHint: fix() ?? entry?.fixHint),
            at: place)
    }

    /// Appends an already-built finding (from a nested body), still subject to the limit.
    mutating func add(_ diagnostic: Diagnostic) {
        counts[diagnostic.severity, default: 0] += 1
        guard
            let place = admitted(
                origin: diagnostic.origin, offset: diagnostic.offset, line: diagnostic.line, column: diagnostic.column,
                rule: diagnostic.rule)
        else { return }
        keep(diagnostic, at: place)
    }

    /// The findings in report order, with the `limit-diagnostics` note when some were dropped.
    func finished() -> (diagnostics: [Diagnostic], counts: [Severity: Int]) {
        var all = earliest
        var totals = counts
        if let firstDropped {
            let entry = Rule.named(.limitDiagnostics)
            let note = Diagnostic(
                rule: .limitDiagnostics, severity: .note, origin: firstDropped.origin, offset: firstDropped.offset,
                line: firstDropped.line, column: firstDropped.column, partIndex: nil,
                message: "\(dropped) more finding\(dropped == 1 ? "" : "s") dropped after the first \(limit)",
                fixHint: entry?.fixHint)
            all.append(
                (note, Place(
                    origin: note.origin, offset: note.offset, line: note.line, column: note.column, rule: note.rule,
                    sequence: noted)))
            totals[.note, default: 0] += 1
        }
        all.sort { $0.place.precedes($1.place) }
        return (all.map(\.diagnostic), totals)
    }

    /// The place of the finding noted next, when the report lists it; `nil`, and the finding dropped, when not.
    private mutating func admitted(origin: Diagnostic.Origin, offset: Int, line: Int, column: Int, rule: Rule.ID) -> Place? {
        let place = Place(origin: origin, offset: offset, line: line, column: column, rule: rule, sequence: noted)
        noted += 1
        guard earliest.count < limit || listsEarlier(place) else {
            drop(place)
            return nil
        }
        return place
    }

    /// Whether a finding at `place` would take the latest listed finding's slot. Reads the root's
    /// place alone: copying the root would copy its strings for every finding past the limit.
    private func listsEarlier(_ place: Place) -> Bool {
        !earliest.isEmpty && place.precedes(earliest[0].place)
    }

    /// Lists a finding: in a free slot while fewer than `limit` are kept, else in the latest one's.
    private mutating func keep(_ diagnostic: Diagnostic, at place: Place) {
        if earliest.count < limit {
            found.append(diagnostic)
            earliest.append((diagnostic, place))
            siftUp(from: earliest.count - 1)
        } else {
            drop(earliest[0].place)
            earliest[0] = (diagnostic, place)
            siftDown(from: 0)
        }
    }

    private mutating func drop(_ place: Place) {
        dropped += 1
        if let first = firstDropped, !place.precedes(first) { return }
        firstDropped = place
    }

    private mutating func siftUp(from start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard earliest[parent].place.precedes(earliest[child].place) else { return }
            earliest.swapAt(parent, child)
            child = parent
        }
    }

    private mutating func siftDown(from start: Int) {
        var parent = start
        while true {
            var latest = parent
            let left = 2 * parent + 1
            let right = left + 1
            if left < earliest.count && earliest[latest].place.precedes(earliest[left].place) { latest = left }
            if right < earliest.count && earliest[latest].place.precedes(earliest[right].place) { latest = right }
            guard latest != parent else { return }
            earliest.swapAt(parent, latest)
            parent = latest
        }
    }
}
