import MultipartForm

/// `multipart-check validate FILE...`: streams each body through the strict validator and reports.
struct ValidateCommand {
    /// The files to validate, `-` for standard input.
    var paths: [String]
    /// The outer Content-Type value, or `nil` to infer the boundary (or take it from the request).
    var contentType: String?
    /// What the inputs hold: raw bodies, HTTP captures, HAR files, or detect it.
    var inputFormat: InputFormat = .auto
    /// The options `serve` and `compare` share: the output format, the finding limit, colour.
    var shared = ValidationOptionGroup()
    /// Whether warnings fail a body.
    var warningsAsErrors = false
    /// Whether text output is only the summary lines.
    var quiet = false
    /// The output format: text, or one JSON document for all files (see ``JSONReportRenderer``).
    var format: ValidationOptionGroup.Format { shared.format }

    /// Whether findings are printed with snippets, so unseekable inputs must keep their bytes.
    var showsSnippets: Bool { format == .text && !quiet }

    /// The validator options for every file.
    var options: ValidationOptions { shared.validationOptions(collectingParts: format == .json) }

    /// Validates every file in order and returns the exit status.
    ///
    /// Unreadable files are reported on `stderr` and skipped; the status is 66 if any file could not
    /// be read, else 1 if any body failed, else 0.
    func run(
        standardInput: StandardInput, stdout: inout some TextOutputStream, stderr: inout some TextOutputStream,
        stdoutIsTerminal: Bool = false
    ) -> Int32 {
        let style = TerminalStyle.resolve(shared.color, outputIsTerminal: stdoutIsTerminal)
        var anyUnreadable = false
        var anyFailed = false
        var wroteJSONFile = false
        if format == .json {
            stdout.write("{\n  \"version\": \(JSONReportRenderer.schemaVersion),\n  \"files\": [")
        }
        for path in paths {
            let input: BodyInput
            let bodies: [ValidatedBody]
            let displayPath = path == "-" ? "<stdin>" : VisibleBytes.escape(path)
            do throws(InputPipelineError) {
                do throws(InputError) {
                    input =
                        path == "-"
                        ? BodyInput(standardInput: standardInput, keepBytes: showsSnippets)
                        : try BodyInput(path: path, keepBytes: showsSnippets)
                } catch {
                    throw .unreadable(error)
                }
                bodies = try InputPipeline(format: inputFormat, contentType: contentType, options: options)
                    .run(input, displayPath: displayPath)
                if let reason = input.keepingStopped {
                    stderr.write(
                        "\(displayPath): note: snippets are shown for the first \(input.keptLength) bytes only: \(reason)\n")
                }
            } catch {
                switch error {
                case .unreadable(let error):
                    stderr.write("error: cannot read '\(displayPath)': \(error.reason)\n")
                    anyUnreadable = true
                case .malformed(let format, let message):
                    let what = format == .har ? "a HAR file" : "an HTTP request"
                    stderr.write("error: cannot read '\(displayPath)' as \(what): \(VisibleBytes.escape(message))\n")
                    anyUnreadable = true
                case .noMultipartRequest(let entries):
                    stderr.write(
                        "error: no multipart/form-data request in HAR file '\(displayPath)' (\(entries == 1 ? "1 entry" : "\(entries) entries"))\n"
                    )
                    anyFailed = true
                }
                continue
            }
            for body in bodies {
                if let reason = body.unavailable {
                    stderr.write("\(body.label): error: \(VisibleBytes.escape(reason))\n")
                    anyUnreadable = true
                    continue
                }
                // A raw body's parts count from its first byte, so a short value can be quoted from it.
                let (report, outcomes) = shared.readByReceivers(body.report) { part in
                    body.format == .body ? body.source.bytes(in: part.bodyRange) : nil
                }
                let verdict = Verdict(report, warningsAsErrors: warningsAsErrors)
                if !verdict.passes { anyFailed = true }
                for message in body.messages {
                    stderr.write("\(body.displayPath): \(message.severity.rawValue): \(VisibleBytes.escape(message.text))\n")
                }
                switch format {
                case .text:
                    var renderer = TextReportRenderer(displayPath: body.displayPath, contentType: body.contentType)
                    renderer.summaryLabel = body.label
                    renderer.style = style
                    if !quiet {
                        if let header = body.header { stdout.write(header + "\n") }
                        for (index, diagnostic) in report.diagnostics.enumerated() {
                            let position = index < body.bodyPositions.count ? body.bodyPositions[index] : nil
                            stdout.write(
                                renderer.render(diagnostic, body: body.source, bodyLength: body.sourceLength, bodyPosition: position))
                        }
                    }
                    stdout.write(renderer.summary(report, verdict: verdict))
                    for outcome in outcomes { stdout.write(ReceiverOutcomeText.line(outcome, label: body.label) + "\n") }
                case .json:
                    var file = JSONReportRenderer.file(path: body.displayPath, report: report, verdict: verdict)
                    if body.format != .body { file = JSONReportRenderer.addingInput(of: body, to: file) }
                    if !outcomes.isEmpty { file = JSONReportRenderer.addingReceivers(outcomes, to: file) }
                    stdout.write((wroteJSONFile ? ",\n    " : "\n    ") + file.rendered(level: 2))
                    wroteJSONFile = true
                }
            }
        }
        if format == .json {
            stdout.write(wroteJSONFile ? "\n  ]\n}\n" : "]\n}\n")
        }
        if anyUnreadable { return ExitCode.noInput }
        return anyFailed ? ExitCode.failure : ExitCode.success
    }
}
