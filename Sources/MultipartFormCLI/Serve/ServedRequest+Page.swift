#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import MultipartForm
import MultipartFormConformanceCore

extension ServedRequest {
    /// The most findings an entry of the live page keeps, each with its byte view.
    static let pageFindingLimit = 50
    /// The most parts an entry lists.
    static let pagePartLimit = 100
    /// How many bytes of the body's head the page shows.
    static let pageHeadBytes = 2048
    /// How many bytes of a text part the page previews.
    static let pagePreviewBytes = 256

    /// The request as the live page shows it: what it was, its parts, its findings each with the
    /// lines around it made visible and the rule's explanation, and the head of the body.
    ///
    /// Everything in it is cut to a fixed size (``pageFindingLimit``, ``pagePartLimit``,
    /// ``pageHeadBytes``), so the history's memory does not grow with the bodies.
    func pageEntry(report: ValidationReport, verdict: Verdict, status: ServeStatus) -> ServeHistory.Entry {
        var plain = TextReportRenderer(displayPath: label, contentType: contentType)
        plain.style = .plain
        let length = recent.count
        let findings: [JSONValue] = found.prefix(Self.pageFindingLimit).map { diagnostic in
            let rule = Rule.named(diagnostic.rule)
            return .object([
                ("rule", .string(diagnostic.rule.rawValue)),
                ("severity", .string(diagnostic.severity.rawValue)),
                ("offset", .int(diagnostic.offset)), ("line", .int(diagnostic.line)), ("column", .int(diagnostic.column)),
                ("part", .int(diagnostic.partIndex)),
                ("message", .string(diagnostic.message)),
                ("view", .string(plain.render(diagnostic, body: recent, bodyLength: length))),
                ("summary", .string(rule?.summary)), ("rationale", .string(rule?.rationale)),
                ("fix", .string(diagnostic.fixHint ?? rule?.fixHint)), ("citation", .string(diagnostic.citation)),
            ])
        }
        let parts: [JSONValue] = report.parts.prefix(Self.pagePartLimit).map { part in
            let type = part.contentType.map { String(decoding: $0, as: UTF8.self).lowercased() }
            let isText = type == nil || type?.hasPrefix("text/") == true || type?.hasPrefix("application/json") == true
            let previewRange = part.bodyRange.lowerBound..<min(part.bodyRange.upperBound, part.bodyRange.lowerBound + Self.pagePreviewBytes)
            let preview = isText ? recent.bytes(in: previewRange) : []
            return .object([
                JSONValue.bytesMember("name", part.name), JSONValue.bytesMember("filename", part.filename),
                JSONValue.bytesMember("content_type", part.contentType), ("size", .int(part.bodyRange.count)),
                ("preview", .string(isText && preview.count == previewRange.count ? VisibleBytes.escape(preview) : nil)),
            ])
        }
        let entry = JSONValue.object([
            ("number", .int(number)), ("time", .int(Int(time(nil)))),
            ("method", .string(VisibleBytes.escape(head.method))), ("target", .string(VisibleBytes.escape(head.target))),
            ("peer", .string(peer)), ("content_type", .string(contentType.map(VisibleBytes.escape))),
            ("bytes", .int(report.byteCount)), ("status", .int(status.code)),
            ("verdict", .string(verdict.description)), ("conforming", .bool(verdict.passes)),
            ("counts", .object([("error", .int(report.errorCount)), ("warning", .int(report.warningCount)), ("note", .int(report.noteCount))])),
            ("messages", .array(messages.map { .string("\($0.severity.rawValue): \($0.text)") })),
            ("parts", .array(parts)), ("part_count", .int(report.partCount)),
            ("findings", .array(findings)), ("finding_count", .int(found.count)),
            ("head", .string(VisibleBytes.escape(recent.bytes(in: 0..<min(Self.pageHeadBytes, length))))),
        ])
        return ServeHistory.Entry(number: number, json: entry.compactRendering())
    }
}
