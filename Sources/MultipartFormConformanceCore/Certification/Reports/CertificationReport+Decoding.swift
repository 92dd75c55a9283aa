extension CertificationReport {
    /// Every key a report object may hold (versions 1 and 2).
    private static let reportKeys = [
        "format_version", "kind", "adapter", "level", "level_on_run", "partial", "limitations", "headline", "vector_count", "counts",
        "problems", "defects", "refused", "coverage", "provenance", "accepts_boundary", "unsupported_features",
        "ignored_unsupported_features", "canonical", "unreported_details", "conventions", "limits", "verdicts", "checksum", "unverified",
    ]

    /// The JSON format versions ``decode(_:)`` reads.
    private static let readableVersions = [1, jsonFormatVersion]

    /// Reads reports written by ``json()`` (one report) or ``json(_:)`` (several), format version 1 or 2.
    ///
    /// The level, counts and coverage are computed again from the verdicts, so a report edited by hand
    /// cannot claim a level its verdicts do not earn; a version 2 report whose recorded facts no longer
    /// match its ``checksum`` is refused.
    /// A report listing a vector twice is refused, and so is one listing more verdicts than its
    /// recorded corpus has vectors: a verdict counts once, however often it is written.
    /// - Parameters:
    ///   - json: A JSON report file's bytes.
    ///   - maxValues: The most JSON values the file may hold, refused as it is read (before a tree
    ///     many times its size is built).
    /// - Returns: The reports, in the order the file holds them.
    /// - Throws: `JSONShapeError` naming the JSON path of the first problem.
    package static func decode(_ json: [UInt8], maxValues: Int = .max) throws(JSONShapeError) -> [CertificationReport] {
        let root = try JSONNode.parse(json, maxValues: maxValues)
        let probe = try root.object(allowing: reportKeys + ["reports"])
        if let version = probe.optional("format_version"), !readableVersions.contains(try version.integer()) {
            throw version.failure("format version \(try version.integer()) is not one of \(readableVersions.map(String.init).joined(separator: ", "))")
        }
        if let reports = probe.optional("reports") {
            return try reports.array().map { (node) throws(JSONShapeError) in try report(node) }
        }
        return [try report(root)]
    }

    private static func report(_ node: JSONNode) throws(JSONShapeError) -> CertificationReport {
        let object = try node.object(allowing: reportKeys)
        let kindNode = try object.required("kind")
        guard let kind = Kind(rawValue: try kindNode.string()) else { throw kindNode.failure("unknown kind") }
        let verdictNodes = try object.required("verdicts").array()
        let verdicts = try verdictNodes.map { (item) throws(JSONShapeError) in try verdict(item) }
        var firstIndex: [String: Int] = [:]
        for (index, verdict) in verdicts.enumerated() {
            if let first = firstIndex.updateValue(index, forKey: verdict.vectorID) {
                throw JSONShapeError(
                    path: verdictNodes[index].path + ".id", message: "vector '\(verdict.vectorID)' already has a verdict (verdicts[\(first)])")
            }
        }
        func features(_ key: String) throws(JSONShapeError) -> [EncoderFeature] {
            guard let list = object.optional(key) else { return [] }
            return try list.array().map { (item) throws(JSONShapeError) in EncoderFeature(rawValue: try item.string()) }
        }
        let accepts = try object.optional("accepts_boundary").flatMap { (flag) throws(JSONShapeError) -> Bool? in
            flag.isNull ? nil : try flag.bool()
        }
        var report = CertificationReport(
            adapterName: try object.required("adapter").string(), kind: kind, verdicts: verdicts, acceptsBoundary: accepts,
            unsupportedFeatures: try features("unsupported_features"),
            ignoredUnsupportedFeatures: try features("ignored_unsupported_features"),
            unreportedDetails: try (object.optional("unreported_details")?.array() ?? []).map {
                (item) throws(JSONShapeError) in UnreportedDetail(rawValue: try item.string())
            },
            provenance: try object.optional("provenance").map { (node) throws(JSONShapeError) in try provenance(node) }
                ?? CertificationProvenance())
        report.conventions = try (object.optional("conventions")?.array() ?? []).map {
            (item) throws(JSONShapeError) in DecoderConvention(rawValue: try item.string())
        }
        report.limits = try (object.optional("limits")?.array() ?? []).map { (item) throws(JSONShapeError) in
            guard let limit = ReceiverLimit(parsing: try item.string()) else { throw item.failure("not a limit such as header-line-bytes=8190") }
            return limit
        }
        // A run also answers the probes, which are not vectors of the corpus.
        let probes = kind == .encoder ? EncoderProbe.all.count : DecoderProbe.count
        if let corpus = report.provenance.corpus, verdicts.count > corpus.vectorCount + probes {
            throw JSONShapeError(
                path: node.path.isEmpty ? "verdicts" : node.path + ".verdicts",
                message: "\(verdicts.count) verdicts for a corpus of \(corpus.vectorCount) vectors")
        }
        if object.optional("checksum") == nil {
            report.unverifiedBecause = "it carries no checksum of its recorded facts"
        }
        if let recorded = object.optional("checksum"), try recorded.string() != report.checksum {
            throw recorded.failure(
                "the report's recorded facts (verdicts, provenance or declarations) were changed after it was written: they no longer match its checksum")
        }
        return report
    }

    private static func provenance(_ node: JSONNode) throws(JSONShapeError) -> CertificationProvenance {
        let object = try node.object(allowing: ["tool", "date", "corpus", "filters", "eligible", "corpus_origin", "probe_seed"])
        var result = CertificationProvenance(
            tool: try object.optional("tool")?.optionalString(), date: try object.optional("date")?.optionalString(),
            filters: try (object.optional("filters")?.array() ?? []).map { (item) throws(JSONShapeError) in try item.string() })
        if let corpus = object.nonNull("corpus") {
            let identity = try corpus.object(allowing: ["manifest_sha256", "vectors"])
            result.corpus = CorpusIdentity(
                manifestSHA256: try identity.required("manifest_sha256").string(),
                vectorCount: try identity.required("vectors").integer())
        }
        result.eligible = try object.nonNull("eligible")?.integer()
        if let origin = object.nonNull("corpus_origin") {
            guard let value = CertificationProvenance.CorpusOrigin(rawValue: try origin.string()) else {
                throw origin.failure("unknown corpus origin (expected 'shipped' or 'other')")
            }
            result.corpusOrigin = value
        }
        if let seed = object.nonNull("probe_seed") {
            let value = try seed.integer()
            guard value >= 0 else { throw seed.failure("a probe seed is not negative") }
            result.probeSeed = UInt64(value)
        }
        return result
    }

    private static func verdict(_ node: JSONNode) throws(JSONShapeError) -> CertificationVerdict {
        let object = try node.object(allowing: [
            "id", "area", "grade", "outcome", "problem", "summary", "details", "notes", "known_issue", "byte_identical",
            "not_run_because", "refused_form", "answer", "cause", "conventions", "refused_past_limit",
        ])
        func grade(_ key: String) throws(JSONShapeError) -> CertificationGrade {
            let text = try object.required(key)
            guard let grade = CertificationGrade(rawValue: try text.string()) else { throw text.failure("unknown grade") }
            return grade
        }
        func strings(_ key: String) throws(JSONShapeError) -> [String] {
            guard let list = object.optional(key) else { return [] }
            return try list.array().map { (item) throws(JSONShapeError) in try item.string() }
        }
        var verdict = CertificationVerdict(
            vectorID: try object.required("id").string(), area: try object.required("area").string(),
            grade: try grade("grade"), summary: try object.required("summary").string(), details: try strings("details"),
            notes: try strings("notes"), knownIssue: try object.optional("known_issue")?.optionalString(),
            isByteIdentical: try object.optional("byte_identical").flatMap { (flag) throws(JSONShapeError) -> Bool? in
                flag.isNull ? nil : try flag.bool()
            })
        if object.optional("outcome") != nil { verdict.outcome = try grade("outcome") }
        if let problem = object.nonNull("problem") {
            guard let known = CertificationProblem(rawValue: try problem.string()) else { throw problem.failure("unknown problem") }
            verdict.problem = known
        }
        verdict.notRunBecause = try strings("not_run_because")
        verdict.refusedForm = try object.optional("refused_form")?.optionalString()
        verdict.cause = try object.optional("cause")?.optionalString()
        if let limit = object.nonNull("refused_past_limit") {
            guard let parsed = ReceiverLimit(parsing: try limit.string()) else { throw limit.failure("not a limit such as header-line-bytes=8190") }
            verdict.refusedPastLimit = parsed
        }
        verdict.conventions = try (object.optional("conventions")?.array() ?? []).map {
            (item) throws(JSONShapeError) in DecoderConvention(rawValue: try item.string())
        }
        verdict.decoderAnswer = try object.optional("answer").map { (text) throws(JSONShapeError) in DecoderAnswer(rawValue: try text.string()) }
        return verdict
    }
}
