import MultipartFormCLI

/// `bench` and its hidden worker, as the subcommand the `multipart-check` executable adds.
package enum BenchExtension {
    /// The extension to pass to `MultipartCheck.main(arguments:extensions:)`.
    package static let command = CommandExtension(spec: .bench, hiddenNames: [BenchWorker.commandName]) {
        (name, arguments) throws(UsageError) -> ExtensionInvocation in
        if name == BenchWorker.commandName {
            return .run(try BenchWorker(arguments))
        }
        return try parseBench(arguments)
    }

    static func parseBench(_ arguments: ArraySlice<String>) throws(UsageError) -> ExtensionInvocation {
        let spec = CommandSpec.bench
        let parsed = try ParsedArguments(arguments, command: spec)
        if parsed.wantsHelp { return .help(spec) }
        var command = BenchCommand()
        let names = parsed.values(.`case`)
        if !names.isEmpty {
            let chosen = Set(names)
            command.cases = BenchCase.Name.allCases.filter { chosen.contains($0.rawValue) }
        }
        if let text = parsed.value(.runs) {
            guard let runs = Int(text), runs >= 1 else {
                throw UsageError(
                    "The value '\(text)' is invalid for '--runs <n>'. Please provide a positive integer.", command: spec)
            }
            command.runs = runs
        }
        if let text = parsed.value(.scale) {
            guard let scale = Double(text), scale.isFinite, scale > 0, scale <= 64 else {
                throw UsageError(
                    "The value '\(text)' is invalid for '--scale <factor>'. Please provide a number above 0 and at most 64.",
                    command: spec)
            }
            command.scale = scale
        }
        command.json = parsed.value(.format) == "json" || parsed.has(.json)
        command.inProcess = parsed.has(.inProcess)
        command.keepBodies = parsed.has(.keepBodies)
        return .run(command)
    }

}
