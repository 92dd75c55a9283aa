import MultipartForm
import MultipartFormConformanceCore

/// `compare` output: each group of parsers with its reading, part by part, cells that differ from the
/// validator's reading marked `*`; then the validator's findings, which explain the differences.
enum ComparisonRenderer {
    /// The widest a name, filename or content type is shown before it is cut with `…`.
    static let maxCellColumns = 40
    /// How many hex digits of each part's SHA-256 are shown in text.
    static let digestDigits = 12

    /// The text report of one comparison; without `findings`, the validator's findings are left
    /// out (for a reader who has them already).
    static func text(_ comparison: BodyComparison, style: TerminalStyle = .plain, findings: Bool = true) -> String {
        var out = style.bold("\(comparison.label):") + " \(TextReportRenderer.count(comparison.body.count, "byte")), "
            + "Content-Type: \(VisibleBytes.escape(comparison.contentType))\n"
        for note in comparison.notes { out += "  note: \(note)\n" }
        out += "\n" + style.bold("multipart-check (the strict validator) reads:") + "\n"
        out += table(comparison.baseline, baseline: comparison.baseline)
        var marked = false
        for group in comparison.groups {
            let ids = group.readings.map(\.id)
            out += "\n" + style.bold("\(group.kind.heading) (\(ids.count)):") + " " + ids.joined(separator: ", ") + "\n"
            switch group.kind {
            case .same:
                break
            case .convention:
                let names = group.readings.flatMap(\.conventions).map(\.rawValue)
                out += "  (\(Set(names).sorted().joined(separator: ", ")): \(Set(group.readings.flatMap(\.conventions)).sorted().map(\.meaning).joined(separator: "; ")))\n"
                out += table(group.readings[0].parts ?? [], baseline: comparison.baseline)
            case .otherParts, .dataLoss:
                let parts = group.readings[0].parts ?? []
                out += table(parts, baseline: comparison.baseline)
                marked = true
            case .rejected, .noAnswer:
                for reading in group.readings {
                    switch reading.outcome {
                    case .rejected(let reason), .noAnswer(let reason):
                        out += "  \(reading.id): \(VisibleBytes.escape(shortened(reason, to: 160)))\n"
                    case .parts:
                        break
                    }
                }
            }
        }
        if marked { out += "\n(* differs from the validator's reading; sizes in bytes, sha256 cut to \(digestDigits) digits)\n" }
        if !comparison.firewalls.isEmpty { out += "\n" + firewalls(comparison.firewalls, style: style) }
        guard findings else { return out }
        out += "\n" + style.bold("What the validator finds") + " (positions count in the body):\n\n"
        var renderer = TextReportRenderer(displayPath: comparison.label, contentType: comparison.contentType)
        renderer.style = style
        let source = BodyInput(standardInput: .bytes(comparison.body))
        for diagnostic in comparison.report.diagnostics {
            out += renderer.render(diagnostic, body: source, bodyLength: comparison.body.count)
        }
        out += renderer.summary(comparison.report, verdict: Verdict(comparison.report, warningsAsErrors: false))
        return out
    }

    /// The firewalls' answers: each configuration's status and the rules it matched, then which of
    /// them let the body through to the parsers above.
    static func firewalls(_ answers: [FirewallAnswer], style: TerminalStyle = .plain) -> String {
        var out = style.bold("Firewalls (\(answers.count)):") + "\n"
        let width = answers.map(\.id.count).max() ?? 0
        for answer in answers {
            let id = answer.id + String(repeating: " ", count: max(0, width - answer.id.count))
            switch answer.outcome {
            case .answered(let status, let rules):
                let shown = status.map(String.init) ?? "no answer"
                let matched = rules.prefix(4).map { "\($0.id) \(shortened(VisibleBytes.escape($0.message), to: 60))" }
                let more = rules.count > 4 ? "; and \(rules.count - 4) more" : ""
                if answer.passes {
                    out += "  \(id)  \(shown) let through" + (rules.isEmpty ? "" : " (matched, below its threshold: " + matched.joined(separator: "; ") + more + ")") + "\n"
                } else {
                    out += "  \(id)  \(shown) stopped" + (rules.isEmpty ? "" : ": " + matched.joined(separator: "; ") + more) + "\n"
                }
            case .failed(let reason):
                out += "  \(id)  not asked: \(VisibleBytes.escape(shortened(reason, to: 160)))\n"
            }
        }
        let through = answers.filter(\.passes).map(\.id)
        out += through.isEmpty
            ? "No firewall above lets the body through: no application behind them reads it.\n"
            : "Let through by \(through.joined(separator: ", ")): the applications behind \(through.count == 1 ? "it" : "them") read the body as the parsers above do.\n"
        return out
    }

    /// One firewall's answer as a JSON object (an element of a body's `firewalls`).
    static func json(_ answer: FirewallAnswer) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [("id", .string(answer.id)), ("version", .string(answer.version))]
        switch answer.outcome {
        case .answered(let status, let rules):
            members.append(("status", .int(status)))
            members.append(("passes", .bool(answer.passes)))
            members.append(("rules", .array(rules.map { .object([("id", .string($0.id)), ("message", .string($0.message))]) })))
        case .failed(let reason):
            members.append(("passes", .bool(false)))
            members.append(("error", .string(reason)))
        }
        return .object(members)
    }

    /// The parts as a table, each cell that differs from the baseline part it stands for marked `*`
    /// (matched by name, in order within a name: ``BodyComparison/match(_:to:)``); the baseline parts
    /// nothing stands for are listed as missing, each with the start of its value.
    static func table(_ parts: [DecodedFormPart], baseline: [DecodedFormPart]) -> String {
        var rows: [[String]] = [["#", "name", "filename", "content-type", "size", "value", "sha256"]]
        let matching = BodyComparison.match(parts, to: baseline)
        var counterpart: [Int: Int] = [:]
        for pair in matching.pairs { counterpart[pair.read] = pair.expected }
        for (index, part) in parts.enumerated() {
            let expected = counterpart[index].map { baseline[$0] }
            func cell(_ text: String, _ same: Bool) -> String { (same ? " " : "*") + text }
            rows.append([
                String(index),
                cell(quoted(part.name), expected?.name == part.name),
                cell(quoted(part.filename), expected != nil && expected?.filename == part.filename),
                cell(part.contentType.map { cut(VisibleBytes.escape($0)) } ?? "-", expected != nil && expected?.contentType == part.contentType),
                cell(String(part.body.count), expected?.body.count == part.body.count),
                cell(preview(part.body), expected?.body == part.body),
                cell(digest(part.body, digits: digestDigits), expected?.body == part.body),
            ])
        }
        var missing: [String] = []
        for index in matching.missing {
            missing.append(
                "  -   (missing: \(quoted(baseline[index].name)), \(baseline[index].body.count) bytes: \(preview(baseline[index].body)))")
        }
        if parts.isEmpty && baseline.isEmpty { return "  (no parts)\n" }
        var widths = [Int](repeating: 0, count: rows[0].count)
        for row in rows {
            for (column, text) in row.enumerated() { widths[column] = max(widths[column], DisplayWidth.columns(text)) }
        }
        var out = ""
        for row in rows {
            var line = "  "
            for (column, text) in row.enumerated() {
                let padding = column == row.count - 1 ? 0 : widths[column] - DisplayWidth.columns(text) + 1
                line += text + String(repeating: " ", count: padding)
            }
            out += line + "\n"
        }
        return out + missing.map { $0 + "\n" }.joined()
    }

    /// The start of a value, made visible and cut, so what was lost can be read without the body.
    static func preview(_ body: [UInt8]) -> String {
        let shown = VisibleBytes.escape(Array(body.prefix(24)))
        return "\"" + shown + "\"" + (body.count > 24 ? "…" : "")
    }

    /// The JSON document for every comparison of one run (schema version 1); with `deadlineStop`,
    /// a `"deadline"` object says the run stopped there and lists the bodies it did not compare.
    static func json(
        _ comparisons: [BodyComparison], interopDirectory: String, notInstalled: [String], deadlineStop: CompareCommand.DeadlineStop? = nil
    ) -> String {
        var members: [(key: String, value: JSONValue)] = [
            ("version", .int(1)),
            ("interop", .string(interopDirectory)),
            ("not_installed", .array(notInstalled.map { .string($0) })),
            ("bodies", .array(comparisons.map(json))),
        ]
        if let stop = deadlineStop {
            members.append(
                (
                    "deadline",
                    .object([
                        ("milliseconds", .int(Int((stop.seconds * 1000).rounded()))), ("compared", .int(stop.compared)),
                        ("not_compared", .array(stop.skipped.map { .string($0) })),
                    ])
                ))
        }
        return JSONValue.object(members).rendered() + "\n"
    }

    /// One comparison as a JSON object (an element of the document's `bodies`).
    static func json(_ comparison: BodyComparison) -> JSONValue {
        .object([
            ("label", .string(comparison.label)),
            ("content_type", .string(comparison.contentType)),
            ("bytes", .int(comparison.body.count)),
            ("notes", .array(comparison.notes.map { .string($0) })),
            ("agree", .bool(comparison.agrees)),
            ("validator", .object([("parts", .array(comparison.baseline.map(json)))])),
            (
                "parsers",
                .array(
                    comparison.readings.map { reading in
                        var members: [(key: String, value: JSONValue)] = [
                            ("id", .string(reading.id)), ("version", .string(reading.version)),
                            ("reading", .string(comparison.kind(of: reading).rawValue)),
                        ]
                        switch reading.outcome {
                        case .parts(let parts): members.append(("parts", .array(parts.map(json))))
                        case .rejected(let reason), .noAnswer(let reason): members.append(("reason", .string(reason)))
                        }
                        return .object(members)
                    })
            ),
            ("firewalls", .array(comparison.firewalls.map(json))),
            (
                "findings",
                JSONReportRenderer.file(
                    path: comparison.label, report: comparison.report, verdict: Verdict(comparison.report, warningsAsErrors: false))
            ),
        ])
    }

    private static func json(_ part: DecodedFormPart) -> JSONValue {
        .object([
            JSONValue.bytesMember("name", part.name), JSONValue.bytesMember("filename", part.filename),
            JSONValue.bytesMember("content_type", part.contentType), ("size", .int(part.body.count)),
            ("sha256", .string(digest(part.body, digits: 64))),
        ])
    }

    /// `"name"` with its bytes made visible and cut to ``maxCellColumns``, or `-` for none.
    static func quoted(_ bytes: [UInt8]?) -> String {
        guard let bytes else { return "-" }
        return "\"" + cut(VisibleBytes.escape(bytes)) + "\""
    }

    /// The first `digits` hex digits of the SHA-256 of `bytes`.
    static func digest(_ bytes: [UInt8], digits: Int) -> String {
        String(CorpusManifest.SHA256.hex(CorpusManifest.SHA256.hash(bytes)).prefix(digits))
    }

    private static func cut(_ text: String) -> String {
        text.count > maxCellColumns ? String(text.prefix(maxCellColumns - 1)) + "…" : text
    }

    private static func shortened(_ text: String, to limit: Int) -> String {
        let line = text.split(whereSeparator: { $0 == "\n" }).joined(separator: " ")
        return line.count > limit ? String(line.prefix(limit - 1)) + "…" : line
    }
}
