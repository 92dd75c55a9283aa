import Testing

@testable import MultipartFormCLI

@Suite struct HelpTests {
    @Test(arguments: [["--help"], ["-h"], ["help"]])
    func rootHelpShowsOverviewUsageOptionsAndSubcommands(arguments: [String]) {
        let result = runCLI(arguments)
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(result.stdout.hasPrefix("OVERVIEW: "))
        #expect(result.stdout.contains("\n\nUSAGE: multipart-check <subcommand>\n\n"))
        #expect(result.stdout.contains("\nOPTIONS:\n  --version               Show the version.\n"))
        #expect(result.stdout.contains("\n  -h, --help              Show help information.\n"))
        #expect(result.stdout.contains("\nSUBCOMMANDS:\n  validate (default)      "))
        #expect(result.stdout.contains("\n  rules                   "))
        #expect(result.stdout.contains("\n  explain                 "))
        #expect(result.stdout.hasSuffix("  See 'multipart-check help <subcommand>' for detailed help.\n"))
    }

    @Test(arguments: [
        ["validate", "--help"], ["help", "validate"], ["body.txt", "-h"], ["validate", "x", "--fromat", "--help"],
    ])
    func validateHelpShowsArgumentsAndEveryOption(arguments: [String]) {
        let result = runCLI(arguments)
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("OVERVIEW: Validate multipart/form-data bodies"))
        #expect(
            result.stdout.contains(
                "\nUSAGE: multipart-check validate [--content-type <content-type>] [--input <input>] [--warnings-as-errors] [--quiet] [--format <format>] [--max-diagnostics <n>] [--receiver <name> ...] [--color <when>] <file> ...\n"
            ))
        #expect(result.stdout.contains("\nARGUMENTS:\n  <file>                  "))
        #expect(
            result.stdout.contains(
                "\nOPTIONS:\n  --content-type <content-type>\n                          The Content-Type"))
        #expect(
            result.stdout.contains(
                "\n  --format <format>       The output format. (values: text, json; default: text)\n"))
        #expect(result.stdout.contains("\n  --max-diagnostics <n>   "))
        #expect(result.stdout.contains("\n  --warnings-as-errors    "))
        #expect(result.stdout.contains("\n  --quiet                 "))
        #expect(result.stdout.contains("\n  --color <when>          Colour the text output"))
        #expect(!result.stdout.contains("SUBCOMMANDS:"))
    }

    @Test func helpLinesFitInEightyColumnsExceptTheUsageLine() {
        var commands = [CommandSpec.root(adding: [CommandSpec.bench])]
        var index = 0
        while index < commands.count {
            commands += commands[index].children
            index += 1
        }
        #expect(commands.count > CommandSpec.builtInSubcommands.count + 1, "nested subcommands are checked too")
        for command in commands {
            for line in HelpRenderer.help(for: command).split(separator: "\n") where !line.hasPrefix("USAGE:") {
                #expect(line.count <= 80, "\(command.commandPath): \(line)")
            }
        }
    }

    @Test func rulesAndExplainHaveTheirOwnHelp() {
        let rules = runCLI(["rules", "--help"])
        #expect(rules.status == 0)
        #expect(rules.stdout.contains("USAGE: multipart-check rules [--format <format>]\n"))
        let words = rules.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("--format <format> The output format. (values: text, markdown, json; default: text)"))
        let explain = runCLI(["help", "explain"])
        #expect(explain.status == 0)
        #expect(explain.stdout.contains("USAGE: multipart-check explain [--evidence <detail>] [--parser <id> ...] [--receiver <name> ...] <rule-id>\n"))
        #expect(explain.stdout.contains("ARGUMENTS:\n  <rule-id>"))
    }

    @Test func versionPrintsTheVersionNumber() {
        let result = runCLI(["--version"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "0.1.0")
        #expect(lines.count == 2 && lines[1].hasPrefix("corpus: format 1, ") && lines[1].contains(" vectors, manifest sha256 "), "\(lines)")
    }
}

/// The options the commands declare: each spelt as a long option, none twice in one command.
@Suite struct OptionNameTests {
    static func allSpecs(_ spec: CommandSpec = .root(adding: [.bench])) -> [CommandSpec] {
        [spec] + spec.children.flatMap { allSpecs($0) }
    }

    @Test func everyDeclaredOptionIsALongLowerCaseName() {
        for option in Self.allSpecs().flatMap(\.allOptions) {
            let name = option.name.rawValue
            #expect(name.hasPrefix("--") && name.dropFirst(2).allSatisfy { $0 == "-" || $0.isLowercase || $0.isNumber }, "\(name)")
        }
    }

    @Test func noCommandDeclaresAnOptionTwice() {
        for spec in Self.allSpecs() {
            let names = spec.allOptions.map(\.name)
            #expect(Set(names).count == names.count, "\(spec.commandPath)")
        }
    }
}
