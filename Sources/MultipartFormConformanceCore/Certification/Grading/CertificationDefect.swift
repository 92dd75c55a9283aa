/// Verdicts that show one problem for one cause, counted once: "1 problem, on 241 vectors".
///
/// One defect broken on every vector (a per-part `Content-Length` on every body) is one thing for a
/// maintainer to fix, however many vectors show it. A verdict's cause (``CertificationVerdict/cause``)
/// is what it shares with the others of its defect: for an encoder, the rules its body breaks and which
/// of a field's attributes read otherwise; for a decoder, which attribute it read otherwise (or that it
/// rejected or gave no answer), on bodies of which area with which findings. It is a grouping, not a
/// diagnosis: two defects that happen to show alike fall into one group.
public struct CertificationDefect: Sendable, Hashable {
    /// The problem its verdicts show.
    public var problem: CertificationProblem
    /// What its verdicts share, such as `[header-not-allowed]` or `content differs, on charset bodies [charset-param]`.
    public var cause: String
    /// The vectors that show it, in the report's order.
    public var vectorIDs: [String]

    /// One line, such as `writes-ignored-headers: [header-not-allowed], on 224 vectors (binary/y-all-256-bytes, ...)`.
    public var line: String {
        let shown = vectorIDs.prefix(3).joined(separator: ", ") + (vectorIDs.count > 3 ? ", ..." : "")
        return "\(problem): \(cause), on \(vectorIDs.count) vector\(vectorIDs.count == 1 ? "" : "s") (\(shown))"
    }
}

extension CertificationReport {
    /// The report's problems grouped by cause, worst problem first, then the most vectors first.
    ///
    /// Leniency (`accepts-invalid`) is left out: it is no defect.
    public var defects: [CertificationDefect] {
        var groups: [String: CertificationDefect] = [:]
        var order: [String] = []
        for verdict in verdicts {
            guard let problem = problem(of: verdict), problem != .acceptsInvalid else { continue }
            let cause = verdict.cause ?? DefectCause.fromDetails(of: verdict)
            let key = problem.rawValue + "\u{0}" + cause
            if groups[key] == nil {
                groups[key] = CertificationDefect(problem: problem, cause: cause, vectorIDs: [])
                order.append(key)
            }
            groups[key]!.vectorIDs.append(verdict.vectorID)
        }
        let ladder = CertificationProblem.ladder(for: kind)
        return order.compactMap { groups[$0] }.enumerated().sorted { lhs, rhs in
            let left = ladder.firstIndex(of: lhs.element.problem) ?? ladder.count
            let right = ladder.firstIndex(of: rhs.element.problem) ?? ladder.count
            if left != right { return left < right }
            if lhs.element.vectorIDs.count != rhs.element.vectorIDs.count {
                return lhs.element.vectorIDs.count > rhs.element.vectorIDs.count
            }
            return lhs.offset < rhs.offset
        }.map(\.element)
    }

    /// How many defects each problem has, in the order of ``problemCounts``.
    public var defectCounts: [CertificationProblem: Int] {
        defects.reduce(into: [:]) { $0[$1.problem, default: 0] += 1 }
    }
}

/// How a verdict's cause is worded (``CertificationVerdict/cause``).
enum DefectCause {
    /// An encoder's: the rules behind its errors, then the attributes that read otherwise.
    static func encoder(errorRules: [String], fieldDifferences: [String]) -> String {
        var words: [String] = []
        if !errorRules.isEmpty { words.append("[" + Set(errorRules).sorted().joined(separator: ", ") + "]") }
        let kinds = attributes(in: fieldDifferences)
        if !kinds.isEmpty { words.append(kinds.joined(separator: ", ") + " differ" + (kinds.count == 1 ? "s" : "")) }
        return words.isEmpty ? "no finding recorded" : words.joined(separator: "; ")
    }

    /// An encoder's avoidable warnings: the rules behind them, and what the field comparison warned of,
    /// without the field's name or value (which differ from form to form).
    static func warnings(_ warnings: [String], rules: [String]) -> String {
        var words = Set(rules).sorted().map { $0 }
        let comparisons = [
            ("a text field was sent with Content-Type", "a text field with a Content-Type"),
            ("content holds '--", "content holds the boundary"),
            ("headers hold '--", "headers hold the boundary"),
        ]
        for (said, short) in comparisons where warnings.contains(where: { $0.contains(said) }) { words.append(short) }
        return words.isEmpty ? "warnings" : "[" + words.joined(separator: ", ") + "]"
    }

    /// A decoder's: what it did (the attributes it read otherwise, a rejection, no answer), on which bodies.
    static func decoder(what: String, area: String, bodyRules: [String]) -> String {
        let rules = Set(bodyRules).sorted()
        return "\(what), on \(area) bodies" + (rules.isEmpty ? "" : " [\(rules.joined(separator: ", "))]")
    }

    /// The attributes a list of differences names (`name`, `filename`, `content type`, `content`, `part count`), each once, in that order.
    static func attributes(in differences: [String]) -> [String] {
        var found: Set<String> = []
        for line in differences {
            if line.hasPrefix("expected ") && line.contains(" part") {
                found.insert("part count")
                continue
            }
            for attribute in ["content type", "filename", "name", "content"] where line.contains(" \(attribute): ") || line.contains(") \(attribute): ") {
                found.insert(attribute)
                break
            }
        }
        return ["part count", "name", "filename", "content type", "content"].filter(found.contains)
    }

    /// For a verdict read from a report that recorded no cause: the rules its details name and the attributes they say differ.
    static func fromDetails(of verdict: CertificationVerdict) -> String {
        var rules: [String] = []
        for line in verdict.details where line.hasPrefix("error: ") {
            if let open = line.lastIndex(of: "["), let close = line[open...].firstIndex(of: "]") {
                rules.append(String(line[line.index(after: open)..<close]))
            }
        }
        let attributes = attributes(in: verdict.details)
        if rules.isEmpty && attributes.isEmpty { return EncoderCertification.oneLine(verdict.summary, limit: 80) }
        return encoder(errorRules: rules, fieldDifferences: verdict.details)
    }
}
