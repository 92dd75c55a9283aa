import MultipartForm
import MultipartFormConformanceCore
import MultipartFormSystem

/// `multipart-check certify -- COMMAND ARGS...`: the process adapter over the corpus, with a report in five formats.
struct CertifyCommand {
    /// The report formats.
    enum Format: String, CaseIterable {
        case text, json, junit, html, sarif
    }

    /// The encoder's command line.
    var command: [String]
    /// The report format.
    var format: Format = .text
    /// Where to write the report; standard output when `nil`.
    var outputPath: String?
    /// The adapter's source file, named as each SARIF result's location (`--adapter-file`).
    var adapterFile: String?
    /// Seconds per form.
    var timeout: Double = 10
    /// Seconds for the whole run; forms not sent by then fail as not run.
    var deadline: Double = 3600
    /// Bytes a child may write to standard output for one form.
    var maxOutput = 64 * 1024 * 1024
    /// Whether the command uses the boundary it is sent.
    var boundaryAccepted = false
    /// Features declared unsupported.
    var unsupported: Set<EncoderFeature> = []
    /// Details the decoder's API does not report.
    var notReported: Set<UnreportedDetail> = []
    /// The documented conventions the decoder declared (`--convention`).
    var conventions: Set<DecoderConvention> = []
    /// The size limits the decoder declared (`--limit`).
    var limits: [ReceiverLimit] = []
    /// The name in the report.
    var name: String?
    /// Whether the text table lists only vectors that did not pass.
    var problemsOnly = false
    /// The `--corpus` option.
    var corpusOption: String?
    /// The corpus the run must grade over (`--expect-corpus-sha256`); any corpus when `nil`.
    var corpusPin: CorpusPin?
    /// `--vector` globs; with ``areaPatterns``, a vector matching any of them runs. None: every vector.
    var vectorPatterns: [String] = []
    /// `--area` globs.
    var areaPatterns: [String] = []
    /// How many forms run at once.
    var jobs = SystemCalls.processorCount()
    /// The vector whose request is printed instead of running anything.
    var showRequest: String?
    /// Where every answer is kept.
    var saveDirectory: String?
    /// Known issues from `--known-issue`, by vector id.
    var knownIssues: [String: String] = [:]
    /// The `--known-issues` file.
    var knownIssuesFile: String?
    /// Whether the command is a decoder (`--decoder`): it gets bodies and answers parts.
    var isDecoder = false
    /// The `--require` level: below it the run fails even when every failure is a declared known issue.
    var requiredLevel: CertificationLevel?
    /// The limitations `--require` accepts (`--allow-unsupported`, `--allow-other-corpus`).
    var allowedLimitations: CertificationLimitations = []
    /// The seed of the decoder probes (`--probe-seed`); a fresh one each run when `nil`.
    var probeSeed: UInt64?

    /// What the command certifies, for messages.
    var kindName: String { isDecoder ? "decoders" : "encoders" }

    /// Splits `id=reason`; `nil` when either side is empty.
    static func knownIssue(_ text: String) -> (id: String, reason: String)? {
        guard let equals = text.firstIndex(of: "=") else { return nil }
        let id = text[..<equals].trimmingWhitespace()
        let reason = text[text.index(after: equals)...].trimmingWhitespace()
        return id.isEmpty || reason.isEmpty ? nil : (id, reason)
    }

    /// Runs the certification and returns the exit status.
    func run(stdout: inout some TextOutputStream, stderr: inout some TextOutputStream) -> Int32 {
        guard let (corpus, corpusOrigin) = CorpusLocation.shippedCorpus(option: corpusOption, stderr: &stderr) else {
            return ExitCode.noInput
        }
        if let mismatch = corpusPin?.mismatch(with: corpus) {
            stderr.write("error: \(mismatch)\n")
            return ExitCode.dataError
        }
        let all = isDecoder ? DecoderCertification.vectors(in: corpus) : EncoderCertification.vectors(in: corpus)
        // A decoder meets bodies no table of the corpus holds, made from this run's seed.
        let seed = isDecoder ? probeSeed ?? DecoderProbe.randomSeed() : nil
        let decoderProbes = seed.map { DecoderProbe.vectors(from: all, seed: $0) } ?? []
        if let showRequest {
            return printRequest(for: showRequest, among: all + decoderProbes, stdout: &stdout, stderr: &stderr)
        }
        let vectors: [ConformanceVector]
        let probes = isDecoder ? [] : selectedProbes()
        var issues = knownIssues
        do throws(CertifyError) {
            vectors = try selected(from: all, decoderProbes: decoderProbes)
            if let knownIssuesFile {
                for (id, reason) in try Self.readKnownIssues(knownIssuesFile) where issues[id] == nil {
                    issues[id] = reason
                }
            }
            let ids = Set(all.map(\.id) + (isDecoder ? DecoderProbe.ids : EncoderProbe.all.map(\.id)))
            if let unknown = issues.keys.sorted().first(where: { !ids.contains($0) }) {
                throw CertifyError(
                    "the known issue '\(unknown)' names no vector that certifies \(kindName)\(Suggestion.didYouMean(unknown, among: Array(ids)))",
                    status: ExitCode.usage)
            }
        } catch {
            stderr.write("error: \(error.message)\n")
            return error.status
        }
        let deadlineInstant = ContinuousClock.now + .milliseconds(Int64(deadline * 1000))
        let adapter: CertifyRun.Adapter
        if isDecoder {
            var decoder = ProcessDecoderAdapter(command: command, name: name, timeout: timeout, knownIssues: issues)
            decoder.outputLimit = maxOutput
            decoder.unreportedDetails = notReported
            decoder.conventions = conventions
            decoder.limits = limits
            decoder.deadline = deadlineInstant
            adapter = .decoder(decoder)
        } else {
            var encoder = ProcessEncoderAdapter(
                command: command, name: name, timeout: timeout, acceptsBoundary: boundaryAccepted,
                unsupportedFeatures: unsupported, knownIssues: issues)
            encoder.outputLimit = maxOutput
            encoder.deadline = deadlineInstant
            adapter = .encoder(encoder)
        }
        // Processes the command starts outside its process group are killed at the end (the caller
        // runs this inside LeftoverChildren.cleaningUp, as compare and serve are run).
        // One probe, so a command that cannot start is one clear error, not a failure per vector;
        // any other answer to the probe is judged with the vectors.
        do {
            switch adapter {
            case .encoder(let encoder):
                _ = try encoder.encode(FormData(), boundary: boundaryAccepted ? "ProbeBoundary" : nil)
            case .decoder(let decoder):
                _ = try decoder.decode(
                    body: Array("--ProbeBoundary--\r\n".utf8), contentType: "multipart/form-data; boundary=ProbeBoundary")
            }
        } catch let error as ProcessAdapterError where error.code == .launchFailed {
            stderr.write("error: \(error.message)\n")
            return ExitCode.noInput
        } catch {
            // Judged with the vectors.
        }
        if let saveDirectory, !FileSystem.isDirectory(saveDirectory) {
            do {
                try FileSystem.makeDirectory(saveDirectory)
            } catch {
                stderr.write("error: \(error)\n")
                return ExitCode.cannotCreate
            }
        }
        let run = CertifyRun(adapter: adapter, jobs: jobs, saveDirectory: saveDirectory)
        let outcome = run.verdicts(for: vectors, probes: probes)
        if let signal = outcome.interrupted {
            // The process ends by the signal once what the command left is swept; a report grading
            // the children the interruption killed would blame the command.
            stderr.write(
                "error: certify was interrupted by \(signal): the command's running children were killed and the remaining forms were not sent; no report was written\n")
            return ExitCode.failure
        }
        var provenance = CertificationProvenance(
            tool: "multipart-check \(MultipartCheck.version)", date: CertificationProvenance.now(), corpus: try? corpus.identity(),
            filters: vectorPatterns.map { "--vector \($0)" } + areaPatterns.map { "--area \($0)" },
            eligible: all.count + (isDecoder ? decoderProbes.count : EncoderProbe.all.count), corpusOrigin: corpusOrigin)
        provenance.probeSeed = seed
        let report: CertificationReport
        switch adapter {
        case .encoder(let encoder): report = EncoderCertification(encoder).report(verdicts: outcome.verdicts, provenance: provenance)
        case .decoder(let decoder): report = DecoderCertification(decoder).report(verdicts: outcome.verdicts, provenance: provenance)
        }
        if let stopped = outcome.stopped {
            stderr.write("error: \(stopped)\n")
        }
        if let saveFailure = outcome.saveFailure {
            stderr.write("warning: not every answer was saved: \(saveFailure)\n")
        }

        let rendered: String
        switch format {
        case .text: rendered = report.text(onlyProblems: problemsOnly)
        case .json: rendered = report.json()
        case .junit: rendered = report.junitXML()
        case .html: rendered = CertificationMatrix([report]).html()
        case .sarif: rendered = report.sarif(adapterFile: adapterFile)
        }
        if let failed = ReportOutput.write(
            rendered, to: outputPath, written: "\(report.adapterName): \(report.headline)\nreport written to \(outputPath ?? "")\n",
            stdout: &stdout, stderr: &stderr)
        {
            return failed
        }
        if let requiredLevel {
            // As `require()` in `swift test`; the report above already lists what kept the level down.
            do {
                try report.require(requiredLevel, allowing: allowedLimitations)
            } catch where error.disallowed.isEmpty {
                stderr.write("error: \(requiredLevel.title) required, but: \(report.headline)\n")
                return ExitCode.failure
            } catch {
                stderr.write("error: \(requiredLevel.title) required, and \(report.level.title) was reached, but not as a full certificate:\n")
                if error.disallowed.contains(.unsupportedFeatures) {
                    stderr.write("  \(report.limitationSentences.first ?? ""); support them, or pass --allow-unsupported to accept a certificate without them\n")
                }
                if error.disallowed.contains(.otherCorpus) {
                    stderr.write("  \(report.limitationSentences.last ?? ""); leave out --corpus, or pass --allow-other-corpus\n")
                }
                return ExitCode.failure
            }
        }
        // As `EncoderCertification.check`: known issues that still fail are declared, not failures.
        return report.hasUndeclaredProblems || outcome.stopped != nil ? ExitCode.failure : ExitCode.success
    }

    /// The probes a run of encoders makes: all of them without filters, else those whose id or area a filter matches.
    func selectedProbes() -> [EncoderProbe] {
        guard !vectorPatterns.isEmpty || !areaPatterns.isEmpty else { return EncoderProbe.all }
        return EncoderProbe.all.filter { probe in
            vectorPatterns.contains { Self.matches($0, probe.id) } || areaPatterns.contains { Self.matches($0, probe.area) }
        }
    }

    /// The vectors the filters select, in id order, then the decoder probes they select; all of them without filters.
    func selected(from all: [ConformanceVector], decoderProbes: [ConformanceVector] = []) throws(CertifyError) -> [ConformanceVector] {
        guard !vectorPatterns.isEmpty || !areaPatterns.isEmpty else { return all + decoderProbes }
        let probes: [(id: String, area: String)] =
            isDecoder ? decoderProbes.map { ($0.id, $0.area) } : EncoderProbe.all.map { ($0.id, $0.area) }
        for pattern in vectorPatterns
        where !all.contains(where: { Self.matches(pattern, $0.id) }) && !probes.contains(where: { Self.matches(pattern, $0.id) }) {
            throw CertifyError(
                "--vector '\(pattern)' names no vector that certifies \(kindName)\(Suggestion.didYouMean(pattern, among: all.map(\.id)))",
                status: ExitCode.usage)
        }
        for pattern in areaPatterns
        where !all.contains(where: { Self.matches(pattern, $0.area) }) && !probes.contains(where: { Self.matches(pattern, $0.area) }) {
            let areas = Array(Set(all.map(\.area))).sorted()
            throw CertifyError(
                "--area '\(pattern)' names no area with vectors that certify \(kindName)\(Suggestion.didYouMean(pattern, among: areas))",
                status: ExitCode.usage)
        }
        return (all + decoderProbes).filter { vector in
            vectorPatterns.contains { Self.matches($0, vector.id) } || areaPatterns.contains { Self.matches($0, vector.area) }
        }
    }

    /// Whether `text` matches the shell glob `pattern` (`*`, `?`, `[...]`; `*` also matches `/`).
    static func matches(_ pattern: String, _ text: String) -> Bool {
        SystemCalls.globMatches(pattern, text)
    }

    /// Reads `id=reason` lines; blank lines and `#` comments are skipped.
    static func readKnownIssues(_ path: String) throws(CertifyError) -> [(id: String, reason: String)] {
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.read(path, limit: 16 * 1024 * 1024)
        } catch {
            throw CertifyError("\(error)", status: ExitCode.noInput)
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw CertifyError("'\(VisibleBytes.escape(path))' is not UTF-8 text", status: ExitCode.noInput)
        }
        var issues: [(id: String, reason: String)] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingWhitespace()
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            guard let issue = knownIssue(String(trimmed)) else {
                throw CertifyError(
                    "\(VisibleBytes.escape(path)):\(number + 1): expected 'id=reason', found '\(VisibleBytes.escape(String(trimmed)))'",
                    status: ExitCode.usage)
            }
            issues.append(issue)
        }
        return issues
    }

    /// `--show-request`: the exact bytes the command would read for one vector.
    private func printRequest(
        for id: String, among all: [ConformanceVector], stdout: inout some TextOutputStream,
        stderr: inout some TextOutputStream
    ) -> Int32 {
        if !isDecoder, let probe = EncoderProbe.all.first(where: { $0.id == id }) {
            // The probe's second form depends on the encoder's answer to its first: show the first.
            stderr.write(
                "note: '\(probe.id)' sends two forms: first this one, then a file holding the boundary the encoder chose for it (\(probe.summary))\n")
            do {
                let request = try ProcessEncoderAdapter.request(
                    for: EncoderProbe.learningForm, boundary: boundaryAccepted ? "ProbeBoundary" : nil)
                stdout.write(String(decoding: request, as: UTF8.self))
                return ExitCode.success
            } catch {
                stderr.write("error: \(error.message)\n")
                return ExitCode.failure
            }
        }
        if isDecoder, probeSeed == nil, DecoderProbe.ids.contains(id) {
            stderr.write(
                "error: '\(id)' is made afresh each run: give the seed its report records (--probe-seed N) to see the body that run sent\n")
            return ExitCode.usage
        }
        // A probe of the other kind of adapter: say which options show it.
        if isDecoder, EncoderProbe.all.contains(where: { $0.id == id }) {
            stderr.write("error: '\(id)' is a probe for encoders: leave out --decoder to see the first form it sends\n")
            return ExitCode.usage
        }
        if !isDecoder, DecoderProbe.ids.contains(id) {
            stderr.write("error: '\(id)' is a probe for decoders: give --decoder and the --probe-seed N a report records to see its body\n")
            return ExitCode.usage
        }
        guard let vector = all.first(where: { $0.id == id }) else {
            stderr.write(
                "error: '\(VisibleBytes.escape(id))' names no vector that certifies \(kindName)\(Suggestion.didYouMean(id, among: all.map(\.id)))\n")
            return ExitCode.usage
        }
        if isDecoder {
            guard let contentType = vector.contentType else {
                stderr.write("error: '\(id)' is sent without a Content-Type, so decoders do not get it\n")
                return ExitCode.usage
            }
            stdout.write(String(decoding: ProcessDecoderAdapter.request(body: vector.body, contentType: contentType), as: UTF8.self))
            return ExitCode.success
        }
        guard let input = vector.sidecar.encoderInput else { return ExitCode.usage }
        do {
            let request = try ProcessEncoderAdapter.request(for: input.form, boundary: boundaryAccepted ? input.boundary : nil)
            stdout.write(String(decoding: request, as: UTF8.self))
            return ExitCode.success
        } catch {
            stderr.write("error: \(error.message)\n")
            return ExitCode.failure
        }
    }
}

/// Why `certify` cannot start, with the exit status that says so.
struct CertifyError: Error {
    var message: String
    var status: Int32

    init(_ message: String, status: Int32) {
        self.message = message
        self.status = status
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    func trimmingWhitespace() -> String {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        return String(String(self).drop(while: isBlank).reversed().drop(while: isBlank).reversed())
    }
}
