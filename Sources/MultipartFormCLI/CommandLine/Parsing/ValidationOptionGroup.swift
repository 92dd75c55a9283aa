import MultipartForm
import MultipartFormReceivers

/// The options `validate`, `serve` and `compare` share: how bodies are validated and how the
/// findings are shown.
///
/// Each option of the group is declared, described, parsed and applied here only. To add one:
/// give it a name below, a ``CommandSpec/Option`` in ``options(for:)``, a stored property read in
/// ``init(_:for:helpCommand:)`` and, when it changes validation, a line in
/// ``validationOptions(collectingParts:)``; every command that takes the group then offers it.
struct ValidationOptionGroup: Sendable {
    /// A command that takes the group, for the wording of its help ("per body", "per request").
    enum Command: Sendable {
        /// `validate`: bodies read from files.
        case validate
        /// `serve`: requests as they arrive.
        case serve
        /// `compare`: one body beside real parsers.
        case compare
    }

    /// The output formats.
    enum Format: String, CaseIterable, Sendable {
        /// Compiler-style findings with snippets, and a summary line per body.
        case text
        /// JSON: one document, or one object per line for `serve`.
        case json
    }

    /// The validator's default finding limit, shown in help.
    static let defaultMaxDiagnostics = ValidationOptions().maxDiagnostics

    /// The output format (`--format`).
    var format: Format = .text
    /// The finding limit per body (`--max-diagnostics`), or `nil` for the validator's default.
    var maxDiagnostics: Int?
    /// When text output is coloured (`--color`).
    var color: TerminalStyle.Choice = .auto
    /// The servers' parsers the bodies go to (`--receiver`, repeatable), in command-line order.
    var receivers: [Receiver] = []

    /// The defaults, as when no option of the group is given.
    init() {}

    /// The group's options as `command` shows them in help, in help order.
    static func options(for command: Command) -> [CommandSpec.Option] {
        let unit = command == .serve ? "request" : "body"
        var options = [
            CommandSpec.Option(
                name: .format, valueName: "format", allowedValues: Format.allCases.map(\.rawValue), defaultValue: "text",
                help: command == .serve ? "The output format: text blocks, or one JSON object per line." : "The output format.")
        ]
        if command != .compare {
            options.append(
                CommandSpec.Option(
                    name: .maxDiagnostics, valueName: "n", defaultValue: String(defaultMaxDiagnostics),
                    help: "The most findings kept per \(unit); the rest are counted, not shown."))
        }
        options.append(
            CommandSpec.Option(
                name: .receiver, valueName: "name", isRepeating: true,
                help: "A server's parser the \(unit) goes to, by its interop row (php, rack, django, go-parse-form, "
                    + "node-busboy, ...) or a framework's name (laravel, rails, flask, express, spring, ...); repeatable. "
                    + "Every finding it reads otherwise, by the interop evidence, becomes an error naming it."))
        options.append(
            CommandSpec.Option(
                name: .color, valueName: "when", allowedValues: TerminalStyle.Choice.allCases.map(\.rawValue),
                defaultValue: "auto",
                help: "Colour the text output: 'auto' when standard output is a terminal and NO_COLOR is unset."))
        return options
    }

    /// Reads the group's options from a command line parsed against a spec that includes
    /// ``options(for:)``.
    /// - Throws: `UsageError` for a value the option refuses.
    init(_ parsed: ParsedArguments, for command: Command, helpCommand: String? = nil) throws(UsageError) {
        if let text = parsed.value(.format) {
            format = Format(rawValue: text) ?? .text
        }
        if command != .compare, let text = parsed.value(.maxDiagnostics) {
            guard let n = Int(text), n >= 0 else {
                throw UsageError(
                    "The value '\(text)' is invalid for '--max-diagnostics <n>'. Please provide a non-negative integer.",
                    command: parsed.command, helpCommand: helpCommand)
            }
            maxDiagnostics = n
        }
        if let text = parsed.value(.color) {
            color = TerminalStyle.Choice(rawValue: text) ?? .auto
        }
        receivers = try Self.receivers(named: parsed.values(.receiver), command: parsed.command, helpCommand: helpCommand)
    }

    /// The receivers `names` name (ids or framework aliases), each once, in the order given; `explain`
    /// reads its own `--receiver` with it too.
    static func receivers(named names: [String], command: CommandSpec, helpCommand: String? = nil) throws(UsageError) -> [Receiver] {
        var receivers: [Receiver] = []
        for name in names {
            guard let receiver = Receiver.named(name) else {
                let known = Receiver.all.map(\.id) + Receiver.aliases.map(\.name)
                throw UsageError(
                    "The value '\(VisibleBytes.escape(name))' is invalid for '--receiver <name>': the interop evidence has "
                        + "no such receiver.\(Suggestion.didYouMean(name, among: known)) Known: \(known.joined(separator: ", ")).",
                    command: command, helpCommand: helpCommand)
            }
            if !receivers.contains(receiver) { receivers.append(receiver) }
        }
        return receivers
    }

    /// The report as the receivers named read the body: unchanged when none is named.
    /// - Parameters:
    ///   - report: The validator's report.
    ///   - value: A part's content, when it can be read, for quoting short lost values.
    /// - Returns: The report and one outcome per receiver (empty when none is named).
    func readByReceivers(
        _ report: ValidationReport, value: (DecodedPart) -> [UInt8]? = { _ in nil }
    ) -> (report: ValidationReport, outcomes: [ReceiverCheck.Outcome]) {
        guard !receivers.isEmpty else { return (report, []) }
        let checked = ReceiverCheck(report, receivers: receivers, value: value)
        return (checked.report, checked.outcomes)
    }

    /// The validator options the group asks for; `collectingParts` when the command shows or
    /// compares the parts.
    func validationOptions(collectingParts: Bool) -> ValidationOptions {
        var options = ValidationOptions()
        // A receiver profile reads the parts' names to say what the receiver keeps.
        options.collectParts = collectingParts || !receivers.isEmpty
        if let maxDiagnostics { options.maxDiagnostics = maxDiagnostics }
        return options
    }
}

extension OptionName {
    /// `--max-diagnostics <n>`: the most findings kept per body.
    package static let maxDiagnostics = OptionName("--max-diagnostics")
    /// `--color <when>`: when text output is coloured.
    package static let color = OptionName("--color")
    /// `--receiver <name>`: a server's parser the body goes to; repeatable.
    package static let receiver = OptionName("--receiver")
}
