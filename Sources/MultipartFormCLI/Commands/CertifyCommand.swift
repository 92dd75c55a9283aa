import MultipartForm
import MultipartFormConformanceCore

/// `multipart-check certify -- COMMAND ARGS...`: the process adapter over the corpus, with a report in four formats.
struct CertifyCommand {
    /// The report formats.
    enum Format: String, CaseIterable {
        case text, json, junit, html
    }

    /// The encoder's command line.
    var command: [String]
    /// The report format.
    var format: Format = .text
    /// Where to write the report; standard output when `nil`.
    var outputPath: String?
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
    /// The name in the report.
    var name: String?
    /// Whether the text table lists only vectors that did not pass.
    var problemsOnly = false
    /// The `--corpus` option.
    var corpusOption: String?

    /// `EX_CANTCREAT`: the report file could not be written.
    static let cannotCreateExitCode: Int32 = 73

    /// Runs the certification and returns the exit status.
    func run(stdout: inout some TextOutputStream, stderr: inout some TextOutputStream) -> Int32 {
        guard let corpus = CorpusLocation.corpus(option: corpusOption, stderr: &stderr) else { return ExitCode.noInput }
        var adapter = ProcessEncoderAdapter(
            command: command, name: name, timeout: timeout, acceptsBoundary: boundaryAccepted,
            unsupportedFeatures: unsupported)
        adapter.outputLimit = maxOutput
        adapter.deadline = ContinuousClock.now + .milliseconds(Int64(deadline * 1000))
        // One probe, so a command that cannot start is one clear error, not a failure per vector.
        do {
            _ = try adapter.encode(FormData(), boundary: boundaryAccepted ? "ProbeBoundary" : nil)
        } catch let error as ProcessEncoderError where error.code == .launchFailed {
            stderr.write("error: \(error.message)\n")
            return ExitCode.noInput
        } catch {
            // Any other answer to the probe is judged with the vectors.
        }
        let vectors = EncoderCertification.vectors(in: corpus)
        let report = EncoderCertification(adapter).report(over: vectors)

        let rendered: String
        switch format {
        case .text: rendered = report.text(onlyProblems: problemsOnly)
        case .json: rendered = report.json()
        case .junit: rendered = report.junitXML()
        case .html: rendered = CertificationMatrix([report]).html()
        }
        if let outputPath {
            do {
                try FileSystem.write(Array(rendered.utf8), to: outputPath)
            } catch {
                stderr.write("error: \(error)\n")
                return Self.cannotCreateExitCode
            }
            stderr.write("\(report.adapterName): \(report.headline)\nreport written to \(outputPath)\n")
        } else {
            stdout.write(rendered)
        }
        return report.level.isConformant ? ExitCode.success : ExitCode.failure
    }
}
