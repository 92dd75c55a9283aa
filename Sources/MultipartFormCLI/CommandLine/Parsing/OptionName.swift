/// The long name of a command-line option, so code reads an option by a name the compiler checks.
///
/// A misspelt name does not compile; reading an option the command does not declare stops a debug
/// build (``ParsedArguments/value(_:)``). An open set, as a rule id is: a group of options declares its
/// names beside its options (``ValidationOptionGroup``); the rest are here.
package struct OptionName: RawRepresentable, Hashable, Sendable {
    /// The long spelling, for example `--format`.
    package let rawValue: String

    /// Names an option by its long spelling.
    package init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Names an option by its long spelling.
    init(_ spelling: String) {
        self.init(rawValue: spelling)
    }
}

extension OptionName {
    /// `--adapter-file`.
    package static let adapterFile = OptionName("--adapter-file")
    /// `--allow-mixed-corpora`.
    package static let allowMixedCorpora = OptionName("--allow-mixed-corpora")
    /// `--allow-other-corpus`.
    package static let allowOtherCorpus = OptionName("--allow-other-corpus")
    /// `--allow-unsupported`.
    package static let allowUnsupported = OptionName("--allow-unsupported")
    /// `--area`.
    package static let area = OptionName("--area")
    /// `--boundary`.
    package static let boundary = OptionName("--boundary")
    /// `--boundary-accepted`.
    package static let boundaryAccepted = OptionName("--boundary-accepted")
    /// `--canonical`.
    package static let canonical = OptionName("--canonical")
    /// `--case`.
    package static let `case` = OptionName("--case")
    /// `--content-type`.
    package static let contentType = OptionName("--content-type")
    /// `--content-type-file`.
    package static let contentTypeFile = OptionName("--content-type-file")
    /// `--corpus`.
    package static let corpus = OptionName("--corpus")
    /// `--deadline`.
    package static let deadline = OptionName("--deadline")
    /// `--description`.
    package static let description = OptionName("--description")
    /// `--evidence`.
    package static let evidence = OptionName("--evidence")
    /// `--expect-corpus-sha256`.
    package static let expectCorpusSHA256 = OptionName("--expect-corpus-sha256")
    /// `--interop`.
    package static let interop = OptionName("--interop")
    /// `--parser`.
    package static let parser = OptionName("--parser")
    /// `--firewall`.
    package static let firewall = OptionName("--firewall")
    /// `--form`.
    package static let form = OptionName("--form")
    /// `--form-string`.
    package static let formString = OptionName("--form-string")
    /// `--format`.
    package static let format = OptionName("--format")
    /// `--help`.
    package static let help = OptionName("--help")
    /// `--in-process`.
    package static let inProcess = OptionName("--in-process")
    /// `--input`.
    package static let input = OptionName("--input")
    /// `--json`.
    package static let json = OptionName("--json")
    /// `--keep-bodies`.
    package static let keepBodies = OptionName("--keep-bodies")
    /// `--max-output`.
    package static let maxOutput = OptionName("--max-output")
    /// `--name`.
    package static let name = OptionName("--name")
    /// `--normalize-newlines`.
    package static let normalizeNewlines = OptionName("--normalize-newlines")
    /// `--output`.
    package static let output = OptionName("--output")
    /// `--probe-seed`.
    package static let probeSeed = OptionName("--probe-seed")
    /// `--problems-only`.
    package static let problemsOnly = OptionName("--problems-only")
    /// `--producer`.
    package static let producer = OptionName("--producer")
    /// `--quiet`.
    package static let quiet = OptionName("--quiet")
    /// `--require`.
    package static let require = OptionName("--require")
    /// `--rule`.
    package static let rule = OptionName("--rule")
    /// `--runs`.
    package static let runs = OptionName("--runs")
    /// `--scale`.
    package static let scale = OptionName("--scale")
    /// `--slug`.
    package static let slug = OptionName("--slug")
    /// `--spec`.
    package static let spec = OptionName("--spec")
    /// `--timeout`.
    package static let timeout = OptionName("--timeout")
    /// `--unsupported`.
    package static let unsupported = OptionName("--unsupported")
    /// `--not-reported`.
    package static let notReported = OptionName("--not-reported")
    /// `--convention`.
    package static let convention = OptionName("--convention")
    /// `--limit`.
    package static let limit = OptionName("--limit")
    /// `--update`.
    package static let update = OptionName("--update")
    /// `--verdict`.
    package static let verdict = OptionName("--verdict")
    /// `--version`.
    package static let version = OptionName("--version")
    /// `--warnings-as-errors`.
    package static let warningsAsErrors = OptionName("--warnings-as-errors")
    /// `--vector`.
    package static let vector = OptionName("--vector")
    /// `--jobs`.
    package static let jobs = OptionName("--jobs")
    /// `--show-request`.
    package static let showRequest = OptionName("--show-request")
    /// `--save-bodies`.
    package static let saveBodies = OptionName("--save-bodies")
    /// `--known-issue`.
    package static let knownIssue = OptionName("--known-issue")
    /// `--known-issues`.
    package static let knownIssues = OptionName("--known-issues")
    /// `--decoder`.
    package static let decoder = OptionName("--decoder")
    /// `--title`.
    package static let title = OptionName("--title")
    /// `--host`.
    package static let host = OptionName("--host")
    /// `--port`.
    package static let port = OptionName("--port")
    /// `--respond`.
    package static let respond = OptionName("--respond")
    /// `--save`.
    package static let save = OptionName("--save")
    /// `--max-body`.
    package static let maxBody = OptionName("--max-body")
    /// `--max-connections`.
    package static let maxConnections = OptionName("--max-connections")
    /// `--max-connections-per-client`.
    package static let maxConnectionsPerClient = OptionName("--max-connections-per-client")
    /// `--page-history`.
    package static let pageHistory = OptionName("--page-history")
    /// `--idle-timeout`.
    package static let idleTimeout = OptionName("--idle-timeout")
    /// `--request-timeout`.
    package static let requestTimeout = OptionName("--request-timeout")
}
