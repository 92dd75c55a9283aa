import MultipartForm

extension CertificationReport {
    /// The SARIF version the reports are written in (OASIS Static Analysis Results Interchange Format).
    public static let sarifVersion = "2.1.0"

    /// The JSON schema a SARIF 2.1.0 log names in `$schema`.
    public static let sarifSchema = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

    /// Where a SARIF log's `tool.driver.informationUri` points: RFC 7578, the specification the checks follow.
    public static let sarifInformationURI = "https://www.rfc-editor.org/rfc/rfc7578"

    /// The report as a SARIF 2.1.0 log: one result per verdict that did not pass (``problems``).
    ///
    /// Each result's `ruleId` is the validator rule the verdict's first error breaks, or else the
    /// problem it shows (``CertificationProblem``, such as `misreads-valid`), or `stale-known-issue`;
    /// its `level` is `error`, or `warning` for a declared known issue that reproduced; its message is
    /// the verdict's summary. Its location is `adapterFile` when given (the vector's file then follows
    /// as a related location), else the vector's body, `Vectors/<id>.body`; a probe, which no file
    /// holds, is named as a logical location. `tool.driver.rules` lists each rule used, with its
    /// citation in `help`.
    /// - Parameter adapterFile: The adapter's source file, relative to the repository root, or `nil`.
    /// - Returns: A SARIF 2.1.0 log as JSON with a final LF.
    public func sarif(adapterFile: String? = nil) -> String {
        Self.sarif([self], adapterFile: adapterFile)
    }

    /// Several reports as one SARIF 2.1.0 log, one `run` per report (see ``sarif(adapterFile:)``).
    /// - Parameters:
    ///   - reports: One report per adapter.
    ///   - adapterFile: The adapters' source file, relative to the repository root, or `nil`.
    /// - Returns: A SARIF 2.1.0 log as JSON with a final LF.
    public static func sarif(_ reports: [CertificationReport], adapterFile: String? = nil) -> String {
        JSONValue.object([
            ("$schema", .string(sarifSchema)),
            ("version", .string(sarifVersion)),
            ("runs", .array(reports.map { $0.sarifRun(adapterFile: adapterFile) })),
        ]).rendered() + "\n"
    }

    private func sarifRun(adapterFile: String?) -> JSONValue {
        var rules: [SARIFRule] = []
        var results: [JSONValue] = []
        for verdict in problems {
            let rule = SARIFRule(for: verdict, problem: problem(of: verdict))
            let index = rules.firstIndex { $0.id == rule.id } ?? rules.count
            if index == rules.count { rules.append(rule) }
            results.append(sarifResult(verdict, ruleID: rule.id, ruleIndex: index, adapterFile: adapterFile))
        }
        // `multipart-check 0.1.0` as a name and a version; another tool's text is its name.
        let tool = provenance.tool ?? "multipart-check"
        let prefix = "multipart-check "
        var driver: [(key: String, value: JSONValue)] = [
            ("name", .string(tool.hasPrefix(prefix) ? "multipart-check" : tool))
        ]
        if tool.hasPrefix(prefix) { driver.append(("version", .string(String(tool.dropFirst(prefix.count))))) }
        driver += [
            ("informationUri", .string(Self.sarifInformationURI)),
            ("rules", .array(rules.map(\.jsonValue))),
        ]
        var properties: [(key: String, value: JSONValue)] = [
            ("adapter", .string(adapterName)), ("kind", .string(kind.rawValue)), ("level", .string(level.rawValue)),
            ("headline", .string(headline)),
        ]
        if let identity = provenance.corpus { properties.append(("corpusManifestSHA256", .string(identity.manifestSHA256))) }
        return .object([
            ("tool", .object([("driver", .object(driver))])),
            ("results", .array(results)),
            ("properties", .object(properties)),
        ])
    }

    private func sarifResult(_ verdict: CertificationVerdict, ruleID: String, ruleIndex: Int, adapterFile: String?) -> JSONValue {
        func physical(_ uri: String) -> JSONValue {
            .object([("physicalLocation", .object([("artifactLocation", .object([("uri", .string(uri))]))]))])
        }
        // A probe's body is made during the run: no file holds it.
        let vectorFile = verdict.area == EncoderProbe.ownBoundaryInContent.area ? nil : "Vectors/\(verdict.vectorID).body"
        var location: JSONValue
        if let adapterFile {
            location = physical(adapterFile)
        } else if let vectorFile {
            location = physical(vectorFile)
        } else {
            location = .object([
                ("logicalLocations", .array([.object([("name", .string(verdict.vectorID)), ("fullyQualifiedName", .string(verdict.vectorID))])])),
                ("message", .object([("text", .string("a probe: its body is made during the run, so no file holds it"))])),
            ])
        }
        var members: [(key: String, value: JSONValue)] = [
            ("ruleId", .string(ruleID)),
            ("ruleIndex", .int(ruleIndex)),
            ("level", .string(verdict.grade == .knownIssue ? "warning" : "error")),
            ("message", .object([("text", .string(verdict.summary))])),
            ("locations", .array([location])),
        ]
        if adapterFile != nil, let vectorFile {
            members.append(("relatedLocations", .array([physical(vectorFile)])))
        }
        var properties: [(key: String, value: JSONValue)] = [
            ("vector", .string(verdict.vectorID)), ("grade", .string(verdict.grade.rawValue)),
            ("problem", .string(problem(of: verdict)?.rawValue)),
        ]
        if let knownIssue = verdict.knownIssue { properties.append(("knownIssue", .string(knownIssue))) }
        properties.append(("details", .array(verdict.details.map(JSONValue.string))))
        members.append(("properties", .object(properties)))
        return .object(members)
    }
}

/// One entry of a SARIF run's `tool.driver.rules`: a validator rule, or a certification problem.
private struct SARIFRule {
    var id: String
    var summary: String
    var help: String
    var level: String

    /// The validator rule the verdict's first finding names (`[rule-id]`), else the problem it shows.
    init(for verdict: CertificationVerdict, problem: CertificationProblem?) {
        if let rule = Self.firstRule(in: verdict.details + [verdict.summary]) {
            id = rule.id.rawValue
            summary = rule.summary
            help = "\(rule.citation): \(rule.rationale)"
            if let fix = rule.fixHint { help += " Fix: \(fix)." }
            help += " (`multipart-check explain \(rule.id)` says more.)"
            level = rule.severity.rawValue
        } else if let problem {
            id = problem.rawValue
            // `1 invalid body written` without its count.
            summary = String(problem.counted(1).drop { $0 != " " }.dropFirst())
            help =
                "CONFORMANCE.md, Certification: a report whose worst problem is this one reaches the level \(problem.level.title). The result's details say what differed."
            level = "error"
        } else {
            id = CertificationGrade.staleKnownIssue.rawValue
            summary = "a declared known issue that did not reproduce"
            help = "CONFORMANCE.md, Certification: a stale known issue fails the run until it is removed from the known issues."
            level = "error"
        }
    }

    /// The first catalog rule named in brackets, as the validator's findings name them.
    private static func firstRule(in lines: [String]) -> Rule? {
        for line in lines {
            var rest = Substring(line)
            while let open = rest.firstIndex(of: "[") {
                rest = rest[rest.index(after: open)...]
                guard let close = rest.firstIndex(of: "]") else { break }
                if let rule = Rule.named(Rule.ID(rawValue: String(rest[..<close]))) { return rule }
            }
        }
        return nil
    }

    var jsonValue: JSONValue {
        .object([
            ("id", .string(id)),
            ("shortDescription", .object([("text", .string(summary))])),
            ("help", .object([("text", .string(help))])),
            ("defaultConfiguration", .object([("level", .string(level))])),
        ])
    }
}
