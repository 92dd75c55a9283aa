extension CertificationReport {
    /// The version of the JSON report format; it changes only when a field changes meaning or is removed.
    public static let jsonFormatVersion = 1

    /// The report as JSON (format version 1, documented in CONFORMANCE.md), pretty-printed with a final LF.
    /// - Returns: The report as a JSON document (format version 1).
    public func json() -> String {
        jsonValue.rendered() + "\n"
    }

    /// Several reports in one JSON document: `{"format_version": 1, "reports": [...]}`.
    /// - Parameter reports: One report per adapter.
    /// - Returns: One JSON document holding every report.
    public static func json(_ reports: [CertificationReport]) -> String {
        JSONValue.object([
            ("format_version", .int(jsonFormatVersion)), ("reports", .array(reports.map(\.jsonValue))),
        ]).rendered() + "\n"
    }

    var jsonValue: JSONValue {
        var counts: [(key: String, value: JSONValue)] = []
        for grade in CertificationGrade.allCases {
            counts.append((grade.rawValue, .int(count(grade))))
        }
        var members: [(key: String, value: JSONValue)] = [
            ("format_version", .int(Self.jsonFormatVersion)),
            ("kind", .string(kind.rawValue)),
            ("adapter", .string(adapterName)),
            ("level", .string(level.rawValue)),
            ("headline", .string(headline)),
            ("vector_count", .int(verdicts.count)),
            ("counts", .object(counts)),
            (
                "coverage",
                .object([
                    ("run", .int(coverage.run)), ("total", .int(coverage.total)),
                    ("not_run", .object(coverage.notRun.map { ($0.reason, JSONValue.int($0.count)) })),
                ])
            ),
        ]
        if kind == .encoder {
            members.append(("accepts_boundary", acceptsBoundary.map(JSONValue.bool) ?? .null))
            members.append(("unsupported_features", .array(unsupportedFeatures.map { .string($0.rawValue) })))
            members.append(
                ("ignored_unsupported_features", .array(ignoredUnsupportedFeatures.map { .string($0.rawValue) })))
            members.append(
                ("canonical", .object([("checked", .int(canonicalChecked)), ("identical", .int(canonicalIdentical))])))
        } else {
            members.append(("unreported_details", .array(unreportedDetails.map { .string($0.rawValue) })))
        }
        members.append(("verdicts", .array(verdicts.map(\.jsonValue))))
        return .object(members)
    }
}

extension CertificationVerdict {
    var jsonValue: JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("id", .string(vectorID)),
            ("area", .string(area)),
            ("grade", .string(grade.rawValue)),
            ("outcome", .string(outcome.rawValue)),
            ("summary", .string(summary)),
            ("details", .array(details.map(JSONValue.string))),
            ("notes", .array(notes.map(JSONValue.string))),
            ("known_issue", .string(knownIssue)),
            ("byte_identical", isByteIdentical.map(JSONValue.bool) ?? .null),
            ("not_run_because", .array(notRunBecause.map(JSONValue.string))),
        ]
        if let decoderAnswer { members.append(("answer", .string(decoderAnswer.rawValue))) }
        return .object(members)
    }
}
