import MultipartFormConformanceCore

extension Invocation {
    /// Parses `certify [options] [--] COMMAND ARGS...`.
    static func parseCertify(_ arguments: ArraySlice<String>) throws(UsageError) -> Invocation {
        let spec = CommandSpec.certify
        let parsed = try ParsedArguments(arguments, command: spec)
        if parsed.wantsHelp { return .help(spec) }
        var command = CertifyCommand(command: parsed.positionals)
        if let format = parsed.values["--format"] {
            command.format = CertifyCommand.Format(rawValue: format) ?? .text
        }
        command.outputPath = parsed.values["--output"]
        if let text = parsed.values["--timeout"] {
            guard let seconds = Double(text), seconds > 0, seconds <= 3600 else {
                throw UsageError(
                    "The value '\(text)' is invalid for '--timeout <seconds>'. Please provide a number of seconds between 0 and 3600.",
                    command: spec)
            }
            command.timeout = seconds
        }
        command.boundaryAccepted = parsed.flags.contains("--boundary-accepted")
        command.unsupported = Set((parsed.allValues["--unsupported"] ?? []).map(EncoderFeature.init(rawValue:)))
        command.name = parsed.values["--name"]
        command.problemsOnly = parsed.flags.contains("--problems-only")
        command.corpusOption = parsed.values["--corpus"]
        return .certify(command)
    }
}
