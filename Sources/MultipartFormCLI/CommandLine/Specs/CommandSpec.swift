/// The static description of one (sub)command: what it does, its arguments and its options.
///
/// Help text, usage lines and "Did you mean" suggestions are all derived from it, so they cannot drift
/// from what the parser accepts.
package struct CommandSpec: Sendable {
    /// One option, `--name` or `--name <value>`.
    package struct Option: Sendable {
        /// The long name, for example `--format`.
        package var name: OptionName
        /// A short spelling with its dash, for example `-h`.
        package var shortName: String? = nil
        /// The placeholder of the option's value, or `nil` for a flag.
        package var valueName: String? = nil
        /// The only values accepted, if the option is an enumeration.
        package var allowedValues: [String]? = nil
        /// The value used when the option is absent, shown in help.
        package var defaultValue: String? = nil
        /// Whether the option may be given more than once, each occurrence counting (like curl's `-F`).
        package var isRepeating: Bool = false
        /// One or two sentences of help.
        package var help: String
        /// Whether the command cannot run without it (shown without brackets in usage).
        package var isRequired = false
        /// Whether help and usage leave it out: an old spelling still accepted for a while.
        package var isHidden = false

        /// Describes an option; a `valueName` makes it a value option, none a flag.
        package init(
            name: OptionName, shortName: String? = nil, valueName: String? = nil, allowedValues: [String]? = nil,
            defaultValue: String? = nil, isRepeating: Bool = false, help: String, isRequired: Bool = false,
            isHidden: Bool = false
        ) {
            self.name = name
            self.shortName = shortName
            self.valueName = valueName
            self.allowedValues = allowedValues
            self.defaultValue = defaultValue
            self.isRepeating = isRepeating
            self.help = help
            self.isRequired = isRequired
            self.isHidden = isHidden
        }

        /// Whether the option takes a value.
        package var takesValue: Bool { valueName != nil }

        /// The option as shown in errors and usage, for example `--format <format>`.
        package var synopsis: String {
            valueName.map { "\(name.rawValue) <\($0)>" } ?? name.rawValue
        }
    }

    /// One positional argument.
    package struct Argument: Sendable {
        /// The placeholder, without angle brackets, for example `file`.
        package var valueName: String
        /// Whether the argument may be given more than once.
        package var isRepeating: Bool = false
        /// Whether the argument may be left out.
        package var isOptional: Bool = false
        /// One or two sentences of help.
        package var help: String

        /// Describes a positional argument.
        package init(valueName: String, isRepeating: Bool = false, isOptional: Bool = false, help: String) {
            self.valueName = valueName
            self.isRepeating = isRepeating
            self.isOptional = isOptional
            self.help = help
        }

        /// The argument as shown in usage, for example `<file> ...`.
        package var synopsis: String {
            let core = "<\(valueName)>" + (isRepeating ? " ..." : "")
            return isOptional ? "[\(core)]" : core
        }
    }

    /// The subcommand's name, or `nil` for the root command.
    package var name: String?
    /// One sentence saying what the command does.
    package var abstract: String
    /// Paragraphs printed after the overview.
    package var discussion: String? = nil
    /// The positional arguments, in order.
    package var arguments: [Argument] = []
    /// The options, in help order (the help flag is added by the renderer).
    package var options: [Option] = []
    /// The subcommands of a command that only groups others, such as `vectors`.
    package var children: [CommandSpec] = []

    /// Describes a command.
    package init(
        name: String?, abstract: String, discussion: String? = nil, arguments: [Argument] = [], options: [Option] = [],
        children: [CommandSpec] = []
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.arguments = arguments
        self.options = options
        self.children = children
    }

    /// The full command path, for example `multipart-check validate`.
    package var commandPath: String {
        name.map { "\(MultipartCheck.commandName) \($0)" } ?? MultipartCheck.commandName
    }

    /// The usage line without the `USAGE:` label.
    package var usage: String {
        if !children.isEmpty { return "\(commandPath) <subcommand>" }
        var words = [commandPath]
        for option in options where !option.isHidden {
            let word = option.synopsis + (option.isRepeating ? " ..." : "")
            words.append(option.isRequired ? word : "[\(word)]")
        }
        for argument in arguments {
            words.append(argument.synopsis)
        }
        return words.joined(separator: " ")
    }

    /// The help flag every command accepts.
    package static let helpOption = Option(name: .help, shortName: "-h", help: "Show help information.")

    /// Every option the command accepts, including `--help`.
    package var allOptions: [Option] { options + [Self.helpOption] }

    /// The subcommand with the given last word, for example `list` under `vectors`.
    package func child(named word: String) -> CommandSpec? {
        children.first { $0.name?.split(separator: " ").last.map(String.init) == word }
    }

    /// Finds an option by its long or short spelling.
    package func option(named name: String) -> Option? {
        allOptions.first { $0.name.rawValue == name || $0.shortName == name }
    }

    /// Whether the command has the option, as a value option or as a flag.
    package func declares(_ name: OptionName, takingValue: Bool) -> Bool {
        allOptions.contains { $0.name == name && $0.takesValue == takingValue }
    }
}

extension CommandSpec {
    /// The root command: lists the built-in subcommands, then `added` ones, then `help`.
    static func root(adding added: [CommandSpec] = []) -> CommandSpec {
        CommandSpec(
            name: nil,
            abstract: "Check multipart/form-data bodies against RFC 7578 and RFC 2046.",
            options: [
                Option(name: .version, help: "Show the version.")
            ],
            children: builtInSubcommands + added + [help])
    }

    /// `validate`: the default subcommand.
    static let validate = CommandSpec(
        name: "validate",
        abstract: "Validate multipart/form-data bodies and report every finding.",
        discussion: """
            Each finding names its rule, its line and column, the offending bytes with CR, LF and \
            other controls shown as escapes, the specification it comes from and how to fix it. \
            Run 'multipart-check explain <rule-id>' for the full story of a rule.

            Inputs: a raw body; a raw HTTP/1.x request as a proxy or 'nc' captures it (request \
            line, header fields, then a body framed by Content-Length or 'Transfer-Encoding: \
            chunked'; its Content-Type header is used unless --content-type is given, and \
            positions point into the capture); or a HAR file from browser developer tools, where \
            every request whose Content-Type is multipart/form-data is validated as \
            'FILE#entry-N (METHOD URL)' with positions relative to the decoded postData.text. \
            --input auto (the default) tells them apart by their first bytes: JSON starting with \
            '{' and containing "log" is HAR, a first line 'METHOD target HTTP/1.x' is HTTP, \
            anything else is a body. Notes and warnings about an input (bare LF line ends, a \
            Content-Length that disagrees with the bytes present, a HAR body the browser could not \
            store exactly) go to standard error.

            Limits: a body of any size streams in bounded memory; standard input beyond 4 MiB \
            spills to a temporary file for snippets. A HAR file is read whole, up to 256 MiB, and \
            only its requests are kept, up to 1,000,000 JSON values; an HTTP request head is at \
            most 64 KiB.

            Exit status: 0 when every body conforms, 1 when one does not or a HAR file holds no \
            multipart/form-data request, 64 for a usage error, 73 when the report cannot be \
            written, and 66 when an input cannot be read \
            (including malformed HAR JSON and a malformed or truncated HTTP capture).
            """,
        arguments: [
            Argument(
                valueName: "file", isRepeating: true,
                help: "The bodies, HTTP captures or HAR files to validate; '-' reads standard input.")
        ],
        options: [
            Option(
                name: .contentType, valueName: "content-type",
                help:
                    "The Content-Type header value the bodies were sent with, for example 'multipart/form-data; boundary=AaB03x'. Without it the boundary is inferred from each body's first line."
            ),
            Option(
                name: .input, valueName: "input", allowedValues: InputFormat.allCases.map(\.rawValue),
                defaultValue: "auto",
                help:
                    "What the files hold: 'body', a raw multipart body; 'http', a raw HTTP/1.x request; 'har', a HAR file; 'auto', detect from the first bytes."
            ),
            Option(name: .warningsAsErrors, help: "Fail (exit 1) when a body has warnings."),
            Option(name: .quiet, help: "Print only the summary line of each body (text format)."),
        ] + ValidationOptionGroup.options(for: .validate))

    /// `rules`: the rule catalog.
    static let rules = CommandSpec(
        name: "rules",
        abstract: "Print the catalog of rules the validator checks.",
        discussion: "The markdown format is the table in CONFORMANCE.md.",
        options: [
            Option(
                name: .format, valueName: "format", allowedValues: RulesCommand.formatNames,
                defaultValue: "text", help: "The output format.")
        ])

    /// `explain`: one rule in full.
    static let explain = CommandSpec(
        name: "explain",
        abstract: "Explain one rule: what it requires, why, and how to fix it.",
        discussion: """
            Prints the rule's severity, area, citation, rationale, what its position points at and \
            the fix, then a minimal failing example and a minimal passing one (the same input \
            repaired), each with every byte made visible, one line per LF, and what the validator \
            reports about it when explain runs. A rule whose every input is an error of another \
            rule has no passing example and says why. A code the reference encoder refuses a form \
            or stops with (such as 'unrepresentable-name' or 'file-changed'), or a class of forms \
            an encoder may refuse ('line-breaks-in-names'), is explained too: what it names, why, \
            and what an encoder should do.

            When Interop/results/evidence.json lies beside the corpus, the corpus vectors that \
            expect the rule and that real parsers read differently follow: by default one line \
            per vector counting how the parsers read it; --evidence full lists every reading and \
            --parser ID what one parser made of each.
            """,
        arguments: [
            Argument(valueName: "rule-id", help: "The rule's id, for example 'header-bare-lf', or a refusal code, such as 'unrepresentable-name'.")
        ],
        options: [
            Option(
                name: .evidence, valueName: "detail", allowedValues: ExplainCommand.evidenceNames, defaultValue: "summary",
                help: "How much of what real parsers made of the rule's vectors to show: a count per reading, or every reading."),
            Option(
                name: .parser, valueName: "id", isRepeating: true,
                help: "Show what this parser (an id of Interop/parsers.tsv, such as 'php') made of each of the rule's split vectors."),
            Option(
                name: .receiver, valueName: "name", isRepeating: true,
                help: "Show what this receiver (an interop row such as 'php', or a framework such as 'laravel') does with "
                    + "the rule's shape, from its profile: its conventions and the vectors showing only this rule it read otherwise."),
        ])

    /// `encode`: curl's `-F` syntax on top of the reference encoder.
    static let encode = CommandSpec(
        name: "encode",
        abstract: "Encode a form as multipart/form-data, with curl's -F syntax.",
        discussion: """
            Each -F adds one field, in order: 'name=text' a text field; 'name=@path' a file \
            upload, named after the path's last component and typed from its extension; \
            'name=<path' a text field holding the file's content ('-' reads standard input). \
            Modifiers follow after ';': 'type=<media type>' and 'filename=<name>', for example \
            -F 'photo=@img.bin;type=image/png;filename=beach.png'. Double-quote a value, path or \
            filename that holds ';' or ',' (-F 'note="a;b"', -F 'f=@"a,b.txt"'); inside quotes \
            write \\" and \\\\ for " and \\. Unquoted words lose surrounding whitespace. \
            --form-string takes its value literally.

            The body is the reference encoder's canonical encoding (see CONFORMANCE.md): names and \
            filenames escape '"', CR and LF as %22, %0D and %0A; text fields carry no Content-Type \
            (a ';type=' makes a file part named 'blob', as browsers send a Blob); regular files \
            stream in constant memory. Standard input, pipes, devices and '<file' text are read \
            into memory first, up to 64 MiB each (save a larger input to a file and use '@file'). \
            Unlike curl, an unknown modifier, text after a closing quote, \
            several files in one -F ('@a,b', nested multipart/mixed), 'headers=' and 'encoder=' \
            are errors, not warnings. The Content-Type and Content-Length headers are printed on \
            standard error unless --content-type-file is given.

            Exit status: 0 when the body was written, 1 when a file turned out to contain the \
            boundary (the output is then incomplete; a file named by --output is removed), 64 for \
            a usage error (including a name, filename or type that cannot be written), 66 when a \
            file cannot be read or changes while it is read, and 73 when the output cannot be \
            written.
            """,
        options: [
            Option(
                name: .form, shortName: "-F", valueName: "name=content", isRepeating: true,
                help: "Add a field: name=text, name=@file or name=<file, with optional ;type= and ;filename=."),
            Option(
                name: .formString, valueName: "name=string", isRepeating: true,
                help: "Add a text field taken literally: no @, < or ; modifiers."),
            Option(
                name: .boundary, valueName: "boundary",
                help:
                    "Use this boundary instead of a random one: 1 to 70 RFC 2046 characters, not ending in a space. The encoder fails if a value contains it."
            ),
            Option(
                name: .output, shortName: "-o", valueName: "file",
                help: "Write the body to <file> instead of standard output ('-' is standard output)."),
            Option(
                name: .contentTypeFile, valueName: "file",
                help: "Write the Content-Type value to <file> instead of printing the headers on standard error."),
            Option(
                name: .normalizeNewlines,
                help: "Turn lone CR and LF in names and text values into CRLF, as browsers do."),
        ])

    /// `help`: help about a subcommand.
    static let help = CommandSpec(
        name: "help",
        abstract: "Show subcommand help information.",
        arguments: [
            Argument(
                valueName: "subcommand", isRepeating: true, isOptional: true,
                help: "The subcommand to explain, for example 'validate' or 'vectors new'.")
        ])

    /// The subcommands this library implements, in help order (`help` comes last, after added ones).
    static let builtInSubcommands: [CommandSpec] = [validate, encode, rules, explain, vectors, certify, report, serve, compare]

    /// The subcommand run when the first argument names none.
    static let defaultSubcommandName = "validate"
}
