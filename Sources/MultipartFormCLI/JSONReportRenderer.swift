import MultipartForm

/// The JSON output of `validate`: one object per file, keys in a fixed order.
///
/// ```
/// {"version": 1, "files": [{"path", "conforming", "parts", "bytes", "boundary",
///   "counts": {"error", "warning", "note"},
///   "diagnostics": [{"rule", "severity", "origin", "offset", "line", "column", "part",
///                    "message", "citation", "fix"}],
///   "decoded_parts": [{"index", "name", "filename", "content_type", "header_offset",
///                      "header_length", "body_offset", "body_length"}]}]}
/// ```
/// `parts` is the number of parts framed; `decoded_parts` lists the parts collected (up to the part
/// limit). A name, filename or content type that is not valid UTF-8 is given as `name_base64`,
/// `filename_base64` or `content_type_base64` instead, as in the corpus sidecars.
enum JSONReportRenderer {
    /// The schema version, bumped on any incompatible change.
    static let schemaVersion = 1

    /// The object describing one validated file.
    static func file(path: String, report: ValidationReport, verdict: Verdict) -> JSONValue {
        .object([
            ("path", .string(path)),
            ("conforming", .bool(verdict.passes)),
            ("parts", .int(report.partCount)),
            ("bytes", .int(report.byteCount)),
            ("boundary", .string(report.boundary.map { String(decoding: $0, as: UTF8.self) })),
            (
                "counts",
                .object([
                    ("error", .int(report.errorCount)),
                    ("warning", .int(report.warningCount)),
                    ("note", .int(report.noteCount)),
                ])
            ),
            ("diagnostics", .array(report.diagnostics.map(diagnostic))),
            ("decoded_parts", .array(report.parts.map(part))),
        ])
    }

    /// The file object with what the input was: `input` (`http` or `har`), `label`, `offsets`
    /// (`capture` or `decoded-body`: what diagnostic offsets count into), `request` and `messages`.
    static func addingInput(of body: ValidatedBody, to file: JSONValue) -> JSONValue {
        guard case .object(var members) = file else { return file }
        members += [
            ("input", .string(body.format.rawValue)),
            ("label", .string(body.label)),
            ("offsets", .string(body.format == .har ? "decoded-body" : "capture")),
            (
                "request",
                body.request.map { .object([("method", .string($0.method)), ("url", .string($0.url))]) } ?? .null
            ),
            (
                "messages",
                .array(
                    body.messages.map {
                        .object([("severity", .string($0.severity.rawValue)), ("message", .string($0.text))])
                    })
            ),
        ]
        return .object(members)
    }

    static func diagnostic(_ diagnostic: Diagnostic) -> JSONValue {
        let citation = diagnostic.citation
        return .object([
            ("rule", .string(diagnostic.rule.rawValue)),
            ("severity", .string(diagnostic.severity.rawValue)),
            ("origin", .string(diagnostic.origin.rawValue)),
            ("offset", .int(diagnostic.offset)),
            ("line", .int(diagnostic.line)),
            ("column", .int(diagnostic.column)),
            ("part", .int(diagnostic.partIndex)),
            ("message", .string(diagnostic.message)),
            ("citation", .string(citation.isEmpty ? nil : citation)),
            ("fix", .string(diagnostic.fixHint ?? Rule.named(diagnostic.rule)?.fixHint)),
        ])
    }

    static func part(_ part: DecodedPart) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [("index", .int(part.index))]
        members.append(bytesMember("name", part.name))
        members.append(bytesMember("filename", part.filename))
        members.append(bytesMember("content_type", part.contentType))
        members += [
            ("header_offset", .int(part.headerRange.lowerBound)),
            ("header_length", .int(part.headerRange.count)),
            ("body_offset", .int(part.bodyRange.lowerBound)),
            ("body_length", .int(part.bodyRange.count)),
        ]
        return .object(members)
    }

    /// `key: "text"` for valid UTF-8, `key_base64: "…"` otherwise, `key: null` for `nil`.
    private static func bytesMember(_ key: String, _ bytes: [UInt8]?) -> (key: String, value: JSONValue) {
        guard let bytes else { return (key, .null) }
        if let text = String(validating: bytes, as: UTF8.self) {
            return (key, .string(text))
        }
        return (key + "_base64", .string(Base64.encode(bytes)))
    }
}

/// Standard base64 (RFC 4648 §4) with padding.
enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    static func encode(_ bytes: [UInt8]) -> String {
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let b0 = UInt32(bytes[index])
            let b1 = index + 1 < bytes.count ? UInt32(bytes[index + 1]) : 0
            let b2 = index + 2 < bytes.count ? UInt32(bytes[index + 2]) : 0
            let triple = b0 << 16 | b1 << 8 | b2
            output.append(alphabet[Int(triple >> 18 & 0x3F)])
            output.append(alphabet[Int(triple >> 12 & 0x3F)])
            output.append(index + 1 < bytes.count ? alphabet[Int(triple >> 6 & 0x3F)] : UInt8(ascii: "="))
            output.append(index + 2 < bytes.count ? alphabet[Int(triple & 0x3F)] : UInt8(ascii: "="))
            index += 3
        }
        return String(decoding: output, as: UTF8.self)
    }
}
