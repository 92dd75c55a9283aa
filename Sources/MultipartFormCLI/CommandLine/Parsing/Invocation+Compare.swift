extension Invocation {
    /// Parses `compare [options] FILE`.
    static func parseCompare(_ arguments: ArraySlice<String>) throws(UsageError) -> Invocation {
        let spec = CommandSpec.compare
        let parsed = try ParsedArguments(arguments, command: spec)
        if parsed.wantsHelp { return .help(spec) }
        #if os(macOS) || os(Linux)
        var command = CompareCommand(path: parsed.positionals[0])
        command.contentType = parsed.value(.contentType)
        command.inputFormat = parsed.value(.input).flatMap(InputFormat.init(rawValue:)) ?? .auto
        command.parserIDs = parsed.values(.parser)
        command.firewallIDs = parsed.values(.firewall)
        command.interopOption = parsed.value(.interop)
        command.shared = try ValidationOptionGroup(parsed, for: .compare)
        if let seconds = try parsed.seconds(.timeout, upTo: 3600) { command.timeout = seconds }
        if let seconds = try parsed.seconds(.deadline, upTo: 7 * 24 * 3600) { command.deadline = seconds }
        return .compare(command)
        #else
        throw UsageError("'compare' runs parsers as child processes, which only macOS and Linux can do.", command: spec)
        #endif
    }
}
