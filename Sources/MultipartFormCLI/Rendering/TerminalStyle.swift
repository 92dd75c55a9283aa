import MultipartFormSystem

/// ANSI colours for text reports, or none: what `--color auto|always|never` decides.
struct TerminalStyle: Sendable {
    /// The values `--color` accepts.
    enum Choice: String, CaseIterable, Sendable {
        /// Colour when standard output is a terminal, `NO_COLOR` is unset and `TERM` is not `dumb`.
        case auto
        /// Always colour.
        case always
        /// Never colour.
        case never
    }

    /// Whether escape sequences are written at all.
    let isEnabled: Bool

    /// No colour.
    static let plain = TerminalStyle(isEnabled: false)

    /// Decides for a choice; `auto` asks whether `fileDescriptor` is a terminal and reads `NO_COLOR` and `TERM`.
    static func resolve(_ choice: Choice, outputIsTerminal: Bool) -> TerminalStyle {
        switch choice {
        case .always: return TerminalStyle(isEnabled: true)
        case .never: return .plain
        case .auto:
            let noColor = !(FileSystem.environment("NO_COLOR") ?? "").isEmpty
            let dumb = FileSystem.environment("TERM") == "dumb"
            return TerminalStyle(isEnabled: outputIsTerminal && !noColor && !dumb)
        }
    }

    /// Whether a file descriptor is a terminal.
    static func isTerminal(_ fileDescriptor: Int32) -> Bool { SystemCalls.isTerminal(fileDescriptor) }

    private func paint(_ text: String, _ code: String) -> String {
        isEnabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    /// Bold text: locations and messages.
    func bold(_ text: String) -> String { paint(text, "1") }
    /// The gutter of a snippet (`|`, `=`): bold blue.
    func gutter(_ text: String) -> String { paint(text, "1;34") }
    /// A passing verdict: bold green.
    func success(_ text: String) -> String { paint(text, "1;32") }

    /// A severity's word or caret in its colour: errors bold red, warnings bold yellow, notes bold cyan.
    func severity(_ text: String, _ severity: String) -> String {
        switch severity {
        case "error": paint(text, "1;31")
        case "warning": paint(text, "1;33")
        default: paint(text, "1;36")
        }
    }
}
