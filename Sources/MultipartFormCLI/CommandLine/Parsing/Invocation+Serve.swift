extension Invocation {
    /// Parses `serve [options]`.
    static func parseServe(_ arguments: ArraySlice<String>) throws(UsageError) -> Invocation {
        let spec = CommandSpec.serve
        let parsed = try ParsedArguments(arguments, command: spec)
        if parsed.wantsHelp { return .help(spec) }
        var command = ServeCommand()
        func invalid(_ text: String, _ option: String, _ wanted: String) -> UsageError {
            UsageError("The value '\(text)' is invalid for '\(option)'. Please provide \(wanted).", command: spec)
        }
        if let host = parsed.value(.host) {
            guard !host.isEmpty else { throw invalid(host, "--host <address>", "an address such as 127.0.0.1 or 0.0.0.0") }
            command.configuration.host = host
        }
        if let text = parsed.value(.port) {
            guard let port = Int(text), (0...65535).contains(port) else {
                throw invalid(text, "--port <port>", "a port number from 0 to 65535")
            }
            command.configuration.port = port
        }
        if let text = parsed.value(.respond) {
            command.configuration.respond = ServeConfiguration.Response(rawValue: text) ?? .report
        }
        command.configuration.saveDirectory = parsed.value(.save)
        if let text = parsed.value(.maxBody) {
            guard let size = ServeConfiguration.parseSize(text) else {
                throw invalid(text, "--max-body <size>", "a positive size in bytes, or with K, M or G, such as 16M")
            }
            command.configuration.maxBody = size
        }
        if let text = parsed.value(.maxConnections) {
            guard let n = Int(text), (1...10_000).contains(n) else {
                throw invalid(text, "--max-connections <n>", "a number from 1 to 10000")
            }
            command.configuration.maxConnections = n
        }
        if let text = parsed.value(.maxConnectionsPerClient) {
            guard let n = Int(text), (1...10_000).contains(n) else {
                throw invalid(text, "--max-connections-per-client <n>", "a number from 1 to 10000")
            }
            guard n <= command.configuration.maxConnections else {
                throw UsageError(
                    "'--max-connections-per-client' is \(n), more than '--max-connections' (\(command.configuration.maxConnections)): one client could then hold every connection.",
                    command: spec)
            }
            command.configuration.maxConnectionsPerClient = n
        }
        if let text = parsed.value(.pageHistory) {
            guard let n = Int(text), (0...10_000).contains(n) else {
                throw invalid(text, "--page-history <n>", "a number from 0 to 10000")
            }
            command.configuration.pageHistory = n
        }
        if let text = parsed.value(.idleTimeout) {
            guard let seconds = Double(text), seconds > 0, seconds <= 3600 else {
                throw invalid(text, "--idle-timeout <seconds>", "a number of seconds between 0 and 3600")
            }
            command.configuration.idleTimeout = seconds
        }
        if let text = parsed.value(.requestTimeout) {
            guard let seconds = Double(text), seconds > 0, seconds <= 86400 else {
                throw invalid(text, "--request-timeout <seconds>", "a number of seconds between 0 and 86400")
            }
            command.configuration.requestTimeout = seconds
        }
        command.configuration.parserIDs = parsed.values(.parser)
        command.configuration.interopDirectory = parsed.value(.interop)
        command.configuration.shared = try ValidationOptionGroup(parsed, for: .serve)
        return .serve(command)
    }
}
