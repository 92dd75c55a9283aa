import MultipartForm

/// `multipart-check rules`: prints the rule catalog as text, markdown (the CONFORMANCE.md table) or JSON.
struct RulesCommand {
    /// The format names `--format` accepts, in help order.
    static let formatNames = RuleCatalogFormat.allCases.map(\.rawValue)

    /// The chosen format's name; one of ``formatNames``.
    var formatName = "text"

    /// Prints the catalog and returns the exit status.
    func run(stdout: inout some TextOutputStream) -> Int32 {
        let format = RuleCatalogFormat(rawValue: formatName) ?? .text
        let rendered = RuleCatalogRenderer.render(format, evidence: CorpusLocation.interopEvidence())
        stdout.write(rendered)
        if !rendered.hasSuffix("\n") { stdout.write("\n") }
        return ExitCode.success
    }
}
