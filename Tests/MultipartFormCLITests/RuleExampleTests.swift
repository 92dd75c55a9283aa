import MultipartForm
import Testing

@testable import MultipartFormCLI

/// Every rule's explain examples do what they claim: the failing one is reported under the rule, the
/// passing one is not, and neither depends on how the body is cut into chunks.
@Suite struct RuleExampleTests {
    /// Rules whose passing example still carries an error of another rule, and that rule: the
    /// example cannot avoid it (showing a nested body at all is an error of its own).
    static let passingErrorsAllowed: [Rule.ID: Set<Rule.ID>] = [
        .nestedBoundaryPrefix: [.nestedMultipart],
    ]

    static func rules(_ report: ValidationReport) -> Set<Rule.ID> { Set(report.diagnostics.map(\.rule)) }

    @Test(arguments: Rule.catalog.map(\.id))
    func failingExampleIsReportedAndPassingExampleIsNot(rule: Rule.ID) throws {
        let pair = try #require(RuleExamples.examples(for: rule), "\(rule) has no examples")
        let failing = pair.failing.validate()
        #expect(Self.rules(failing).contains(rule), "failing example of \(rule) reports \(Self.rules(failing))")
        let passing = pair.passing.validate()
        #expect(!Self.rules(passing).contains(rule), "passing example of \(rule) reports it")
        let errors = Set(passing.diagnostics.filter { $0.severity == .error }.map(\.rule))
        #expect(errors.isSubset(of: Self.passingErrorsAllowed[rule] ?? []), "passing example of \(rule) has errors \(errors)")
    }

    @Test(arguments: Rule.catalog.map(\.id))
    func examplesReportTheSameAtEveryChunking(rule: Rule.ID) throws {
        let pair = try #require(RuleExamples.examples(for: rule))
        for example in [pair.failing, pair.passing] {
            var validator = MultipartValidator(contentType: example.contentType, options: example.options)
            for byte in example.body { validator.consume([byte]) }
            #expect(validator.finish() == example.validate(), "\(rule)")
        }
    }
}
