/// A subcommand that lives outside this library and is added by the executable, as `bench` is.
///
/// Its spec is listed in the root help before `help`, `help <name>` finds it, and misspellings of
/// its name get a suggestion, exactly as for the built-in subcommands.
package struct CommandExtension: Sendable {
    /// The subcommand's description; its name is the word that runs it.
    package var spec: CommandSpec
    /// First words that also run it without being listed anywhere (a worker the command starts).
    package var hiddenNames: [String]
    /// Parses the words that follow the name that was used (the spec's name or a hidden one).
    package var parse: @Sendable (_ name: String, _ arguments: ArraySlice<String>) throws(UsageError) -> ExtensionInvocation

    /// Describes an added subcommand.
    package init(
        spec: CommandSpec, hiddenNames: [String] = [],
        parse: @escaping @Sendable (_ name: String, _ arguments: ArraySlice<String>) throws(UsageError) -> ExtensionInvocation
    ) {
        self.spec = spec
        self.hiddenNames = hiddenNames
        self.parse = parse
    }
}

/// A parsed command of an added subcommand, ready to run.
package protocol ExtensionCommand {
    /// Runs the command and returns the exit status.
    func run(stdout: inout some TextOutputStream, stderr: inout some TextOutputStream) -> Int32
}

/// What an added subcommand's arguments ask for.
package enum ExtensionInvocation {
    /// Print the help of a command.
    case help(CommandSpec)
    /// Run the command.
    case run(any ExtensionCommand)
}
