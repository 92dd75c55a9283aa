import MultipartForm
import MultipartFormConformance
import Testing

@Suite("Vector consistency")
struct VectorConsistencyTests {
    private func severities(_ vector: ConformanceVector) -> [Severity] {
        vector.sidecar.diagnostics.compactMap { Rule.named($0.rule)?.severity }
    }

    @Test("expected rules exist in the catalog", arguments: try Fixtures.vectors())
    func expectedRulesExist(vector: ConformanceVector) {
        let unknown = vector.expectedRules.filter { Rule.named($0) == nil }
        #expect(unknown.isEmpty, "\(vector.id) expects rules missing from the catalog: \(unknown)")
    }

    @Test("verdict prefix agrees with the expected severities", arguments: try Fixtures.vectors())
    func verdictAgreesWithSeverities(vector: ConformanceVector) {
        let severities = severities(vector)
        switch vector.verdict {
        case .yes:
            let errors = vector.sidecar.diagnostics.filter { Rule.named($0.rule)?.severity == .error }
            #expect(errors.isEmpty, "y- vector \(vector.id) expects errors: \(errors)")
        case .no:
            #expect(severities.contains(.error), "n- vector \(vector.id) expects no error")
        case .implementation:
            #expect(
                severities.contains(.error) || severities.contains(.warning),
                "i- vector \(vector.id) expects neither an error nor a warning")
            #expect(!(vector.sidecar.outcomes ?? []).isEmpty, "i- vector \(vector.id) lists no outcomes")
        }
    }

    @Test("outcomes appear on i- vectors only, parts on every y- and i- vector", arguments: try Fixtures.vectors())
    func sidecarSectionsMatchTheVerdict(vector: ConformanceVector) {
        if vector.verdict != .implementation {
            #expect(vector.sidecar.outcomes == nil, "\(vector.id): only i- vectors list outcomes")
        }
        if vector.verdict != .no {
            #expect(vector.sidecar.parts != nil, "\(vector.id): y- and i- vectors must list their parts")
        }
    }

    @Test("expected offsets lie within the bytes they count into", arguments: try Fixtures.vectors())
    func offsetsAreInRange(vector: ConformanceVector) {
        for expected in vector.sidecar.diagnostics {
            switch expected.origin {
            case .body:
                #expect(expected.offset <= vector.body.count, "\(vector.id): \(expected) is past the body's end")
            case .contentType:
                if let contentType = vector.contentType {
                    #expect(
                        expected.offset <= contentType.utf8.count,
                        "\(vector.id): \(expected) is past the Content-Type's end")
                } else {
                    Issue.record("\(vector.id): \(expected) but the vector supplies no Content-Type")
                }
            }
        }
    }

    @Test func everyRuleIsExpectedByAtLeastOneVector() throws {
        let expected = Set(try Fixtures.vectors().flatMap(\.expectedRules))
        let uncovered = Rule.catalog.map(\.id).filter { !expected.contains($0) }
        #expect(
            uncovered.isEmpty,
            "\(uncovered.count) rules are not expected by any vector: \(uncovered.map(\.rawValue).joined(separator: ", "))"
        )
    }
}
