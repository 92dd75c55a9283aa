extension CommandSpec {
    /// The `--corpus` option every `vectors` subcommand takes.
    static let corpusOption = Option(
        name: .corpus, valueName: "directory",
        help:
            "The corpus directory. Default: $MULTIPART_VECTORS_DIR if set, else 'Vectors' in the current directory, else the Vectors directory of the package this tool was built from."
    )

    /// `vectors`: groups the contributor workflow.
    static let vectors = CommandSpec(
        name: "vectors",
        abstract: "List, check and add the corpus's test vectors.",
        discussion: """
            A vector is a raw body in Vectors/<area>/<y|n|i>-<slug>.body and a sidecar (.json) that \
            says what the strict validator reports for it and what a receiver decodes. \
            CONFORMANCE.md describes the format and how to add a vector.
            """,
        children: [vectorsList, vectorsCheck, vectorsNew])

    /// `vectors list`: the vectors, filtered.
    static let vectorsList = CommandSpec(
        name: "vectors list",
        abstract: "List the vectors, optionally only those of an area, a verdict or a rule.",
        discussion: "Text output is one vector per line (its id and description), then counts by verdict.",
        options: [
            Option(name: .area, valueName: "area", help: "Only vectors of this area, for example 'quoting'."),
            Option(name: .rule, valueName: "rule-id", help: "Only vectors that expect this rule, for example 'header-bare-lf'."),
            Option(
                name: .verdict, valueName: "verdict", allowedValues: ["y", "n", "i"],
                help: "Only vectors with this verdict."),
            Option(name: .canonical, help: "Only vectors the reference encoder reproduces byte for byte."),
            Option(
                name: .format, valueName: "format", allowedValues: ["text", "json"], defaultValue: "text",
                help: "The output format."),
            corpusOption,
        ])

    /// `vectors check`: audits the corpus.
    static let vectorsCheck = CommandSpec(
        name: "vectors check",
        abstract: "Run every vector through the validator and show each mismatch with its sidecar.",
        discussion: """
            Each vector is validated whole and in chunks of 1, 2, 3, 7 and 64 bytes, and the findings \
            and parts are compared with its sidecar; the sidecar is checked against the rule catalog \
            and the verdict in its name; an encoder input's canonical mark is checked with the \
            reference encoder; the sidecar file must be in the form the tool writes; and \
            MANIFEST.sha256 must match every file. Checking the whole corpus also requires every \
            rule to be expected by at least one vector.

            After editing a sidecar by hand, run with --update: it rewrites edited sidecars in the \
            tool's form and refreshes MANIFEST.sha256. It never changes a .body file.

            Exit status: 0 when everything checked passes, 1 when something fails, 64 for a usage \
            error, 66 when the corpus cannot be read.
            """,
        arguments: [
            Argument(
                valueName: "id-or-area", isRepeating: true, isOptional: true,
                help: "Vector ids (for example 'crlf/n-bare-lf-in-headers') or areas to check; all when none is given.")
        ],
        options: [
            Option(name: .update, help: "Rewrite sidecars in the tool's form and refresh MANIFEST.sha256 first."),
            corpusOption,
        ])

    /// `vectors new`: adds a vector from a body file.
    static let vectorsNew = CommandSpec(
        name: "vectors new",
        abstract: "Add a vector: write the body and a sidecar recording what the validator reports.",
        discussion: """
            The body's bytes are copied exactly. The sidecar records every finding (rule and byte \
            offset) and the decoded parts; for a y- vector that a form can produce it also records \
            that form as the encoder input and whether the reference encoder reproduces the body. \
            The verdict follows from the findings (an error makes it n-, none makes it y-); give \
            --verdict i for a body the specifications leave receivers a choice about, then write \
            in the sidecar which sentence allows each outcome. Review the sidecar against the \
            specifications, then run 'multipart-check vectors check' and 'swift test'. A raw HTTP \
            request (a capture 'serve --save' wrote) adds its decoded body, with its Content-Type \
            unless --content-type is given.
            """,
        arguments: [
            Argument(
                valueName: "body-file",
                help: "The raw body to add, or a raw HTTP request carrying it; '-' reads standard input.")
        ],
        options: [
            Option(name: .area, valueName: "area", help: "The area directory, for example 'quoting' (a-z, 0-9, '-').", isRequired: true),
            Option(name: .slug, valueName: "slug", help: "The vector's name after its verdict (ASCII letters, digits, '-', '_', '.').", isRequired: true),
            Option(name: .description, valueName: "text", help: "One line saying what the vector shows.", isRequired: true),
            Option(
                name: .contentType, valueName: "content-type",
                help: "The Content-Type header value the body is sent with; without it the boundary is inferred."),
            Option(
                name: .spec, valueName: "section", isRepeating: true,
                help: "A specification section the vector exercises, for example 'RFC 7578 §4.2'; repeatable. Default: the citations of the rules it triggers."),
            Option(
                name: .verdict, valueName: "verdict", allowedValues: ["y", "n", "i"],
                help: "The verdict; by default y- without errors and n- with errors."),
            Option(name: .producer, valueName: "name", help: "The real encoder that produces this shape, if any."),
            corpusOption,
        ])
}
