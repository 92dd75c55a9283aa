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
        if let text = parsed.values["--deadline"] {
            guard let seconds = Double(text), seconds > 0, seconds <= 7 * 24 * 3600 else {
                throw UsageError(
                    "The value '\(text)' is invalid for '--deadline <seconds>'. Please provide a number of seconds between 0 and 604800.",
                    command: spec)
            }
            command.deadline = seconds
        }
        if let text = parsed.values["--max-output"] {
            guard let mebibytes = Int(text), mebibytes > 0, mebibytes <= 4096 else {
                throw UsageError(
                    "The value '\(text)' is invalid for '--max-output <MiB>'. Please provide a whole number of MiB between 1 and 4096.",
                    command: spec)
            }
            command.maxOutput = mebibytes * 1024 * 1024
        }
        command.boundaryAccepted = parsed.flags.contains("--boundary-accepted")
        for value in parsed.allValues["--unsupported"] ?? [] {
            let feature = EncoderFeature(rawValue: value)
            if let withdrawn = EncoderFeature.withdrawn.first(where: { $0.feature == feature }) {
                throw UsageError(
                    "'\(value)' cannot be declared unsupported: every string API can say such a form. An encoder must \(withdrawn.reason) (a refusal passes).",
                    command: spec)
            }
            guard EncoderFeature.all.contains(feature) else {
                let allowed = EncoderFeature.all.map(\.rawValue)
                let hint = Suggestion.closest(to: value, among: allowed).map { "Did you mean '\($0)'?" }
                    ?? "Please provide one of \(ParsedArguments.list(allowed))."
                throw UsageError("The value '\(value)' is invalid for '--unsupported <feature>'. \(hint)", command: spec)
            }
            command.unsupported.insert(feature)
        }
        command.name = parsed.values["--name"]
        command.problemsOnly = parsed.flags.contains("--problems-only")
        command.corpusOption = parsed.values["--corpus"]
        return .certify(command)
    }
}
