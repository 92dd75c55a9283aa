import MultipartForm
import MultipartFormReceivers
import MultipartFormConformanceCore
import MultipartFormSystem

extension ServedRequest {
    /// The most findings an entry of the live page keeps, each with its byte view.
    static let pageFindingLimit = 50
    /// The most parts an entry lists.
    static let pagePartLimit = 100
    /// How many bytes of the body's head the page shows.
    static let pageHeadBytes = 2048
    /// How many bytes of a text part the page previews.
    static let pagePreviewBytes = 256
    /// The largest image the page previews (inline, as a `data:` URL).
    static let pageImageBytes = 48 * 1024
    /// How many bytes of a part's name, filename or Content-Type the page keeps (the length is said
    /// when it is cut): a hostile body's 8 KB names, six bytes each once escaped, would otherwise
    /// make each entry megabytes.
    static let pageParameterBytes = 256
    /// How many characters of a finding's message and byte view the page keeps.
    static let pageTextCharacters = 2048
    /// The bytes read on each side of a finding for its marked line on the page.
    static let pageMarkContext = 96
    /// The most bytes one entry's JSON can take, from the limits above; the page fuzz target holds
    /// every entry to it. JSON escapes a byte in at most six (`\u0001`), and a byte view shows a byte
    /// in at most four (`\xE5`), whose backslash JSON doubles: eight.
    static let pageEntryByteLimit: Int = {
        let escaped = 8
        // A finding's text, its marked line, the rule's own texts, and the ids of the receivers
        // that read it otherwise (each at most 32 bytes once quoted).
        let finding = 2 * pageTextCharacters * 6 + 2 * pageMarkContext * escaped + 8 * 1024 + Receiver.all.count * 32
        let part = 3 * (pageParameterBytes * 6 + 32) + pagePreviewBytes * escaped + 256
        // Images come only from the kept windows of the body: its head and its tail, 64 KiB each.
        let images = (2 * 64 * 1024) * 4 / 3 + pagePartLimit * 64
        return pageFindingLimit * finding + pagePartLimit * part + images + pageHeadBytes * escaped + 64 * 1024
    }()
    /// The image types the page previews; SVG is not one (it can carry script and links).
    static let pageImageTypes: Set<String> = ["image/png", "image/jpeg", "image/gif", "image/webp"]

    /// The request as the live page shows it: what it was, its parts, its findings each with the
    /// lines around it made visible and the rule's explanation, and the head of the body.
    ///
    /// Everything in it is cut to a fixed size (``pageFindingLimit``, ``pagePartLimit``,
    /// ``pageHeadBytes``, ``pageImageBytes``), so the history's memory does not grow with the
    /// bodies; the capture for download is kept only for a body the head window holds whole.
    func pageEntry(report: ValidationReport, verdict: Verdict, status: ServeStatus) -> ServeHistory.Entry {
        var plain = TextReportRenderer(displayPath: label, contentType: contentType)
        plain.style = .plain
        let length = recent.count
        let findings: [JSONValue] = found.prefix(Self.pageFindingLimit).map { diagnostic in
            let rule = Rule.named(diagnostic.rule)
            let mark = marked(diagnostic, length: length)
            // The caret view only where the marked line cannot be had: the page keeps one of the two.
            let view = mark == .null ? Self.cut(plain.render(diagnostic, body: recent, bodyLength: length)) : nil
            return .object([
                ("rule", .string(diagnostic.rule.rawValue)),
                ("severity", .string(diagnostic.severity.rawValue)),
                ("offset", .int(diagnostic.offset)), ("line", .int(diagnostic.line)), ("column", .int(diagnostic.column)),
                ("part", .int(diagnostic.partIndex)),
                ("message", .string(Self.cut(diagnostic.message))),
                ("view", .string(view)), ("marked", mark), ("receiver", .string(diagnostic.receiver)),
                (
                    "otherwise",
                    .array(ReceiverCheck.receiversReadingOtherwise(diagnostic, in: report).map { .string($0.id) })
                ),
                ("summary", .string(rule?.summary)), ("rationale", .string(rule?.rationale)),
                ("fix", .string(diagnostic.fixHint ?? rule?.fixHint)), ("citation", .string(diagnostic.citation)),
            ])
        }
        let parts: [JSONValue] = report.parts.prefix(Self.pagePartLimit).map { part in
            let type = part.contentType.map { String(decoding: $0, as: UTF8.self).lowercased() }
            let isText = type == nil || type?.hasPrefix("text/") == true || type?.hasPrefix("application/json") == true
            let previewRange = part.bodyRange.lowerBound..<min(part.bodyRange.upperBound, part.bodyRange.lowerBound + Self.pagePreviewBytes)
            let preview = isText ? recent.bytes(in: previewRange) : []
            return .object(
                Self.cutParameter("name", part.name, byteCount: part.nameByteCount)
                    + Self.cutParameter("filename", part.filename, byteCount: part.filenameByteCount)
                    + Self.cutParameter("content_type", part.contentType, byteCount: part.contentTypeByteCount) + [
                ("size", .int(part.bodyRange.count)),
                ("preview", .string(isText && preview.count == previewRange.count ? VisibleBytes.escape(preview) : nil)),
                ("image", .string(imagePreview(type: type, range: part.bodyRange))),
            ])
        }
        let capture = self.capture(bodyLength: report.byteCount)
        let entry = JSONValue.object([
            ("number", .int(number)), ("time", .int(WallClock.secondsSinceEpoch())),
            ("method", .string(VisibleBytes.escape(head.method))), ("target", .string(VisibleBytes.escape(head.target))),
            ("peer", .string(peer)), ("content_type", .string(contentType.map(VisibleBytes.escape))),
            ("bytes", .int(report.byteCount)), ("framing", .string(isChunked ? "chunked" : "Content-Length")),
            ("status", .int(status.code)),
            ("verdict", .string(verdict.description)), ("conforming", .bool(verdict.passes)),
            ("counts", .object([("error", .int(report.errorCount)), ("warning", .int(report.warningCount)), ("note", .int(report.noteCount))])),
            ("messages", .array(messages.map { .string("\($0.severity.rawValue): \($0.text)") })),
            ("parts", .array(parts)), ("part_count", .int(report.partCount)),
            ("findings", .array(findings)), ("finding_count", .int(found.count)),
            ("head", .string(VisibleBytes.escape(recent.bytes(in: 0..<min(Self.pageHeadBytes, length))))),
            ("capture", .bool(capture != nil)), ("replay_content_type", .string(contentType.flatMap(Self.shellSafe))),
            // Only an origin-form path is replayed: never a target that names another host.
            ("replay_target", .string(RequestTarget.replayPath(head.target, method: head.method).flatMap(Self.shellSafe))),
        ])
        return ServeHistory.Entry(
            number: number, json: entry.compactRendering(), capture: capture?.bytes, bodyStart: capture?.bodyStart ?? 0,
            contentType: contentType)
    }

    /// The line around a finding in three pieces, every byte visible: `before`, `at` (the offending
    /// character, empty at the end of the input) and `after`. The page marks `at` itself rather than
    /// drawing a caret under it, which no font can place under CJK text reliably.
    private func marked(_ diagnostic: Diagnostic, length: Int) -> JSONValue {
        let source: [UInt8]
        let offset: Int
        switch diagnostic.origin {
        case .contentType:
            source = Array((contentType ?? "").utf8)
            offset = min(diagnostic.offset, source.count)
        case .body:
            let start = max(0, diagnostic.offset - Self.pageMarkContext)
            source = recent.bytes(in: start..<min(length, diagnostic.offset + Self.pageMarkContext))
            offset = min(diagnostic.offset - start, source.count)
            // A window the kept bytes no longer hold is not shown rather than shown wrong.
            guard diagnostic.offset >= start, offset <= source.count else { return .null }
        }
        let lineFeed = UInt8(ascii: "\n")
        let lineStart = source[..<offset].lastIndex(of: lineFeed).map { $0 + 1 } ?? 0
        let lineEnd = source[offset...].firstIndex(of: lineFeed).map { $0 + 1 } ?? source.count
        var atEnd = offset
        if offset < lineEnd {
            let lead = source[offset]
            let width = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC2 ? 2 : 1
            atEnd = min(offset + width, lineEnd)
            if width > 1, String(validating: source[offset..<atEnd], as: UTF8.self) == nil { atEnd = offset + 1 }
        }
        return .object([
            ("before", .string(VisibleBytes.escape(Array(source[lineStart..<offset])))),
            ("at", .string(VisibleBytes.escape(Array(source[offset..<atEnd])))),
            ("after", .string(VisibleBytes.escape(Array(source[atEnd..<lineEnd])))),
        ])
    }

    /// `key` with at most ``pageParameterBytes`` of `value`, and `key_length` (the whole length,
    /// `byteCount` when the report already kept only a prefix) when it was cut.
    static func cutParameter(_ key: String, _ value: [UInt8]?, byteCount: Int?) -> [(key: String, value: JSONValue)] {
        guard let value else { return [JSONValue.bytesMember(key, nil)] }
        let kept = value.withUnsafeBytes { Array(value.prefix(DecodedPart.keptCount($0, limit: pageParameterBytes))) }
        return JSONReportRenderer.value(key, kept, byteCount: max(byteCount ?? value.count, value.count))
    }

    /// `text` cut to ``pageTextCharacters`` characters, with `…` when it was cut.
    static func cut(_ text: String) -> String {
        text.count <= pageTextCharacters ? text : String(text.prefix(pageTextCharacters)) + "…"
    }

    /// A `data:` URL of the part's content, for a previewed image type whose content the head window
    /// holds whole and is no larger than ``pageImageBytes``.
    private func imagePreview(type: String?, range: Range<Int>) -> String? {
        guard let type, let bare = type.split(separator: ";").first.map({ String($0).trimmingSpaces }), Self.pageImageTypes.contains(bare),
            range.count > 0, range.count <= Self.pageImageBytes
        else { return nil }
        let content = recent.bytes(in: range)
        guard content.count == range.count else { return nil }
        return "data:\(bare);base64,\(Base64.encode(content))"
    }

    /// The request as `validate` reads an HTTP capture: the request line and header fields as they
    /// arrived (a chunked body's framing replaced by its length), then the body as validated. Only
    /// when the head window holds the whole body.
    private func capture(bodyLength: Int) -> (bytes: [UInt8], bodyStart: Int)? {
        guard let body = keptBody(length: bodyLength) else { return nil }
        var text = "\(head.method) \(head.target) \(head.version)\r\n"
        for (name, value) in head.fields {
            let lowered = name.lowercased()
            guard lowered != "content-length" && lowered != "transfer-encoding" else { continue }
            text += "\(name): \(value)\r\n"
        }
        text += "Content-Length: \(bodyLength)\r\n\r\n"
        let start = text.utf8.count
        return (Array(text.utf8) + body, start)
    }

    /// The whole body, when it was no larger than the window kept of its head.
    func keptBody(length: Int) -> [UInt8]? {
        guard length == recent.count, length <= recent.headCapacity else { return nil }
        return recent.bytes(in: 0..<length)
    }

    /// `text` when it can go into a shell command inside single quotes as it is: printable ASCII.
    private static func shellSafe(_ text: String) -> String? {
        text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F } ? text : nil
    }
}
