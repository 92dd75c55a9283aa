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
        command.adapterFile = parsed.value(.adapterFile)
        if command.adapterFile != nil, command.format != .sarif {
            throw UsageError("'--adapter-file' names the location of SARIF results: give it with '--format sarif'.", command: spec)
        }
        if let seconds = try parsed.seconds(.timeout, upTo: 3600) { command.timeout = seconds }
        if let seconds = try parsed.seconds(.deadline, upTo: 7 * 24 * 3600) { command.deadline = seconds }
        if let text = parsed.value(.maxOutput) {
            guard let mebibytes = Int(text), mebibytes > 0, mebibytes <= 4096 else {
                throw UsageError(
                    "The value '\(text)' is invalid for '--max-output <MiB>'. Please provide a whole number of MiB between 1 and 4096.",
                    command: spec)
            }
            command.maxOutput = mebibytes * 1024 * 1024
        }
        command.boundaryAccepted = parsed.has(.boundaryAccepted)
        command.isDecoder = parsed.has(.decoder)
        if command.isDecoder, command.boundaryAccepted || !parsed.values(.unsupported).isEmpty {
            throw UsageError(
                "'--boundary-accepted' and '--unsupported' are for encoders; a decoder gets every vector's body as it is.",
                command: spec)
        }
        for value in parsed.values(.unsupported) {
            let feature = EncoderFeature(rawValue: value)
            if let withdrawn = EncoderFeature.withdrawn.first(where: { $0.feature == feature }) {
                throw UsageError(
                    "'\(value)' cannot be declared unsupported, since every string API can say such a form: \(withdrawn.reason).",
                    command: spec)
            }
            // `quotes`, as a headline counts refused forms (`REFUSED (quotes 6)`), names a withdrawn feature.
            if value.count >= 5, !EncoderFeature.all.contains(feature),
                let withdrawn = EncoderFeature.withdrawn.first(where: { $0.feature.rawValue.contains(value.lowercased()) })
            {
                throw UsageError(
                    "'\(value)' is no feature to declare unsupported (nor is '\(withdrawn.feature)', which earlier versions accepted), since every string API can say such a form: \(withdrawn.reason).",
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
        if !command.isDecoder, !parsed.values(.notReported).isEmpty {
            throw UsageError("'--not-reported' is for decoders (with '--decoder'): an encoder's output is always read whole.", command: spec)
        }
        if !command.isDecoder, !parsed.values(.convention).isEmpty {
            throw UsageError("'--convention' is for decoders (with '--decoder'): it says how a parser hands parts to an application.", command: spec)
        }
        // The options' allowed values are checked by the parser, with a suggestion.
        command.notReported = Set(parsed.values(.notReported).map(UnreportedDetail.init(rawValue:)))
        command.conventions = Set(parsed.values(.convention).map(DecoderConvention.init(rawValue:)))
        if !command.isDecoder, !parsed.values(.limit).isEmpty {
            throw UsageError("'--limit' is for decoders (with '--decoder'): it declares what a parser refuses to hold.", command: spec)
        }
        command.limits = []
        for text in parsed.values(.limit) {
            guard let limit = ReceiverLimit(parsing: text) else {
                let kinds = ReceiverLimit.Kind.allCases.map(\.rawValue)
                throw UsageError(
                    "The value '\(text)' is invalid for '--limit <kind=bytes>': write one of \(ParsedArguments.list(kinds)), '=' and a positive number, such as header-line-bytes=8190.",
                    command: spec)
            }
            command.limits.append(limit)
        }
        command.vectorPatterns = parsed.values(.vector)
        command.areaPatterns = parsed.values(.area)
        if let text = parsed.value(.jobs) {
            guard let jobs = Int(text), jobs >= 1, jobs <= 256 else {
                throw UsageError(
                    "The value '\(text)' is invalid for '--jobs <n>'. Please provide a whole number between 1 and 256.",
                    command: spec)
            }
            command.jobs = jobs
        }
        command.showRequest = parsed.value(.showRequest)
        command.saveDirectory = parsed.value(.saveBodies)
        for value in parsed.values(.knownIssue) {
            guard let issue = CertifyCommand.knownIssue(value) else {
                throw UsageError(
                    "The value '\(value)' is invalid for '--known-issue <id=reason>'. Please provide a vector id, '=' and the reason.",
                    command: spec)
            }
            command.knownIssues[issue.id] = issue.reason
        }
        command.knownIssuesFile = parsed.value(.knownIssues)
        if command.command.isEmpty && command.showRequest == nil {
            throw UsageError("Missing expected argument '<command> ...'", command: spec)
        }
        command.name = parsed.value(.name)
        // The option's allowed values are checked by the parser, with a suggestion.
        command.requiredLevel = parsed.value(.require).flatMap(CertificationLevel.init(rawValue:))
        if let text = parsed.value(.probeSeed) {
            guard let seed = UInt64(text), seed < 1 << 52 else {
                throw UsageError(
                    "The value '\(text)' is invalid for '--probe-seed <n>'. Please provide a whole number below 2^52, as a report records it.",
                    command: spec)
            }
            guard command.isDecoder else {
                throw UsageError("'--probe-seed' is for decoders (with '--decoder'): an encoder's probe learns from its own answers.", command: spec)
            }
            command.probeSeed = seed
        }
        if parsed.has(.allowUnsupported) { command.allowedLimitations.insert(.unsupportedFeatures) }
        if parsed.has(.allowOtherCorpus) { command.allowedLimitations.insert(.otherCorpus) }
        if command.requiredLevel == nil, !command.allowedLimitations.isEmpty {
            throw UsageError("'--allow-unsupported' and '--allow-other-corpus' qualify '--require <level>', which is not given.", command: spec)
        }
        command.problemsOnly = parsed.has(.problemsOnly)
        command.corpusOption = parsed.value(.corpus)
        if let text = parsed.value(.expectCorpusSHA256) {
            guard let pin = CorpusPin(text) else {
                throw UsageError(
                    "The value '\(text)' is invalid for '--expect-corpus-sha256 <hex>'. Please provide the 64 hex digits of the corpus's manifest sha256, as a report records it in provenance.corpus.manifest_sha256.",
                    command: spec)
            }
            command.corpusPin = pin
        }
        return .certify(command)
    }
}
