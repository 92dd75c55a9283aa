import MultipartFormConformanceCore
import MultipartFormSystem

/// `multipart-check report merge A.json B.json ...`: one matrix from several certification reports.
struct ReportMergeCommand {
    /// The output formats.
    enum Format: String, CaseIterable {
        case html, markdown, json, sarif
    }

    /// The report files, in column order.
    var paths: [String]
    /// The output format.
    var format: Format = .html
    /// Where to write; standard output when `nil`.
    var outputPath: String?
    /// The adapters' source file, named as each SARIF result's location (`--adapter-file`).
    var adapterFile: String?
    /// The matrix's title.
    var title = "multipart/form-data certification"
    /// Whether reports of different corpora may be merged (`--allow-mixed-corpora`).
    var allowsMixedCorpora = false

    /// The most JSON values one report file may hold: a full report holds some tens of thousands,
    /// and a tree of this many costs some tens of MiB whatever their text.
    static let maxValuesPerFile = 1_000_000
    /// The largest report file read. A certify report of the whole corpus takes a few MiB; this leaves
    /// room for long details while bounding what one file can make the merge hold (its bytes and its
    /// tree, while it is read).
    static let maxFileBytes = 64 * 1024 * 1024

    /// Reads every report and writes the matrix; returns the exit status.
    func run(stdout: inout some TextOutputStream, stderr: inout some TextOutputStream) -> Int32 {
        var reports: [CertificationReport] = []
        for path in paths {
            do {
                // One file at a time: its bytes and tree are let go before the next is read, and for a
                // matrix only what the matrix shows is kept of each verdict.
                let bytes = try FileSystem.read(path, limit: Self.maxFileBytes)
                var decoded = try CertificationReport.decode(bytes, maxValues: Self.maxValuesPerFile)
                if format == .html || format == .markdown {
                    for index in decoded.indices { decoded[index].keepOnlyWhatAMatrixShows() }
                }
                reports += decoded
            } catch let error as JSONShapeError {
                stderr.write("error: '\(VisibleBytes.escape(path))' is not a certification report this version reads: \(error)\n")
                return ExitCode.noInput
            } catch {
                stderr.write("error: \(error)\n")
                return ExitCode.noInput
            }
        }
        // Every level is derived again from the verdicts; a report that cannot be checked against the
        // installed corpus is shown as unverified, never as a certificate.
        var noCorpusNote = ""
        let shipped = CorpusLocation.shippedCorpus(option: nil, stderr: &noCorpusNote)?.corpus
        for index in reports.indices {
            if let problem = ReportVerification.problem(with: reports[index], shipped: shipped) {
                reports[index].unverifiedBecause = problem
                stderr.write("warning: '\(reports[index].adapterName)' is shown as unverified: \(problem)\n")
            }
        }
        let matrix = CertificationMatrix(reports)
        if let mixed = matrix.mixedCorporaNote, !allowsMixedCorpora {
            stderr.write("error: \(mixed) Merge reports of one corpus, or pass --allow-mixed-corpora to merge them anyway.\n")
            return ExitCode.dataError
        }
        let rendered: String
        switch format {
        case .html: rendered = matrix.html(title: title)
        case .markdown: rendered = matrix.markdown(title: title)
        case .json: rendered = CertificationReport.json(reports)
        case .sarif: rendered = CertificationReport.sarif(reports, adapterFile: adapterFile)
        }
        if let failed = ReportOutput.write(
            rendered, to: outputPath, written: "\(reports.count) reports merged into \(outputPath ?? "")\n",
            stdout: &stdout, stderr: &stderr)
        {
            return failed
        }
        return ExitCode.success
    }
}
