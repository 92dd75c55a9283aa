/// Help screens in swift-argument-parser's layout: `OVERVIEW:`, `USAGE:`, `ARGUMENTS:`, `OPTIONS:`, `SUBCOMMANDS:`.
enum HelpRenderer {
    /// The width help text is wrapped to.
    static let width = 80
    /// The column where descriptions start.
    static let descriptionColumn = 26

    /// The full help of a command, ending with a newline.
    static func help(for command: CommandSpec) -> String {
        var blocks: [String] = []
        blocks.append(wrap("OVERVIEW: " + command.abstract, indent: 0, hangingIndent: 2))
        if let discussion = command.discussion {
            blocks.append(
                discussion.split(separator: "\n", omittingEmptySubsequences: false)
                    .map { wrap(String($0), indent: 0, hangingIndent: 0) }
                    .joined(separator: "\n"))
        }
        blocks.append("USAGE: " + command.usage)
        if !command.arguments.isEmpty {
            let rows = command.arguments.map { ("<\($0.valueName)>", $0.help) }
            blocks.append("ARGUMENTS:\n" + table(rows))
        }
        let optionRows = command.allOptions.filter { !$0.isHidden }.map { option -> (String, String) in
            var label = option.synopsis
            if let short = option.shortName { label = "\(short), \(label)" }
            var help = option.help
            var notes: [String] = []
            if let allowed = option.allowedValues { notes.append("values: " + allowed.joined(separator: ", ")) }
            if let value = option.defaultValue { notes.append("default: " + value) }
            if !notes.isEmpty { help += " (" + notes.joined(separator: "; ") + ")" }
            return (label, help)
        }
        blocks.append("OPTIONS:\n" + table(optionRows))
        if !command.children.isEmpty {
            let rows = command.children.map { sub -> (String, String) in
                let name = String((sub.name ?? "").split(separator: " ").last ?? "")
                let isDefault = command.name == nil && name == CommandSpec.defaultSubcommandName
                return (isDefault ? "\(name) (default)" : name, sub.abstract)
            }
            let helpPath = ([MultipartCheck.commandName, "help"] + (command.name.map { [$0] } ?? [])).joined(separator: " ")
            blocks.append(
                "SUBCOMMANDS:\n" + table(rows) + "\n\n"
                    + "  See '\(helpPath) <subcommand>' for detailed help.")
        }
        return blocks.joined(separator: "\n\n") + "\n"
    }

    /// Two-column rows: the label indented by two, the description at ``descriptionColumn``.
    static func table(_ rows: [(label: String, text: String)]) -> String {
        rows.map { row in
            let label = "  " + row.label
            let text = wrap(row.text, indent: descriptionColumn, hangingIndent: descriptionColumn)
            let body = String(text.dropFirst(descriptionColumn))
            if label.count <= descriptionColumn - 2 {
                return label + String(repeating: " ", count: descriptionColumn - label.count) + body
            }
            return label + "\n" + text
        }.joined(separator: "\n")
    }

    /// Wraps text at word boundaries to ``width``; the first line starts at `indent`, the rest at `hangingIndent`.
    static func wrap(_ text: String, indent: Int, hangingIndent: Int) -> String {
        var lines: [String] = []
        var line = String(repeating: " ", count: indent)
        var lineHasWord = false
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            if lineHasWord, line.count + 1 + word.count > width {
                lines.append(line)
                line = String(repeating: " ", count: hangingIndent)
                lineHasWord = false
            }
            if lineHasWord { line += " " }
            line += word
            lineHasWord = true
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }
}
