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
        command.interopOption = parsed.value(.interop)
        command.format = parsed.value(.format).flatMap(CompareCommand.Format.init(rawValue:)) ?? .text
        command.color = parsed.value(.color).flatMap(TerminalStyle.Choice.init(rawValue:)) ?? .auto
        if let text = parsed.value(.timeout) {
            guard let seconds = Double(text), seconds > 0, seconds <= 3600 else {
                throw UsageError(
                    "The value '\(text)' is invalid for '--timeout <seconds>'. Please provide a number of seconds between 0 and 3600.",
                    command: spec)
            }
            command.timeout = seconds
        }
        return .compare(command)
        #else
        throw UsageError("'compare' runs parsers as child processes, which only macOS and Linux can do.", command: spec)
        #endif
    }
}
