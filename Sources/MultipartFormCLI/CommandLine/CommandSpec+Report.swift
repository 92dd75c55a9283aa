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
            Each file holds one report or several ({"format_version": 1, "reports": [...]}). Columns \
            follow the order of the files. Levels are computed again from each report's verdicts.

            Exit status: 0 when the matrix was written, 64 for a usage error, 66 when a report cannot \
            be read or is not a version 1 report, 73 when --output cannot be written.
            """,
        arguments: [
            Argument(valueName: "report", isRepeating: true, help: "The JSON reports to merge.")
        ],
        options: [
            Option(
                name: .format, valueName: "format", allowedValues: ReportMergeCommand.Format.allCases.map(\.rawValue),
                defaultValue: "html", help: "An HTML page, Markdown tables, or the merged reports as one JSON document."),
            Option(name: .output, valueName: "file", help: "Write the matrix to this file instead of standard output."),
            Option(name: .title, valueName: "title", help: "The page's title."),
        ])
}
