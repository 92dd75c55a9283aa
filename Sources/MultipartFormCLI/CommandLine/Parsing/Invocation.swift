import MultipartForm
import MultipartFormReceivers
import MultipartFormConformanceCore
import MultipartFormSystem

/// What a command line asks for, after parsing and checking every argument.
enum Invocation {
    /// Print the help of a command.
    case help(CommandSpec)
    /// Print the version.
    case version
    /// Validate bodies.
    case validate(ValidateCommand)
    /// Encode a form.
    case encode(EncodeCommand)
    /// Print the rule catalog.
    case rules(RulesCommand)
    /// Explain one rule.
    case explain(ExplainCommand)
    /// `explain CODE` for a code the reference encoder refuses a form with.
    case explainRefusal(RefusalExplanation)
    /// List the corpus's vectors.
    case vectorsList(VectorsListCommand)
    /// Audit the corpus's vectors.
    case vectorsCheck(VectorsCheckCommand)
    /// Add a vector to the corpus.
    case vectorsNew(VectorsNewCommand)
    /// Certify an encoder run as a child process.
    case certify(CertifyCommand)
    /// Merge certification reports.
    case reportMerge(ReportMergeCommand)
    /// Serve HTTP and validate every request.
    case serve(ServeCommand)
    #if os(macOS) || os(Linux)
    /// Show how real parsers read a body.
    case compare(CompareCommand)
    #endif
    /// Run a subcommand the executable added (``CommandExtension``).
    case extended(any ExtensionCommand)

    /// Parses the arguments (without the program name); throws a usage error for anything wrong.
    ///
    /// `validate` is the default subcommand: a first argument that names no subcommand starts the
    /// list of files, as in `multipart-check body.txt`.
    static func parse(_ arguments: [String], extensions: [CommandExtension] = []) throws(UsageError) -> Invocation {
        let root = CommandSpec.root(adding: extensions.map(\.spec))
        guard let first = arguments.first else {
            throw UsageError(
                "Missing expected argument '<file> ...'", command: .validate,
                helpCommand: MultipartCheck.commandName)
        }
        let rest = arguments.dropFirst()
        switch first {
        case "-h", "--help":
            return .help(root)
        case "--version":
            return .version
        case "help":
            return try parseHelp(rest, root: root)
        case "validate":
            return try parseValidate(rest, helpCommand: CommandSpec.validate.commandPath)
        case "encode":
            return try parseEncode(rest)
        case "rules":
            return try parseRules(rest)
        case "explain":
            return try parseExplain(rest)
        case "vectors":
            return try parseVectors(rest)
        case "certify":
            return try parseCertify(rest)
        case "report":
            return try parseReport(rest)
        case "serve":
            return try parseServe(rest)
        case "compare":
            return try parseCompare(rest)
        default:
            if let added = extensions.first(where: { $0.spec.name == first || $0.hiddenNames.contains(first) }) {
                switch try added.parse(first, rest) {
                case .help(let spec): return .help(spec)
                case .run(let command): return .extended(command)
                }
            }
            if let meant = misspelledSubcommand(first, root: root) {
                throw UsageError(
                    "Unknown subcommand '\(first)'. Did you mean '\(meant)'?", command: root)
            }
            return try parseValidate(arguments[...], helpCommand: MultipartCheck.commandName)
        }
    }

    private static func parseHelp(_ arguments: ArraySlice<String>, root: CommandSpec) throws(UsageError) -> Invocation {
        let parsed = try ParsedArguments(arguments, command: .help)
        if parsed.wantsHelp { return .help(.help) }
        var command = root
        for word in parsed.positionals {
            guard let child = command.child(named: word) else {
                let names = command.children.compactMap { $0.name?.split(separator: " ").last.map(String.init) }
                throw UsageError(
                    "Unknown subcommand '\(word)'.\(Suggestion.didYouMean(word, among: names))",
                    command: .help)
            }
            command = child
        }
        return .help(command)
    }

    private static func parseValidate(
        _ arguments: ArraySlice<String>, helpCommand: String
    ) throws(UsageError) -> Invocation {
        let spec = CommandSpec.validate
        let parsed = try ParsedArguments(arguments, command: spec, helpCommand: helpCommand)
        if parsed.wantsHelp { return .help(spec) }
        let readsOfStandardInput = parsed.positionals.filter { $0 == "-" || BodyInput.namesStandardInputStream($0) }
        if readsOfStandardInput.count > 1 {
            // A pipe can be read once; a second '-' (or /dev/stdin) would silently validate an empty body.
            throw UsageError(
                "Standard input is given more than once (\(readsOfStandardInput.map { "'\($0)'" }.joined(separator: ", "))); it can be read only once.",
                command: spec, helpCommand: helpCommand)
        }
        var command = ValidateCommand(paths: parsed.positionals)
        command.contentType = try Self.contentTypeArgument(parsed, command: spec, helpCommand: helpCommand)
        if let input = parsed.value(.input) {
            command.inputFormat = InputFormat(rawValue: input) ?? .auto
        }
        command.warningsAsErrors = parsed.has(.warningsAsErrors)
        command.quiet = parsed.has(.quiet)
        command.shared = try ValidationOptionGroup(parsed, for: .validate, helpCommand: helpCommand)
        return .validate(command)
    }

    private static func parseEncode(_ arguments: ArraySlice<String>) throws(UsageError) -> Invocation {
        let spec = CommandSpec.encode
        let parsed = try ParsedArguments(arguments, command: spec)
        if parsed.wantsHelp { return .help(spec) }
        var command = EncodeCommand()
        for occurrence in parsed.occurrences {
            let literal = occurrence.option == .formString
            guard literal || occurrence.option == .form else { continue }
            do throws(FormArgumentError) {
                command.fields.append(
                    EncodeCommand.FieldArgument(
                        argument: try FormArgument.parse(occurrence.value, literal: literal),
                        spelling: occurrence.spelling, text: occurrence.value))
            } catch {
                throw UsageError(
                    "The value '\(occurrence.value)' is invalid for '\(occurrence.spelling) <\(literal ? "name=string" : "name=content")>': \(error.message)",
                    command: spec)
            }
        }
        guard !command.fields.isEmpty else {
            throw UsageError("Missing expected argument '--form <name=content>'", command: spec)
        }
        if let boundary = parsed.value(.boundary) {
            do throws(ReferenceEncoder.Error) {
                try ReferenceEncoder.validateBoundary(Array(boundary.utf8))
            } catch {
                throw UsageError(
                    "The value '\(boundary)' is invalid for '--boundary <boundary>': \(error.message)", command: spec)
            }
            command.boundary = boundary
        }
        command.outputPath = parsed.value(.output).flatMap { $0 == "-" ? nil : $0 }
        command.contentTypePath = parsed.value(.contentTypeFile)
        command.normalizesNewlines = parsed.has(.normalizeNewlines)
        return .encode(command)
    }

    private static func parseRules(_ arguments: ArraySlice<String>) throws(UsageError) -> Invocation {
        let parsed = try ParsedArguments(arguments, command: .rules)
        if parsed.wantsHelp { return .help(.rules) }
        var command = RulesCommand()
        if let format = parsed.value(.format) {
            command.formatName = format
        }
        return .rules(command)
    }

    private static func parseExplain(_ arguments: ArraySlice<String>) throws(UsageError) -> Invocation {
        let spec = CommandSpec.explain
        let parsed = try ParsedArguments(arguments, command: spec)
        if parsed.wantsHelp { return .help(spec) }
        let query = parsed.positionals[0]
        if ExplainCommand.rule(matching: query) == nil, let refusal = RefusalExplanation.named(query) {
            return .explainRefusal(refusal)
        }
        guard let rule = ExplainCommand.rule(matching: query) else {
            let suggestion = Suggestion.didYouMean(query, among: ExplainCommand.ruleIDs + RefusalExplanation.all.map(\.code))
            throw UsageError("Unknown rule or refusal code '\(query)'.\(suggestion)", command: spec)
        }
        var command = ExplainCommand(rule: rule)
        command.receivers = try ValidationOptionGroup.receivers(named: parsed.values(.receiver), command: spec)
        let parsers = parsed.values(.parser)
        if !parsers.isEmpty {
            if parsed.value(.evidence) != nil {
                throw UsageError("'--parser' and '--evidence' cannot be used together.", command: spec)
            }
            command.evidence = .parsers(parsers)
        } else if parsed.value(.evidence) == "full" {
            command.evidence = .full
        }
        return .explain(command)
    }

    /// The subcommand of a group (`vectors`, `report`) the arguments name, with its own arguments
    /// parsed; `nil` when the group's or the subcommand's help is to be shown instead (`help`).
    private static func parseChild(
        of group: CommandSpec, _ arguments: ArraySlice<String>, help: inout CommandSpec?
    ) throws(UsageError) -> (word: String, spec: CommandSpec, parsed: ParsedArguments)? {
        guard let word = arguments.first, !word.hasPrefix("-") else {
            // A group runs nothing itself: its help is shown, after rejecting unknown options.
            _ = try ParsedArguments(arguments, command: group)
            help = group
            return nil
        }
        guard let spec = group.child(named: word) else {
            let names = group.children.compactMap { $0.name?.split(separator: " ").last.map(String.init) }
            throw UsageError(
                "Unknown subcommand '\(word)'.\(Suggestion.didYouMean(word, among: names))", command: group)
        }
        let parsed = try ParsedArguments(arguments.dropFirst(), command: spec)
        if parsed.wantsHelp {
            help = spec
            return nil
        }
        return (word, spec, parsed)
    }

    private static func parseVectors(_ arguments: ArraySlice<String>) throws(UsageError) -> Invocation {
        var help: CommandSpec?
        guard let (word, spec, parsed) = try parseChild(of: .vectors, arguments, help: &help) else {
            return .help(help ?? .vectors)
        }
        let corpus = parsed.value(.corpus)
        switch word {
        case "list":
            var command = VectorsListCommand(corpusOption: corpus)
            command.area = parsed.value(.area)
            if let rule = parsed.value(.rule) {
                guard let known = ExplainCommand.rule(matching: rule) else {
                    throw UsageError(
                        "Unknown rule '\(rule)'.\(Suggestion.didYouMean(rule, among: ExplainCommand.ruleIDs))",
                        command: spec)
                }
                command.rule = known.id
            }
            command.verdict = parsed.value(.verdict).flatMap(ConformanceVector.Verdict.init(rawValue:))
            command.canonicalOnly = parsed.has(.canonical)
            command.json = parsed.value(.format) == "json"
            return .vectorsList(command)
        case "check":
            return .vectorsCheck(
                VectorsCheckCommand(selection: parsed.positionals, update: parsed.has(.update), corpusOption: corpus))
        default:
            func required(_ name: OptionName) throws(UsageError) -> String {
                guard let value = parsed.value(name), !value.isEmpty else {
                    let synopsis = spec.option(named: name.rawValue)?.synopsis ?? name.rawValue
                    throw UsageError("Missing expected option '\(synopsis)'", command: spec)
                }
                return value
            }
            let area = try required(.area)
            guard ConformanceVector.isAreaName(area) else {
                throw UsageError("The area '\(area)' is invalid: use lower-case ASCII letters, digits and '-'.", command: spec)
            }
            let slug = try required(.slug)
            guard ConformanceVector.parse(fileStem: "y-" + slug) != nil else {
                throw UsageError(
                    "The slug '\(slug)' is invalid: use ASCII letters, digits, '-', '_' and '.', not starting with '.'.",
                    command: spec)
            }
            let description = try required(.description)
            // The description is shown by `vectors list` and in reports: one line of text, no control
            // character (an escape sequence would reach every terminal that lists the corpus).
            if let control = description.unicodeScalars.first(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
                throw UsageError(
                    "The description may not hold control characters; found '\(VisibleBytes.escape(String(control)))'.", command: spec)
            }
            var command = VectorsNewCommand(bodyPath: parsed.positionals[0], area: area, slug: slug, description: description)
            command.contentType = try Self.contentTypeArgument(parsed, command: spec, helpCommand: nil)
            command.specs = parsed.values(.spec)
            command.verdict = parsed.value(.verdict).flatMap(ConformanceVector.Verdict.init(rawValue:))
            command.producer = parsed.value(.producer)
            command.corpusOption = corpus
            return .vectorsNew(command)
        }
    }

    private static func parseReport(_ arguments: ArraySlice<String>) throws(UsageError) -> Invocation {
        var help: CommandSpec?
        guard let (_, _, parsed) = try parseChild(of: .report, arguments, help: &help) else {
            return .help(help ?? .report)
        }
        var command = ReportMergeCommand(paths: parsed.positionals)
        command.format = parsed.value(.format).flatMap(ReportMergeCommand.Format.init(rawValue:)) ?? .html
        command.outputPath = parsed.value(.output)
        if let title = parsed.value(.title) { command.title = title }
        command.allowsMixedCorpora = parsed.has(.allowMixedCorpora)
        command.adapterFile = parsed.value(.adapterFile)
        if command.adapterFile != nil, command.format != .sarif {
            throw UsageError(
                "'--adapter-file' names the location of SARIF results: give it with '--format sarif'.", command: .reportMerge)
        }
        return .reportMerge(command)
    }

    /// The subcommand a first argument was probably meant to be, when it is not a file that exists.
    ///
    /// Only a bare word (no `/`, `.` or leading `-`) within two edits of a subcommand counts, so
    /// `multipart-check valdate x` is a usage error while `multipart-check body` validates `body`.
    private static func misspelledSubcommand(_ word: String, root: CommandSpec) -> String? {
        guard !word.hasPrefix("-"), !word.contains("/"), !word.contains("."), !FileSystem.exists(word) else {
            return nil
        }
        let names = root.children.compactMap(\.name)
        for name in names where Suggestion.distance(word, name) <= 2 {
            return name
        }
        return nil
    }

    /// The `--content-type` value; one that is not UTF-8 is refused, since the validator reads a
    /// Content-Type value as text (it is ASCII on the wire, RFC 9110 §5.5) and such bytes would
    /// reach it altered.
    static func contentTypeArgument(
        _ parsed: ParsedArguments, command spec: CommandSpec, helpCommand: String?
    ) throws(UsageError) -> String? {
        guard let value = parsed.value(.contentType) else { return nil }
        if RawArgument.carriesBytes(value) {
            throw UsageError(
                "The value '\(value)' is invalid for '--content-type <content-type>': it is not UTF-8. A Content-Type value is ASCII; to check a request whose header holds other bytes, validate the raw request (--input http).",
                command: spec, helpCommand: helpCommand)
        }
        return value
    }
}

/// The tokens of a command line sorted into option values, flags and positional arguments.
package struct ParsedArguments {
    /// The command the tokens were sorted against.
    let command: CommandSpec
    /// Every value of each value option, by long name, in command-line order.
    private var allValues: [OptionName: [String]] = [:]
    /// Every value option in command-line order: its long name, the spelling used and the value.
    var occurrences: [(option: OptionName, spelling: String, value: String)] = []
    /// The flags given, by long name.
    private var flags: Set<OptionName> = []
    /// The positional arguments, in order.
    package var positionals: [String] = []
    /// Whether `--help` or `-h` appeared (before any `--`); then nothing else is checked.
    package var wantsHelp = false

    /// The value of a value option (the last occurrence wins), or `nil` when it is absent.
    package func value(_ name: OptionName) -> String? {
        assert(command.declares(name, takingValue: true), "\(command.commandPath) has no value option \(name.rawValue)")
        return allValues[name]?.last
    }

    /// The value of an option counting seconds, or `nil` when it is absent.
    /// - Throws: `UsageError` when the value is not a number above 0 and at most `limit`.
    package func seconds(_ name: OptionName, upTo limit: Int) throws(UsageError) -> Double? {
        guard let text = value(name) else { return nil }
        guard let seconds = Double(text), seconds > 0, seconds <= Double(limit) else {
            throw UsageError(
                "The value '\(text)' is invalid for '\(name.rawValue) <seconds>'. Please provide a number of seconds between 0 and \(limit).",
                command: command)
        }
        return seconds
    }

    /// Every value of a repeatable value option, in command-line order; empty when it is absent.
    package func values(_ name: OptionName) -> [String] {
        assert(command.declares(name, takingValue: true), "\(command.commandPath) has no value option \(name.rawValue)")
        return allValues[name] ?? []
    }

    /// Whether a flag was given.
    package func has(_ name: OptionName) -> Bool {
        assert(command.declares(name, takingValue: false), "\(command.commandPath) has no flag \(name.rawValue)")
        return flags.contains(name)
    }

    /// Sorts the tokens against the command's options and checks the number of positional arguments.
    ///
    /// Accepts `--name value` and `--name=value`; `-` is a positional argument (standard input) and
    /// everything after `--` is positional.
    package init(
        _ tokens: ArraySlice<String>, command: CommandSpec, helpCommand: String? = nil
    ) throws(UsageError) {
        self.command = command
        func failure(_ message: String) -> UsageError {
            UsageError(message, command: command, helpCommand: helpCommand)
        }
        let beforeTerminator = tokens.prefix { $0 != "--" }
        if beforeTerminator.contains(where: { $0 == "--help" || $0 == "-h" }) {
            wantsHelp = true
            return
        }
        var index = tokens.startIndex
        var onlyPositionals = false
        while index < tokens.endIndex {
            let token = tokens[index]
            index += 1
            if onlyPositionals || token == "-" || !token.hasPrefix("-") {
                positionals.append(token)
                continue
            }
            if token == "--" {
                onlyPositionals = true
                continue
            }
            var name = token
            var inlineValue: String?
            if token.hasPrefix("--"), let equals = token.firstIndex(of: "=") {
                name = String(token[..<equals])
                inlineValue = String(token[token.index(after: equals)...])
            } else if !token.hasPrefix("--"), token.count > 2, let short = command.option(named: String(token.prefix(2))),
                short.takesValue
            {
                // A short option with its value attached, as in curl's `-Fname=value`.
                name = String(token.prefix(2))
                inlineValue = String(token.dropFirst(2))
            }
            guard let option = command.option(named: name) else {
                let names = command.allOptions.filter { !$0.isHidden }.map(\.name.rawValue)
                throw failure("Unknown option '\(name)'.\(Suggestion.didYouMean(name, among: names))")
            }
            guard option.takesValue else {
                if let inlineValue {
                    throw failure("Unexpected value '\(inlineValue)' for '\(option.name.rawValue)'")
                }
                flags.insert(option.name)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else if index < tokens.endIndex, !Self.looksLikeOption(tokens[index]) {
                value = tokens[index]
                index += 1
            } else {
                throw failure("Missing value for '\(option.synopsis)'")
            }
            if let allowed = option.allowedValues, !allowed.contains(value) {
                let hint =
                    Suggestion.closest(to: value, among: allowed).map { "Did you mean '\($0)'?" }
                    ?? "Please provide one of \(Self.list(allowed))."
                throw failure("The value '\(value)' is invalid for '\(option.synopsis)'. \(hint)")
            }
            allValues[option.name, default: []].append(value)
            occurrences.append((option.name, name, value))
        }
        let maximum = command.arguments.contains(where: \.isRepeating) ? Int.max : command.arguments.count
        if positionals.count > maximum {
            throw failure("Unexpected argument '\(positionals[maximum])'")
        }
        let required = command.arguments.filter { !$0.isOptional }
        if positionals.count < required.count {
            throw failure("Missing expected argument '\(required[positionals.count].synopsis)'")
        }
    }

    /// Whether a token is an option rather than a value: `-x`, `--name`, but not `-` (standard
    /// input) nor a negative number such as `-1`, which no option's name looks like and which is
    /// then refused with the option's own message rather than taken for a missing value.
    private static func looksLikeOption(_ token: String) -> Bool {
        guard token.count > 1, token.hasPrefix("-"), let second = token.dropFirst().first else { return false }
        return !(second.isASCII && (second.isNumber || second == "."))
    }

    /// `'a', 'b' or 'c'`.
    static func list(_ words: [String]) -> String {
        let quoted = words.map { "'\($0)'" }
        guard quoted.count > 1 else { return quoted.first ?? "" }
        return quoted.dropLast().joined(separator: ", ") + " or " + quoted[quoted.count - 1]
    }
}
