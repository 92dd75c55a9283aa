extension CommandSpec {
    /// `report`: works on certification reports.
    static let report = CommandSpec(
        name: "report",
        abstract: "Combine certification reports into one matrix.",
        discussion: "Reports are the JSON files 'certify --format json' writes (or the Swift API's CertificationReport.json()).",
        children: [reportMerge])

    /// `report merge`: several JSON reports, one matrix.
    static let reportMerge = CommandSpec(
        name: "report merge",
        abstract: "Merge JSON certification reports of encoders and decoders into one matrix of vectors by implementations.",
        discussion: """
            Each file holds one report or several ({"format_version": 2, "reports": [...]}; version 1 \
            reads too). Columns follow the order of the files. Levels are computed again from each \
            report's verdicts; a report whose recorded facts no longer match its checksum is refused. \
            Reports of different corpora are refused unless --allow-mixed-corpora is given, and then \
            the matrix says so. A vector a partial report left out is drawn as "not run", a vector that \
            does not apply to that kind of adapter is left blank.

            Exit status: 0 when the matrix was written, 64 for a usage error, 65 when the reports come \
            from different corpora, 66 when a report cannot be read, is not a version 1 or 2 report or \
            was edited, 73 when --output cannot be written.
            """,
        arguments: [
            Argument(valueName: "report", isRepeating: true, help: "The JSON reports to merge.")
        ],
        options: [
            Option(
                name: .format, valueName: "format", allowedValues: ReportMergeCommand.Format.allCases.map(\.rawValue),
                defaultValue: "html",
                help: "An HTML page, Markdown tables, the merged reports as one JSON document, or SARIF 2.1.0 (one run per report)."),
            Option(name: .output, valueName: "file", help: "Write the matrix to this file instead of standard output."),
            Option(
                name: .adapterFile, valueName: "path",
                help: "With --format sarif: the adapters' source file, named as every result's location (default: the vector's file)."),
            Option(name: .title, valueName: "title", help: "The page's title."),
            Option(
                name: .allowMixedCorpora,
                help: "Merge reports of different corpora (a row may then hold different bytes per column); the matrix names each corpus."),
        ])
}
