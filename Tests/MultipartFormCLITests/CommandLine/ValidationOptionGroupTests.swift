import MultipartForm
import Testing

@testable import MultipartFormCLI

/// The options `validate`, `serve` and `compare` share are declared once and read alike by each.
@Suite struct ValidationOptionGroupTests {
    /// Each command that takes the group, with its spec.
    static let commands: [(ValidationOptionGroup.Command, CommandSpec)] = [
        (.validate, .validate), (.serve, .serve), (.compare, .compare),
    ]

    @Test func everyCommandOffersTheGroupsOptions() {
        for (command, spec) in Self.commands {
            for option in ValidationOptionGroup.options(for: command) {
                #expect(spec.option(named: option.name.rawValue)?.help == option.help, "\(spec.commandPath) \(option.name.rawValue)")
            }
        }
    }

    @Test func validateAndServeTakeEveryOptionCompareAllButTheFindingLimit() {
        let names = { (command: ValidationOptionGroup.Command) in
            ValidationOptionGroup.options(for: command).map(\.name.rawValue)
        }
        #expect(names(.validate) == ["--format", "--max-diagnostics", "--receiver", "--color"])
        #expect(names(.serve) == ["--format", "--max-diagnostics", "--receiver", "--color"])
        #expect(names(.compare) == ["--format", "--receiver", "--color"])
    }

    @Test func theOptionsGivenReachTheGroup() throws {
        for (command, spec) in Self.commands {
            var arguments = ["--format", "json", "--color", "never"]
            if command != .compare { arguments += ["--max-diagnostics", "3"] }
            let parsed = try ParsedArguments(arguments[...] + (command == .serve ? [] : ["x"]), command: spec)
            let group = try ValidationOptionGroup(parsed, for: command)
            #expect(group.format == .json)
            #expect(group.color == .never)
            #expect(group.maxDiagnostics == (command == .compare ? nil : 3))
        }
    }

    @Test func theDefaultsAreTheValidatorsOwn() throws {
        let parsed = try ParsedArguments(["x"], command: .validate)
        let group = try ValidationOptionGroup(parsed, for: .validate)
        #expect(group.format == .text && group.color == .auto && group.maxDiagnostics == nil)
        let options = group.validationOptions(collectingParts: false)
        #expect(options.maxDiagnostics == ValidationOptions().maxDiagnostics)
        #expect(!options.collectParts)
    }

    @Test func theFindingLimitReachesTheValidatorOptions() throws {
        let parsed = try ParsedArguments(["--max-diagnostics", "7", "x"], command: .validate)
        let options = try ValidationOptionGroup(parsed, for: .validate).validationOptions(collectingParts: true)
        #expect(options.maxDiagnostics == 7)
        #expect(options.collectParts)
    }

    @Test func aNegativeFindingLimitIsRefusedInTheSameWordsByEveryCommand() throws {
        for spec in [CommandSpec.validate, .serve] {
            let parsed = try ParsedArguments(["--max-diagnostics", "-1"] + (spec.name == "serve" ? [] : ["x"]), command: spec)
            #expect(throws: UsageError.self) { try ValidationOptionGroup(parsed, for: spec.name == "serve" ? .serve : .validate) }
            do {
                _ = try ValidationOptionGroup(parsed, for: spec.name == "serve" ? .serve : .validate)
            } catch {
                #expect(error.message == "The value '-1' is invalid for '--max-diagnostics <n>'. Please provide a non-negative integer.")
            }
        }
    }
}
