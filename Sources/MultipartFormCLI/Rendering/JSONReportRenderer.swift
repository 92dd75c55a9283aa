import MultipartFormConformanceCore
import MultipartForm
import MultipartFormReceivers

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
/// `filename_base64` or `content_type_base64` instead, as in the corpus sidecars. One the report
/// keeps only the first bytes of (``ValidationOptions/maxCollectedValueBytes``, which `serve` sets)
/// is followed by `name_length`, `filename_length` or `content_type_length`: its whole length in
/// bytes. Those three keys appear only then.
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

    /// The file object with `receivers`: per receiver named, how many findings it reads otherwise,
    /// the rules the evidence has no verdict on, and which run the evidence comes from.
    static func addingReceivers(_ outcomes: [ReceiverCheck.Outcome], to file: JSONValue) -> JSONValue {
        guard case .object(var members) = file else { return file }
        members.append(
            (
                "receivers",
                .array(
                    outcomes.map {
                        .object([
                            ("receiver", .string($0.receiver.id)),
                            ("recorded", .string($0.recorded)),
                            ("read_otherwise", .int($0.readOtherwise)),
                            ("without_verdict", .array($0.withoutVerdict.map { .string($0.rawValue) })),
                            ("evidence", .string(ReceiverCheck.evidenceSource)),
                        ])
                    })
            ))
        return .object(members)
    }

    /// One finding; `receiver` is present only on a finding a receiver profile raised.
    static func diagnostic(_ diagnostic: Diagnostic) -> JSONValue {
        let citation = diagnostic.citation
        var members: [(key: String, value: JSONValue)] = [
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
        ]
        if let receiver = diagnostic.receiver { members.append(("receiver", .string(receiver))) }
        return .object(members)
    }

    static func part(_ part: DecodedPart) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [("index", .int(part.index))]
        members += value("name", part.name, byteCount: part.nameByteCount)
        members += value("filename", part.filename, byteCount: part.filenameByteCount)
        members += value("content_type", part.contentType, byteCount: part.contentTypeByteCount)
        members += [
            ("header_offset", .int(part.headerRange.lowerBound)),
            ("header_length", .int(part.headerRange.count)),
            ("body_offset", .int(part.bodyRange.lowerBound)),
            ("body_length", .int(part.bodyRange.count)),
        ]
        return .object(members)
    }

    /// A part's value under `key` (or `key_base64`), followed by `key_length` when the value is a
    /// prefix of one `byteCount` bytes long.
    static func value(_ key: String, _ bytes: [UInt8]?, byteCount: Int?) -> [(key: String, value: JSONValue)] {
        let member = JSONValue.bytesMember(key, bytes)
        guard let bytes, let byteCount, byteCount > bytes.count else { return [member] }
        return [member, (key + "_length", .int(byteCount))]
    }
}
