/// A wrong command line: the message, and the command whose usage to show after it.
package struct UsageError: Error, Sendable, Equatable {
    /// The sentence after `Error: `, for example `Unknown option '--fromat'. Did you mean '--format'?`.
    var message: String
    /// The command whose usage line follows the message.
    var usageCommand: String
    /// The command whose help the error points to, for example `multipart-check validate`.
    var helpCommand: String

    package init(_ message: String, command: CommandSpec, helpCommand: String? = nil) {
        self.message = RawArgument.showingCarriedBytes(message)  // an argument's bytes that are not UTF-8 as \xHH
        self.usageCommand = command.usage
        self.helpCommand = helpCommand ?? command.commandPath
    }

    /// The three lines printed on standard error, in swift-argument-parser's shape.
    func rendered() -> String {
        """
        Error: \(message)
        Usage: \(usageCommand)
          See '\(helpCommand) --help' for more information.

        """
    }
}
