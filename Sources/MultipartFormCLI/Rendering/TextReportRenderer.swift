import MultipartForm

/// Compiler-style text for one validated body: each finding with its snippet, then a summary line.
///
/// ```
/// upload.bin:2:41: warning: found '\n' without a preceding '\r' [header-bare-lf]
/// 2 | Content-Disposition: form-data; name="a"\n
///   |                                         ^
///   = see: RFC 2046 §5.1.1
///   = help: end every header line with CRLF
/// ```
struct TextReportRenderer {
    /// The path shown before each finding (`<stdin>` for standard input).
    var displayPath: String
    /// The outer Content-Type value, for snippets of findings in it.
    var contentType: String? {
        didSet { contentTypeBytes = Array((contentType ?? "").utf8) }
    }
    /// The Content-Type value's bytes, made once: a value of megabytes may hold thousands of findings.
    private var contentTypeBytes: [UInt8] = []

    init(displayPath: String, contentType: String?) {
        self.displayPath = displayPath
        self.contentType = contentType
        contentTypeBytes = Array((contentType ?? "").utf8)
    }
    /// The name in the summary line, when it differs from ``displayPath`` (a HAR entry's request).
    var summaryLabel: String? = nil
    /// Colours, or none.
    var style: TerminalStyle = .plain

    /// One finding: the location line, the snippet with its caret, the citation and the fix.
    ///
    /// `bodyPosition`, for a capture whose positions count from its first byte, adds where the finding
    /// is in the body (`capture.http:12:5 (body 3:5)`), the numbering `serve` prints for it.
    func render(
        _ diagnostic: Diagnostic, body: some SnippetSource, bodyLength: Int, bodyPosition: (line: Int, column: Int)? = nil
    ) -> String {
        let location: String
        let snippet: Snippet
        switch diagnostic.origin {
        case .contentType:
            location = "\(displayPath): content-type:1:\(diagnostic.column)"
            // A window around the finding, as for the body: never the whole value for each finding.
            let value = contentTypeBytes
            let start = max(0, min(diagnostic.offset, value.count) - Snippet.context)
            let end = min(value.count, diagnostic.offset + Snippet.context)
            snippet = Snippet(
                region: start < end ? Array(value[start..<end]) : [], regionStart: start, offset: diagnostic.offset,
                totalLength: value.count)
        case .body:
            location = "\(displayPath):\(diagnostic.line):\(diagnostic.column)" + (bodyPosition.map { " (body \($0.line):\($0.column))" } ?? "")
            let start = max(0, diagnostic.offset - Snippet.context)
            let region = body.bytes(in: start..<diagnostic.offset + Snippet.context)
            snippet = Snippet(region: region, regionStart: start, offset: diagnostic.offset, totalLength: bodyLength)
        }
        let endMarker = diagnostic.origin == .contentType ? " end of value" : " end of input"
        let lineLabel = diagnostic.origin == .contentType ? "1" : String(diagnostic.line)
        let gutter = String(repeating: " ", count: lineLabel.count)
        let severity = diagnostic.severity.rawValue
        let caret = String(repeating: " ", count: snippet.caretColumn)
            + style.severity("^" + (snippet.isAtEnd ? endMarker : ""), severity)
        var lines = [
            style.bold("\(location): ") + style.severity(severity + ":", severity)
                + style.bold(" \(diagnostic.message) [\(diagnostic.rule)]"),
            style.gutter("\(lineLabel) |") + " \(snippet.text)",
            style.gutter("\(gutter) |") + " \(caret)",
        ]
        let citation = diagnostic.citation
        if !citation.isEmpty {
            lines.append(style.gutter("\(gutter) =") + " see: \(citation)")
        }
        if let fix = diagnostic.fixHint ?? Rule.named(diagnostic.rule)?.fixHint {
            lines.append(style.gutter("\(gutter) =") + " help: \(fix)")
        }
        return lines.joined(separator: "\n") + "\n\n"
    }

    /// The summary line: `PATH: N parts, E errors, W warnings, N notes; conforming`.
    func summary(_ report: ValidationReport, verdict: Verdict) -> String {
        let counts = [
            Self.count(report.partCount, "part"),
            Self.count(report.errorCount, "error"),
            Self.count(report.warningCount, "warning"),
            Self.count(report.noteCount, "note"),
        ].joined(separator: ", ")
        let word = verdict.passes ? style.success(verdict.description) : style.severity(verdict.description, "error")
        return style.bold("\(summaryLabel ?? displayPath):") + " \(counts); \(word)\n"
    }

    /// `1 part`, `2 parts`.
    static func count(_ n: Int, _ noun: String) -> String {
        "\(n) \(noun)\(n == 1 ? "" : "s")"
    }
}

/// Whether a body passes, under the command's flags.
enum Verdict: Equatable {
    /// No error (and no warning under `--warnings-as-errors`).
    case conforming
    /// At least one error.
    case notConforming
    /// No error, but warnings while `--warnings-as-errors` is on.
    case failedOnWarnings

    init(_ report: ValidationReport, warningsAsErrors: Bool) {
        if !report.isConforming {
            self = .notConforming
        } else if warningsAsErrors, report.warningCount > 0 {
            self = .failedOnWarnings
        } else {
            self = .conforming
        }
    }

    /// Whether the body passes.
    var passes: Bool { self == .conforming }

    /// The verdict as the summary line says it.
    var description: String {
        switch self {
        case .conforming: "conforming"
        case .notConforming: "not conforming"
        case .failedOnWarnings: "not conforming (warnings are treated as errors)"
        }
    }
}
