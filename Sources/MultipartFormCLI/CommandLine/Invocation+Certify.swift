import MultipartFormConformanceCore

extension Invocation {
    /// Parses `certify [options] [--] COMMAND ARGS...`.
    static func parseCertify(_ arguments: ArraySlice<String>) throws(UsageError) -> Invocation {
        let spec = CommandSpec.certify
        let parsed = try ParsedArguments(arguments, command: spec)
        if parsed.wantsHelp { return .help(spec) }
        var command = CertifyCommand(command: parsed.positionals)
        if let format = parsed.value(.format) {
            command.format = CertifyCommand.Format(rawValue: format) ?? .text
        }
        command.outputPath = parsed.value(.output)
        if let text = parsed.value(.timeout) {
            guard let seconds = Double(text), seconds > 0, seconds <= 3600 else {
                throw UsageError(
                    "The value '\(text)' is invalid for '--timeout <seconds>'. Please provide a number of seconds between 0 and 3600.",
                    command: spec)
            }
            command.timeout = seconds
        }
        if let text = parsed.value(.deadline) {
            guard let seconds = Double(text), seconds > 0, seconds <= 7 * 24 * 3600 else {
                throw UsageError(
                    "The value '\(text)' is invalid for '--deadline <seconds>'. Please provide a number of seconds between 0 and 604800.",
                    command: spec)
            }
            command.deadline = seconds
        }
        if let text = parsed.value(.maxOutput) {
            guard let mebibytes = Int(text), mebibytes > 0, mebibytes <= 4096 else {
                throw UsageError(
                    "The value '\(text)' is invalid for '--max-output <MiB>'. Please provide a whole number of MiB between 1 and 4096.",
                    command: spec)
            }
            command.maxOutput = mebibytes * 1024 * 1024
        }
        command.boundaryAccepted = parsed.has(.boundaryAccepted)
        for value in parsed.values(.unsupported) {
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
        command.name = parsed.value(.name)
        command.problemsOnly = parsed.has(.problemsOnly)
        command.corpusOption = parsed.value(.corpus)
        return .certify(command)
    }
}
