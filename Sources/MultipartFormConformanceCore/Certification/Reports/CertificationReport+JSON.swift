extension CertificationReport {
    /// The version of the JSON report format; it changes only when a field changes meaning or is removed.
    ///
    /// Version 2 added the level ladder (`non-conformant` is gone), `partial`, `level_on_run`,
    /// `problems`, `refused`, `provenance`, `checksum`, and each verdict's `problem` and `refused_form`.
    /// `report merge` reads versions 1 and 2.
    public static let jsonFormatVersion = 2

    /// The report as JSON (format version 2, documented in CONFORMANCE.md), pretty-printed with a final LF.
    /// - Returns: The report as a JSON document (format version 2).
    public func json() -> String {
        jsonValue.rendered() + "\n"
    }

    /// Several reports in one JSON document: `{"format_version": 2, "reports": [...]}`.
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
            ("level_on_run", .string(levelOnRun.rawValue)),
            ("partial", .bool(isPartial)),
            ("limitations", .array(limitations.names.map(JSONValue.string))),
            ("headline", .string(headline)),
            ("vector_count", .int(verdicts.count)),
            ("counts", .object(counts)),
            ("problems", .object(problemCounts.map { ($0.problem.rawValue, JSONValue.int($0.count)) })),
            (
                "defects",
                .array(
                    defects.map { defect in
                        .object([
                            ("problem", .string(defect.problem.rawValue)), ("cause", .string(defect.cause)),
                            ("count", .int(defect.vectorIDs.count)), ("vectors", .array(defect.vectorIDs.map(JSONValue.string))),
                        ])
                    })
            ),
            (
                "coverage",
                .object([
                    ("run", .int(coverage.run)), ("total", .int(coverage.total)),
                    ("not_run", .object(coverage.notRun.map { ($0.reason, JSONValue.int($0.count)) })),
                ])
            ),
        ]
        if let unverifiedBecause { members.append(("unverified", .string(unverifiedBecause))) }
        if kind == .encoder {
            members.append(("refused", .object(refusedForms.map { ($0.category, JSONValue.int($0.count)) })))
        }
        members += recordedMembers
        members.append(("checksum", .string(checksum)))
        return .object(members)
    }

    /// What the run recorded, as opposed to what is computed from it: the members the checksum covers.
    private var recordedMembers: [(key: String, value: JSONValue)] {
        var members: [(key: String, value: JSONValue)] = [("provenance", provenance.jsonValue)]
        if kind == .encoder {
            members.append(("accepts_boundary", acceptsBoundary.map(JSONValue.bool) ?? .null))
            members.append(("unsupported_features", .array(unsupportedFeatures.map { .string($0.rawValue) })))
            members.append(
                ("ignored_unsupported_features", .array(ignoredUnsupportedFeatures.map { .string($0.rawValue) })))
            members.append(
                ("canonical", .object([("checked", .int(canonicalChecked)), ("identical", .int(canonicalIdentical))])))
        } else {
            members.append(("unreported_details", .array(unreportedDetails.map { .string($0.rawValue) })))
            // Recorded only when declared, so reports from before conventions keep their checksums.
            if !conventions.isEmpty { members.append(("conventions", .array(conventions.map { .string($0.rawValue) }))) }
            if !limits.isEmpty { members.append(("limits", .array(limits.map { .string($0.description) }))) }
        }
        members.append(("verdicts", .array(verdicts.map(\.jsonValue))))
        return members
    }

    /// `sha256:` and the digest of what the run recorded (kind, adapter, provenance, declarations, verdicts).
    ///
    /// Levels, counts and headlines are left out: they are computed again whenever a report is read, so
    /// a newer version's wording never makes an old report look edited. A report whose recorded facts were
    /// changed by hand no longer matches its checksum, and `report merge` refuses it.
    public var checksum: String {
        let covered = JSONValue.object([("kind", .string(kind.rawValue)), ("adapter", .string(adapterName))] + recordedMembers)
        return "sha256:" + CorpusManifest.digest(Array(covered.rendered().utf8))
    }
}

extension CertificationProvenance {
    var jsonValue: JSONValue {
        // `corpus_origin` and `probe_seed` only when recorded, so that reports written before them keep their checksums.
        .object([
            ("tool", .string(tool)),
            ("date", .string(date)),
            (
                "corpus",
                corpus.map { identity in
                    JSONValue.object([
                        ("manifest_sha256", .string(identity.manifestSHA256)), ("vectors", .int(identity.vectorCount)),
                    ])
                } ?? .null
            ),
            ("filters", .array(filters.map(JSONValue.string))),
            ("eligible", .int(eligible)),
        ] + (corpusOrigin.map { [("corpus_origin", JSONValue.string($0.rawValue))] } ?? [])
            + (probeSeed.map { [("probe_seed", JSONValue.int(Int($0)))] } ?? []))
    }
}

extension CertificationVerdict {
    var jsonValue: JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("id", .string(vectorID)),
            ("area", .string(area)),
            ("grade", .string(grade.rawValue)),
            ("outcome", .string(outcome.rawValue)),
            ("problem", .string(problem?.rawValue)),
            ("summary", .string(summary)),
            ("details", .array(details.map(JSONValue.string))),
            ("notes", .array(notes.map(JSONValue.string))),
            ("known_issue", .string(knownIssue)),
            ("byte_identical", isByteIdentical.map(JSONValue.bool) ?? .null),
            ("not_run_because", .array(notRunBecause.map(JSONValue.string))),
        ]
        if let refusedForm { members.append(("refused_form", .string(refusedForm))) }
        if let decoderAnswer { members.append(("answer", .string(decoderAnswer.rawValue))) }
        if let cause { members.append(("cause", .string(cause))) }
        if !conventions.isEmpty { members.append(("conventions", .array(conventions.map { .string($0.rawValue) }))) }
        if let refusedPastLimit { members.append(("refused_past_limit", .string(refusedPastLimit.description))) }
        return .object(members)
    }
}
