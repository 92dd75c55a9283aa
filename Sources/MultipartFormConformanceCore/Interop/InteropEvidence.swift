import MultipartFormSystem

/// What real parsers made of the corpus, as `Interop/run.sh` records it in `Interop/results/evidence.json`.
///
/// Each vector that the parsers do not all read the same way is listed with its readings: groups of
/// parsers that decoded the same parts, rejected it, or gave no answer. The file is generated from the
/// committed interop results and never edited by hand; the command line shows it beside the rules.
package struct InteropEvidence: Sendable, Hashable {
    /// One real parser of the run.
    package struct Parser: Sendable, Hashable {
        /// The stable id, such as `django`.
        package var id: String
        /// What it is, such as `Django MultiPartParser`.
        package var name: String
        /// Its language.
        package var language: String
        /// Its version and its runtime's, as the run recorded them.
        package var version: String
    }

    /// Parsers that read a vector the same way.
    package struct Reading: Sendable, Hashable {
        /// `expected`, `other-parts`, `data-loss`, `rejected`, `crashed` or `timed-out`.
        package var kind: String
        /// The parsers' ids.
        package var parsers: [String]
        /// One line on the reading, from the first parser's verdict.
        package var summary: String
    }

    /// A vector whose firewall reading differs from an application parser's.
    package struct FirewallDifference: Sendable, Hashable {
        /// What a payload could hide: `hidden-part`, `filename`, `value`, `flagged-but-accepted` or `firewall-sees-more`.
        package var kind: String
        /// The application parsers that read the vector otherwise than the firewall.
        package var applications: [String]
    }

    /// Where the evidence file sits relative to the corpus directory.
    package static let pathFromCorpus = "../Interop/results/evidence.json"

    /// The parsers of the run, in run order.
    package var parsers: [Parser]
    /// How many vectors the run read.
    package var vectorCount: Int
    /// The readings of each vector the parsers split on, by vector id.
    package var splitVectors: [String: [Reading]]
    /// The rules each split vector's sidecar expects the validator to report, by vector id.
    package var rulesOfSplitVectors: [String: [String]]
    /// The firewall parser's id, when the run had one (`modsecurity`).
    package var firewall: String?
    /// The vectors the firewall reads otherwise than an application parser, by vector id.
    package var firewallDifferences: [String: FirewallDifference] = [:]

    /// Reads `evidence.json` (format version 1).
    /// - Parameter bytes: The file's contents.
    /// - Returns: The evidence.
    /// - Throws: `JSONShapeError` naming the JSON path of the first problem.
    package static func parse(_ bytes: [UInt8]) throws(JSONShapeError) -> InteropEvidence {
        let root = try JSONNode.parse(bytes)
        let object = try root.object(
            allowing: ["format_version", "generated_by", "parsers", "vector_count", "split_vectors", "firewall_differential"])
        let version = try object.required("format_version")
        guard try version.integer() == 1 else { throw version.failure("format version \(try version.integer()) is not 1") }
        let parsers = try object.required("parsers").array().map { (node) throws(JSONShapeError) -> Parser in
            let parser = try node.object(allowing: ["id", "name", "language", "version"])
            return Parser(
                id: try parser.required("id").string(), name: try parser.required("name").string(),
                language: try parser.required("language").string(), version: try parser.required("version").string())
        }
        var split: [String: [Reading]] = [:]
        var rules: [String: [String]] = [:]
        for node in try object.required("split_vectors").array() {
            let vector = try node.object(allowing: ["id", "rules", "readings"])
            let id = try vector.required("id").string()
            rules[id] = try vector.required("rules").array().map { (rule) throws(JSONShapeError) in try rule.string() }
            split[id] = try vector.required("readings").array().map {
                (item) throws(JSONShapeError) -> Reading in
                let reading = try item.object(allowing: ["class", "parsers", "summary"])
                return Reading(
                    kind: try reading.required("class").string(),
                    parsers: try reading.required("parsers").array().map { (id) throws(JSONShapeError) in try id.string() },
                    summary: try reading.required("summary").string())
            }
        }
        var evidence = InteropEvidence(
            parsers: parsers, vectorCount: try object.required("vector_count").integer(), splitVectors: split,
            rulesOfSplitVectors: rules)
        if let node = object.optional("firewall_differential") {
            let differential = try node.object(allowing: ["firewall", "vectors"])
            evidence.firewall = try differential.required("firewall").string()
            for item in try differential.required("vectors").array() {
                let vector = try item.object(allowing: ["id", "class", "applications"])
                evidence.firewallDifferences[try vector.required("id").string()] = FirewallDifference(
                    kind: try vector.required("class").string(),
                    applications: try vector.required("applications").array().map { (id) throws(JSONShapeError) in try id.string() })
            }
        }
        return evidence
    }

    /// The evidence beside a corpus directory (`<corpus>/../Interop/results/evidence.json`), or `nil` when there is none.
    /// - Parameter corpusDirectory: The corpus directory, such as the package's `Vectors`.
    /// - Returns: The evidence, or `nil` when the file is absent.
    /// - Throws: A read failure or a `JSONShapeError` when the file exists but cannot be read.
    package static func beside(corpusDirectory: String) throws -> InteropEvidence? {
        let path = FileSystem.join(corpusDirectory, pathFromCorpus)
        guard FileSystem.kind(of: path) == .regularFile else { return nil }
        return try parse(try FileSystem.read(path))
    }

    /// The split vectors whose sidecars expect the rule, in id order.
    /// - Parameter rule: A rule id.
    /// - Returns: The vector ids.
    package func splitVectors(reporting rule: String) -> [String] {
        rulesOfSplitVectors.filter { $0.value.contains(rule) }.keys.sorted()
    }

    /// The parsers outside a split vector's largest reading group: those that read it differently from most.
    /// - Parameter vectorIDs: Split vector ids.
    /// - Returns: Parser ids, in run order, each once.
    package func dissenters(of vectorIDs: [String]) -> [String] {
        let named = Set(vectorIDs.flatMap { (splitVectors[$0] ?? []).dropFirst().flatMap(\.parsers) })
        return parsers.map(\.id).filter(named.contains)
    }

    /// One line per reading: `kind (parser, parser): summary`.
    /// - Parameter vectorID: A vector id.
    /// - Returns: The lines, largest group first; empty when the parsers agree or the vector was not run.
    package func readingLines(of vectorID: String) -> [String] {
        (splitVectors[vectorID] ?? []).map { "\($0.kind) (\($0.parsers.joined(separator: ", "))): \($0.summary)" }
    }
}
