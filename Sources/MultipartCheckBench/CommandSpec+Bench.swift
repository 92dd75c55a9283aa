import MultipartFormCLI
extension CommandSpec {
    /// `bench`: throughput and peak memory of the validator and the encoder on generated bodies.
    package static let bench = CommandSpec(
        name: "bench",
        abstract: "Measure the validator and the encoder on generated bodies, against floors timed in the same run.",
        discussion: """
            Writes five bodies into a temporary directory (removed afterwards), all with the \
            boundary ----WebKitFormBoundary7MA4YWxkTrZu0gW and shaped as the reference encoder \
            writes them: big-binary (256 MiB file part of random bytes and 3 small fields), \
            many-fields (100,000 small text fields), crlf-heavy (64 MiB file part dense in CRLF, \
            '\\r\\n--' and prefixes of the boundary), mixed (1,000 file parts of 64 KiB) and chunked \
            (4 MiB of fields and 64 KiB files, fed 1 byte at a time).

            On each body it times three floors: memchr (read the body in 64 KiB blocks and memchr \
            for every CR), delimiter (read it and memmem for every '\\r\\n--boundary') and copy \
            (read it and write it to /dev/null). Then: validate (stream the body through the \
            validator in 64 KiB chunks, parts not collected, as 'validate --quiet' does); decode \
            (validate with part collection, then read the body once more and materialise each part \
            in turn: name, filename and Content-Type as strings, content copied into an array of \
            its own, released before the next part); encode (the same form, text fields and files \
            on disk, built before the clock starts as the body is written before validate's, \
            prepared and written with ReferenceEncoder to /dev/null in 64 KiB chunks, as 'encode \
            -o' does). For chunked, validate and decode are fed 1 byte per call and encode yields 1-byte chunks. \
            The part limit is raised to 1,000,000 so every part of many-fields is collected; \
            checking does not depend on it. Every run is also checked: parts framed and no \
            error found, delimiters found, as many bytes encoded as the body holds (the tests check \
            that they are the body's bytes).

            Each figure is the median of --runs runs, rounds interleaved across operations and \
            alternately in the forward and the reverse order, so no operation always follows the \
            same one. The files are synced to disk once written, and \
            each run does its operation three times in its process and times the third, so the \
            files are in the page cache and first-call costs, the allocator's first pages among \
            them, are paid. MB/s is \
            10^6 bytes of body per second; each result is also given as a ratio to its floor \
            (encode: copy; validate and decode: delimiter on crlf-heavy, memchr elsewhere), which \
            compares across machines. Peak RSS is the maximum over the runs of each run's process, \
            spawned as a child of its own; with --in-process it is not measured. For chunked, \
            linearity compares the cost per byte of validate on the body and on a quarter of it, \
            from 3 pairs of extra runs per round and the fastest run of each side (noise only adds \
            time; a cost that grows with the body shows in the fastest run too). \
            With --scale 4 the big-binary file part is 1 GiB.
            """,
        options: [
            Option(
                name: .`case`, valueName: "case", allowedValues: BenchCase.Name.allCases.map(\.rawValue),
                help: "Measure only this case; repeat to measure several. Default: all."),
            Option(
                name: .runs, valueName: "n", defaultValue: String(BenchCommand.defaultRuns),
                help: "Runs of each measurement; the median is reported."),
            Option(
                name: .scale, valueName: "factor", defaultValue: "1",
                help: "Multiplies the size of every body, for example 0.01 for a quick check."),
            Option(
                name: .format, valueName: "format", allowedValues: ["text", "json"], defaultValue: "text",
                help: "The output format: a table, or JSON."),
            Option(name: .json, help: "The old spelling of --format json, accepted until the next release.", isHidden: true),
            Option(name: .inProcess, help: "Measure in this process instead of a child per run (no peak RSS)."),
            Option(name: .keepBodies, help: "Keep the generated bodies and print where they are."),
        ])
}
