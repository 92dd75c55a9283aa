import MultipartFormConformanceCore

extension CommandSpec {
    /// `certify`: runs an encoder in any language over the corpus through the process adapter.
    static let certify = CommandSpec(
        name: "certify",
        abstract: "Certify an encoder or a parser in any language: run it on every vector and grade its answers.",
        discussion: """
            For each vector that carries an encoder input, the command is started once with the form \
            as JSON on its standard input, and must print the body and its Content-Type as JSON on \
            standard output (contract version 1, in CONFORMANCE.md under 'Certifying an encoder in \
            any language'). Each output is validated strictly and its parts compared with the form; \
            the report grades every vector (pass, pass with warnings, fail, unsupported) and the \
            encoder as a whole (Canonical, Conformant, Conformant with warnings, Non-conformant). A \
            command that runs past --timeout, or writes more than --max-output, is killed with its \
            process group; a crash, a non-zero exit or malformed output fails that vector; the \
            whole run ends by --deadline. Forms run --jobs at a time; when the first 3 all end the same \
            way (a time-out, a crash, a failure status, a malformed answer) the rest are not sent and \
            the run says so; forms killed at --deadline do not count. Interrupting certify kills the running command too, and says so instead of writing a report. Put '--' before the command so its own options are not read as ours.

            Exit status: 0 when no vector fails other than declared known issues that still fail \
            (so an encoder without known issues is conformant), 1 when one does, a known issue \
            passed (stale), the run stopped early or the level is below --require (or reached only with features declared \
            unsupported or over another corpus, unless --allow-unsupported or --allow-other-corpus accepts that), 64 for a usage error (including a --vector, --area or \
            known issue that names no vector), 65 when the corpus is not the one \
            --expect-corpus-sha256 pins, 66 when the corpus, the known-issues file or the \
            command cannot be read or started, 73 when --output cannot be written.
            """,
        arguments: [
            Argument(
                valueName: "command", isRepeating: true, isOptional: true,
                help: "The encoder's command line, for example '-- python3 encoder.py' (not needed with --show-request).")
        ],
        options: [
            Option(
                name: .format, valueName: "format", allowedValues: CertifyCommand.Format.allCases.map(\.rawValue),
                defaultValue: "text",
                help: "The report format: a text table, JSON, JUnit XML, an HTML page or SARIF 2.1.0 (one result per vector that did not pass)."),
            Option(name: .output, valueName: "file", help: "Write the report to this file instead of standard output."),
            Option(
                name: .adapterFile, valueName: "path",
                help: "With --format sarif: the adapter's source file, named as every result's location (default: the vector's file, Vectors/<id>.body)."),
            Option(
                name: .timeout, valueName: "seconds", defaultValue: "10",
                help: "Seconds the command may take for one form before it is killed."),
            Option(
                name: .deadline, valueName: "seconds", defaultValue: "3600",
                help: "Seconds for the whole run; forms not sent by then fail as not run, and a running child gets only the time left."),
            Option(
                name: .maxOutput, valueName: "MiB", defaultValue: "64",
                help: "MiB the command may write to standard output for one form before it is killed (of its standard error, the last 64 KiB is kept)."),
            Option(
                name: .decoder,
                help: "The command is a parser: it gets each vector's body and Content-Type and answers the parts it decodes, or rejects the body (contract in CONFORMANCE.md under 'Certifying a parser in any language')."),
            Option(
                name: .boundaryAccepted,
                help: "The command uses the boundary it is sent: compare canonical vectors byte for byte (needed for the Canonical level)."),
            Option(
                name: .unsupported, valueName: "feature",
                help: "A feature the encoder's API cannot express (\(EncoderFeature.all.map(\.rawValue).joined(separator: ", "))); its vectors are not run, and the report says how many. Repeatable."),
            Option(
                name: .notReported, valueName: "detail", allowedValues: UnreportedDetail.all.map(\.rawValue), isRepeating: true,
                help: "For --decoder: a detail the parser's API does not report; it is left out of the comparison, and the report says so. Repeatable."),
            Option(
                name: .limit, valueName: "kind=bytes", isRepeating: true,
                help: "For --decoder: a size limit the parser declares (\(ReceiverLimit.Kind.allCases.map(\.rawValue).joined(separator: ", ")), such as header-line-bytes=8190); a valid body past it that the parser rejects passes, one it accepts with data lost still fails. Repeatable."),
            Option(
                name: .convention, valueName: "convention", allowedValues: DecoderConvention.all.map(\.rawValue), isRepeating: true,
                help: "For --decoder: a documented convention the parser hands parts over by (such as PHP's last-of-repeated-name); a valid body read exactly as it describes passes with the convention named, and never sets the level. Repeatable."),
            Option(
                name: .vector, valueName: "id", isRepeating: true,
                help: "Run only this vector; a glob such as 'quoting/*' is allowed. Repeatable; with --area, a vector matching either runs."),
            Option(
                name: .area, valueName: "area", isRepeating: true,
                help: "Run only the vectors of this area (a glob is allowed). Repeatable."),
            Option(
                name: .jobs, valueName: "n",
                help: "How many forms run at once; default: the number of processors. The report is the same for every n."),
            Option(
                name: .showRequest, valueName: "id",
                help: "Print exactly what the command receives for this vector (given --boundary-accepted or not) and exit, without running it."),
            Option(
                name: .saveBodies, valueName: "dir",
                help: "Keep every answer in <dir>: <vector id>.body and .content-type, or .error for a refusal or a failure."),
            Option(
                name: .knownIssue, valueName: "id=reason", isRepeating: true,
                help: "Declare a vector the encoder is known to fail, with the reason. It must keep failing: one that passes fails the run (stale-known-issue). Repeatable."),
            Option(
                name: .knownIssues, valueName: "file",
                help: "Read known issues from a file: one 'id=reason' per line; blank lines and lines starting with '#' are ignored."),
            Option(
                name: .require, valueName: "level", allowedValues: CertificationLevel.allCases.map(\.rawValue),
                help: "Fail (exit 1) unless the level reached is this one or better, over the shipped corpus with every form run, as require() does in swift test."),
            Option(
                name: .probeSeed, valueName: "n",
                help: "For --decoder: make the probes (bodies re-framed from valid vectors with a fresh boundary and another part order, ids probe/y-reframed-N) from this seed, as a report records it, instead of a fresh one."),
            Option(
                name: .allowUnsupported,
                help: "With --require: accept the level though vectors were not run for features declared --unsupported (the report still says how many)."),
            Option(
                name: .allowOtherCorpus,
                help: "With --require: accept the level though --corpus named a corpus other than the shipped one (the report still says so)."),
            Option(name: .name, valueName: "name", help: "The encoder's name in the report; default: the command line."),
            Option(name: .problemsOnly, help: "In the text table, list only the vectors that did not pass."),
            Option(
                name: .corpus, valueName: "directory",
                help: "Grade over this corpus instead of the one installed with multipart-check (the current directory and $MULTIPART_VECTORS_DIR are never read). Unless its manifest is the shipped one's, the report says 'other corpus' and --require fails without --allow-other-corpus."),
            Option(
                name: .expectCorpusSHA256, valueName: "hex",
                help: "Run only over the corpus whose manifest has this SHA-256 (a report's provenance.corpus.manifest_sha256), with every file matching the manifest; any other corpus is an error (exit 65), so an upgrade cannot change the corpus unseen."),
        ])
}
