import MultipartFormTestSupport
import Testing

@testable import MultipartForm

/// Every rule's examples do what they claim: the failing one is reported under the rule, the passing
/// one reports neither the rule nor any error, and neither depends on how the body is cut into chunks.
@Suite("Rule examples")
struct RuleExampleTests {
    /// Rules without a passing example: every input they apply to is an error of another rule.
    static let rulesWithoutPassingExample: Set<Rule.ID> = [.nestedBoundaryPrefix]

    /// Passing examples that still carry a warning or a note of another rule, and which: the rule's own
    /// fix leads there (quoting a boundary is legal but noted; `%22` is the browser convention for `"`,
    /// and flagged as ambiguous), or the example is about a limit on findings and needs one.
    static let passingFindingsAllowed: [Rule.ID: Set<Rule.ID>] = [
        .boundaryNeedsQuotes: [.boundaryQuoted],
        .parameterQuotedPair: [.parameterPercentEncoded],
        .parameterSyntax: [.parameterPercentEncoded],
        .limitDiagnostics: [.parameterUnquoted],
    ]

    static func rules(_ report: ValidationReport) -> Set<Rule.ID> { Set(report.diagnostics.map(\.rule)) }

    /// The report of `example` fed `size` bytes at a time.
    static func validate(_ example: Rule.Example, chunk size: Int) -> ValidationReport {
        ChunkedFeed.validate(example.body, contentType: example.contentType, options: example.options, chunkSize: size)
    }

    @Test func everyCatalogRuleHasExamplesAndNoOtherRuleDoes() {
        let catalog = Set(Rule.catalog.map(\.id))
        let withExamples = Set(Rule.exampleTable.keys)
        #expect(withExamples == catalog, "missing: \(catalog.subtracting(withExamples).sorted()); unknown: \(withExamples.subtracting(catalog).sorted())")
        #expect(withExamples.count >= 80)
    }

    @Test(arguments: Rule.catalog.map(\.id))
    func failingExampleReportsItsRule(rule: Rule.ID) throws {
        let examples = try #require(Rule.named(rule)?.examples, "\(rule) has no examples")
        let report = examples.failing.validate()
        #expect(Self.rules(report).contains(rule), "the failing example of \(rule) reports \(Self.rules(report).sorted())")
    }

    @Test(arguments: Rule.catalog.map(\.id))
    func passingExampleReportsNeitherItsRuleNorAnyError(rule: Rule.ID) throws {
        let examples = try #require(Rule.named(rule)?.examples, "\(rule) has no examples")
        guard let passing = examples.passing else {
            #expect(Self.rulesWithoutPassingExample.contains(rule), "\(rule) has no passing example")
            #expect(!(examples.reasonWithoutPassing ?? "").isEmpty, "\(rule) does not say why it has no passing example")
            return
        }
        #expect(!Self.rulesWithoutPassingExample.contains(rule), "\(rule) is listed as having no passing example")
        #expect(examples.reasonWithoutPassing == nil)
        let report = passing.validate()
        #expect(!Self.rules(report).contains(rule), "the passing example of \(rule) reports it")
        #expect(report.errorCount == 0, "the passing example of \(rule) has errors: \(report.diagnostics.filter { $0.severity == .error }.map(\.rule))")
        #expect(Self.rules(report) == Self.passingFindingsAllowed[rule] ?? [], "the passing example of \(rule) reports \(Self.rules(report).sorted())")
    }

    @Test(arguments: Rule.catalog.map(\.id))
    func examplesReportTheSameAtEveryChunking(rule: Rule.ID) throws {
        let examples = try #require(Rule.named(rule)?.examples)
        for example in [examples.failing] + (examples.passing.map { [$0] } ?? []) {
            let whole = example.validate()
            for size in [1, 2, 3, 7] {
                #expect(Self.validate(example, chunk: size) == whole, "\(rule) in chunks of \(size)")
            }
        }
    }

    @Test(arguments: Rule.catalog.map(\.id))
    func examplesAreMinimal(rule: Rule.ID) throws {
        let examples = try #require(Rule.named(rule)?.examples)
        // A header line longer than 998 bytes is the only fault that needs a long body.
        let limit = rule == .headerLineTooLong ? 1_100 : 200
        for example in [examples.failing] + (examples.passing.map { [$0] } ?? []) {
            #expect(example.body.count <= limit, "\(rule): \(example.body.count) bytes")
        }
    }

    @Test func limitExamplesChangeOnlyTheirLimit() throws {
        for rule in Rule.catalog where rule.area == .limits {
            let examples = try #require(rule.examples)
            #expect(examples.failing.options != ValidationOptions(), "\(rule.id) uses the default limits")
            #expect(examples.passing?.options == examples.failing.options, "\(rule.id): the passing example has other limits")
        }
        for rule in Rule.catalog where rule.area != .limits {
            let examples = try #require(rule.examples)
            #expect(examples.failing.options == ValidationOptions(), "\(rule.id) changes the limits")
        }
    }
}
