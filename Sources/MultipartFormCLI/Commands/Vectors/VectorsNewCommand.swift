import MultipartForm
import MultipartFormConformanceCore
import MultipartFormSystem

/// `multipart-check vectors new`: adds a vector whose sidecar records what the strict validator reports for a body.
struct VectorsNewCommand {
    /// The body file, `-` for standard input.
    var bodyPath: String
    /// The area directory.
    var area: String
    /// The slug after the verdict.
    var slug: String
    /// The one-line description.
    var description: String
    /// The outer Content-Type value, or `nil` to infer the boundary.
    var contentType: String?
    /// The specification sections; the triggered rules' citations when empty.
    var specs: [String] = []
    /// The verdict asked for, or `nil` to derive it from the findings.
    var verdict: ConformanceVector.Verdict?
    /// The real encoder that produces this shape.
    var producer: String?
    /// The `--corpus` option.
    var corpusOption: String?

    /// The section cited when a body triggers no rule and no `--spec` is given.
    static let defaultSpec = "RFC 7578 §4"

    /// Writes the vector, updates the manifest and returns the exit status.
    func run(
        standardInput: StandardInput, stdout: inout some TextOutputStream, stderr: inout some TextOutputStream
    ) -> Int32 {
        let directory = CorpusLocation.directory(option: corpusOption)
        var body: [UInt8]
        do {
            body = try readBody(standardInput)
        } catch {
            stderr.write("error: \(error)\n")
            return ExitCode.noInput
        }
        var contentType = self.contentType
        if InputFormat.detect(Array(body.prefix(InputFormat.sniffLength))) == .http {
            // A raw HTTP request (as `serve --save` writes): the vector is its body, sent with its Content-Type.
            do throws(HTTPCaptureError) {
                let captured = try HTTPCaptureBody(capture: body)
                body = captured.body
                contentType = contentType ?? captured.contentType
            } catch {
                stderr.write("error: cannot read '\(VisibleBytes.escape(bodyPath))' as an HTTP request: \(VisibleBytes.escape(error.message))\n")
                return ExitCode.noInput
            }
        }
        guard FileSystem.isDirectory(directory) else {
            stderr.write("error: cannot read the corpus: '\(directory)' is not a directory\n")
            return ExitCode.noInput
        }
        let report = MultipartValidator.validate(body, contentType: contentType)
        let derived: ConformanceVector.Verdict = report.errorCount > 0 ? .no : .yes
        let chosen = verdict ?? derived
        if let refusal = Self.refusal(of: chosen, report: report) {
            stderr.write("error: \(refusal)\n" + Self.findingLines(report))
            return ExitCode.failure
        }
        let id = "\(area)/\(chosen.rawValue)-\(slug)"
        let areaPath = FileSystem.join(directory, area)
        let bodyPath = FileSystem.join(directory, id + ".body")
        let sidecarPath = FileSystem.join(directory, id + ".json")
        for existing in ConformanceVector.Verdict.allCases.map({ FileSystem.join(directory, "\(area)/\($0.rawValue)-\(slug)") })
        where FileSystem.exists(existing + ".body") || FileSystem.exists(existing + ".json") {
            stderr.write("error: a vector named '\(slug)' already exists in \(area): \(existing).body; choose another slug\n")
            return ExitCode.failure
        }

        var sidecar = VectorSidecar(
            recording: report, body: body, contentType: contentType, verdict: chosen, description: description,
            specs: specs.isEmpty ? Self.citations(of: report) : specs, producer: producer)
        if chosen == .implementation {
            sidecar.outcomes = [
                .init(outcome: .accept, because: ""),
                .init(outcome: .reject, because: ""),
            ]
        }
        do {
            try FileSystem.makeDirectory(areaPath)
            try FileSystem.write(body, to: bodyPath)
            try FileSystem.write(Array(sidecar.jsonText.utf8), to: sidecarPath)
            try Self.record([id + ".body", id + ".json"], in: directory)
        } catch {
            stderr.write("error: \(error)\n")
            return ExitCode.noInput
        }

        stdout.write("wrote \(bodyPath) (\(body.count) bytes)\n")
        stdout.write("wrote \(sidecarPath)\n")
        stdout.write("updated \(FileSystem.join(directory, CorpusManifest.fileName))\n")
        let input = sidecar.encoderInput.map { $0.isCanonical ? "; canonical encoder input" : "; encoder input (not canonical)" } ?? ""
        stdout.write(
            "\(id): \(chosen.rawValue)- vector, \(report.errorCount) error\(report.errorCount == 1 ? "" : "s"), "
                + "\(report.warningCount) warning\(report.warningCount == 1 ? "" : "s"), \(report.noteCount) note\(report.noteCount == 1 ? "" : "s"), "
                + "\(report.parts.count) part\(report.parts.count == 1 ? "" : "s")\(input)\n")
        stdout.write(Self.findingLines(report))
        var next = [
            "review the description, the specs and each finding in \(sidecarPath) against the specifications"
        ]
        if chosen == .implementation {
            next.append("write in each outcome's \"because\" the sentence of the specification that allows it")
        }
        next.append("run 'multipart-check vectors check \(id)', then 'swift test'")
        stdout.write("next:\n" + next.map { "  - \($0)\n" }.joined())
        return ExitCode.success
    }

    private func readBody(_ standardInput: StandardInput) throws(FileSystem.Error) -> [UInt8] {
        guard bodyPath == "-" else { return try FileSystem.read(bodyPath) }
        switch standardInput {
        case .bytes(let bytes): return bytes
        case .process: return try FileSystem.read("/dev/stdin")
        }
    }

    /// Why a verdict cannot be given to a body with this report, or `nil` when it can.
    static func refusal(of verdict: ConformanceVector.Verdict, report: ValidationReport) -> String? {
        switch verdict {
        case .yes where report.errorCount > 0:
            "the validator reports \(report.errorCount) error\(report.errorCount == 1 ? "" : "s"), so this cannot be a y- vector"
        case .no where report.errorCount == 0:
            "the validator reports no error, so this cannot be an n- vector"
        case .implementation where report.errorCount == 0 && report.warningCount == 0:
            "the validator reports neither an error nor a warning, so this cannot be an i- vector"
        default:
            nil
        }
    }

    /// The citations of the rules the report triggers, each once, in report order.
    static func citations(of report: ValidationReport) -> [String] {
        var seen: Set<String> = []
        let citations = report.diagnostics.map(\.citation).filter { !$0.isEmpty && seen.insert($0).inserted }
        return citations.isEmpty ? [defaultSpec] : citations
    }

    /// One line per finding: `  offset N: severity [rule] message`.
    static func findingLines(_ report: ValidationReport) -> String {
        report.diagnostics.map { finding in
            let place = finding.origin == .body ? "offset \(finding.offset)" : "content-type offset \(finding.offset)"
            return "  \(place): \(finding.severity.rawValue) [\(finding.rule)] \(finding.message)\n"
        }.joined()
    }

    /// Adds the digests of `files` to the manifest in `directory`, keeping every other entry as recorded.
    static func record(_ files: [String], in directory: String) throws {
        let manifestPath = FileSystem.join(directory, CorpusManifest.fileName)
        var manifest =
            FileSystem.exists(manifestPath) ? try CorpusManifest(contentsOf: directory) : CorpusManifest(entries: [:])
        for file in files {
            manifest.entries[file] = CorpusManifest.digest(try FileSystem.read(FileSystem.join(directory, file)))
        }
        try FileSystem.write(Array(manifest.text.utf8), to: manifestPath)
    }
}
