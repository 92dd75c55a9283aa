extension CommandSpec {
    /// `serve`: validate an app's uploads as they arrive.
    static let serve = CommandSpec(
        name: "serve",
        abstract: "Run a local HTTP server that validates every multipart request it receives.",
        discussion: """
            Point an app's upload URL at the server (http://127.0.0.1:8080/ by default; any path) \
            and send again: each request's body streams through the validator as it arrives, never \
            held whole. Each request gets a block of output: its request line, Content-Type and \
            size, then the findings as 'validate' prints them, with positions counted from the \
            start of the body, then a summary line. --format json prints one JSON object per line \
            instead: the report 'validate --format json' gives for one file, inside the request's \
            details.

            HTTP/1.1 with Content-Length or 'Transfer-Encoding: chunked', 'Expect: 100-continue', \
            keep-alive and several connections at once. --respond report (the default) answers 200 \
            with the JSON report; ok answers 200 with an empty body; strict answers 400 with the \
            report when the body is not conforming, so an app's error path can be tried. A request \
            without a body and without a Content-Type (a browser's GET) is answered with how to \
            use the server.

            The live page: open http://127.0.0.1:PORT/_/ in a browser to see each request as it \
            is validated, its parts, its findings with the bytes around them and each rule's \
            fix. It keeps the last --page-history requests; a body of up to 64 KiB is kept \
            whole, to download as /_/capture/N (an HTTP capture validate reads) or /_/body/N, \
            with a curl command that sends it again, and compared with every real parser \
            Interop/setup.sh installed (as 'compare' does). The page and its data are served \
            only when the Host header is localhost, 127.0.0.1, [::1] or the address listened \
            on (else 403), and never with CORS headers; a GET below /_/ is never validated.

            Limits: a request line of at most 8 KiB and a head of at most 64 KiB (else 414 or \
            431), a body of at most --max-body (else 413), at most --max-connections connections \
            and at most --max-connections-per-client from one client address (else 503 with \
            Retry-After: 1; more than the open-file limit allows is refused at start), 10 seconds for \
            a whole request head, --idle-timeout seconds without a byte of a body and \
            --request-timeout seconds for a whole request (else 408; an idle keep-alive connection \
            is closed), and --idle-timeout for an answer the client does not read. Each ends \
            with one line of output; other clients are not affected. Snippets are taken from the \
            first and the last 64 KiB of a body read so far. A HEAD request is answered with the \
            header fields alone.

            The server binds to 127.0.0.1 unless --host says otherwise (0.0.0.0 to be reached \
            from a phone on the same network: it then warns that it is a development tool). \
            Ctrl-C (or SIGTERM, SIGHUP) stops it and prints the totals, even while its output is \
            not being read: what the reader does not take within a second is dropped. Exit \
            status: 0 after a stop, 64 for a usage error, 73 when the address cannot be bound, the \
            --save directory is missing or output was lost (a full disk, a closed standard output: \
            serve then stops, and standard error says why).
            """,
        options: [
            Option(name: .host, valueName: "address", defaultValue: "127.0.0.1", help: "The address to listen on."),
            Option(name: .port, valueName: "port", defaultValue: "8080", help: "The TCP port; 0 picks a free one."),
            Option(
                name: .respond, valueName: "answer", allowedValues: ServeConfiguration.Response.allCases.map(\.rawValue),
                defaultValue: "report",
                help: "The answer to a validated request: 'report' 200 with the JSON report, 'ok' 200 empty, 'strict' 400 with the report when not conforming."
            ),
            Option(
                name: .save, valueName: "directory",
                help: "Save each request, as it arrived, to a raw HTTP capture in <directory> that 'validate' and 'vectors new' read."),
            Option(
                name: .maxBody, valueName: "size", defaultValue: ServeConfiguration.defaultMaxBody,
                help: "The largest body read, in bytes or with K, M or G (binary multiples); larger requests get 413."),
            Option(
                name: .maxConnections, valueName: "n", defaultValue: String(ServeConfiguration().maxConnections),
                help: "The most connections served at once; another gets 503."),
            Option(
                name: .maxConnectionsPerClient, valueName: "n",
                help:
                    "The most connections one client address may hold at once; another from it gets 503. Default: all of --max-connections on a loopback address (every client is this machine), else half of it."
            ),
            Option(
                name: .pageHistory, valueName: "n", defaultValue: String(ServeConfiguration().pageHistory),
                help: "How many requests the live page at /_/ keeps (0 turns it off)."),
            Option(
                name: .parser, valueName: "id", isRepeating: true,
                help:
                    "After each request of up to 64 KiB, show what this real parser hands the application (an id of Interop/parsers.tsv, such as 'php'; installed by Interop/setup.sh); repeat for more."
            ),
            Option(
                name: .interop, valueName: "dir",
                help: "The Interop directory whose installed parsers --parser and the live page's comparison run (as for 'compare')."),
            Option(
                name: .idleTimeout, valueName: "seconds", defaultValue: "30",
                help: "How long a client may send nothing mid-body before it gets 408 (an idle connection is closed)."),
            Option(
                name: .requestTimeout, valueName: "seconds", defaultValue: "120",
                help: "How long a whole request, head and body, may take before it gets 408."),
        ] + ValidationOptionGroup.options(for: .serve))
}
