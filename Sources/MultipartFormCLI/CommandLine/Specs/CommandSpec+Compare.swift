extension CommandSpec {
    /// `compare`: what real parsers make of one body.
    static let compare = CommandSpec(
        name: "compare",
        abstract: "Show how real servers' parsers read a body, beside the validator.",
        discussion: """
            Sends the body (a raw body, a raw HTTP/1.x request or a HAR file, as 'validate' reads \
            them) to every parser Interop/setup.sh installed (Interop/parsers.tsv: PHP, Rack, \
            Django, Go, busboy, ...), through the same drivers and decoder process contract \
            'certify --decoder' uses. Parsers that read the body alike are grouped; each group's \
            parts (name, filename, Content-Type, size, the start of the value, SHA-256) are \
            listed with '*' on every cell that differs from the validator's reading, then \
            rejections and parsers that gave no answer, then the validator's findings, which \
            explain the differences. Parts are matched by name, so the order between names is \
            not counted, and a part nothing matches is listed as missing with the start of its \
            value. What a parser's API cannot report (a text field's Content-Type) is not a \
            difference, and a reading its documented conventions describe \
            (Interop/conventions.tsv: PHP keeping the last of a repeated name) is shown as such.

            The parsers are looked for in --interop DIR, else $MULTIPART_CHECK_INTEROP, else \
            ./Interop, else the Interop directory of the package checkout the corpus comes \
            from. A parser counts as installed when the files its driver names exist there, a \
            Java driver's class path entries exist and one holds its main class, and its version \
            command succeeds; standard error says why each other one is not.

            With --firewall, each body is also sent to that firewall configuration of the bypass \
            atlas (ModSecurity 2 in Apache or ModSecurity 3 behind nginx, with the OWASP Core Rule \
            Set at a paranoia level), started as a real server for the body and stopped after it: \
            its HTTP status says whether the applications behind it get the body, which the \
            parsers' readings then show, and the rules it matched say why it stopped the body. The \
            answers do not change the exit status.

            The whole run ends by --deadline seconds (default 3600): parsers still running then \
            are killed, and the bodies not compared by then (the rest of a HAR file's entries) \
            are listed after those that were.

            Exit status: 0 when every parser read each body as the validator does (or as its \
            documented conventions say), 1 when some \
            read it otherwise (or the input holds no body to compare), 64 for a usage error, 66 \
            when the input cannot be read, 69 when no parser is installed, 75 when --deadline \
            passed before every body was compared.
            """,
        arguments: [
            Argument(valueName: "file", help: "The body, HTTP capture or HAR file; '-' reads standard input.")
        ],
        options: [
            Option(
                name: .parser, valueName: "id", isRepeating: true,
                help: "Run only this parser (an id of Interop/parsers.tsv, such as 'php'); repeat for more."),
            Option(
                name: .firewall, valueName: "id", isRepeating: true,
                help:
                    "Also send the body to this firewall configuration of the bypass atlas (Interop/tools/firewalls.py: 'modsec2-pl1' to 'modsec3-pl4', or 'all') and show whether it lets the body through to the parsers; repeat for more."
            ),
            Option(
                name: .interop, valueName: "dir",
                help: "The Interop directory whose installed parsers to run."),
            Option(
                name: .contentType, valueName: "content-type",
                help:
                    "The Content-Type header value the body was sent with. Without it a capture's header is used, or the boundary is taken from a raw body's first line."
            ),
            Option(
                name: .input, valueName: "input", allowedValues: InputFormat.allCases.map(\.rawValue),
                defaultValue: "auto", help: "What the file holds: 'body', 'http', 'har', or 'auto' to detect it."),
            Option(
                name: .timeout, valueName: "seconds", defaultValue: "30",
                help: "How long each parser may take for the body before it is killed."),
            Option(
                name: .deadline, valueName: "seconds", defaultValue: "3600",
                help: "How long the whole comparison may take; then it stops, shows what it compared and lists what it did not."),
        ] + ValidationOptionGroup.options(for: .compare))
}
