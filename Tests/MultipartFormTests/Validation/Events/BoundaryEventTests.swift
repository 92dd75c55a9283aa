@testable import MultipartForm
import Testing

/// The findings about a multipart Content-Type and its boundary are worded in one place (``BoundaryEvent``).
@Suite struct BoundaryEventTests {
    /// The cases of ``BoundaryEvent``, without their values.
    enum Kind: CaseIterable {
        case syntax
        case notFormData
        case mediaTypeCase
        case parameterWhitespace
        case emptyParameter
        case repeatedParameter
        case unexpectedParameter
        case extendedBoundary
        case boundaryMissing
        case boundaryNameCase
        case boundaryQuoted
        case boundaryEmpty
        case boundaryTooLong
        case boundaryCharacter
        case boundaryTrailingSpace
        case boundaryNeedsQuotes
        case boundaryInferred
    }

    /// The case of an event: the switch has no `default`, so a case added to ``BoundaryEvent`` does not
    /// compile here until it has a kind, and then fails ``everyCaseHasARow()`` until it has a row.
    static func kind(of event: BoundaryEvent) -> Kind {
        switch event {
        case .syntax: .syntax
        case .notFormData: .notFormData
        case .mediaTypeCase: .mediaTypeCase
        case .parameterWhitespace: .parameterWhitespace
        case .emptyParameter: .emptyParameter
        case .repeatedParameter: .repeatedParameter
        case .unexpectedParameter: .unexpectedParameter
        case .extendedBoundary: .extendedBoundary
        case .boundaryMissing: .boundaryMissing
        case .boundaryNameCase: .boundaryNameCase
        case .boundaryQuoted: .boundaryQuoted
        case .boundaryEmpty: .boundaryEmpty
        case .boundaryTooLong: .boundaryTooLong
        case .boundaryCharacter: .boundaryCharacter
        case .boundaryTrailingSpace: .boundaryTrailingSpace
        case .boundaryNeedsQuotes: .boundaryNeedsQuotes
        case .boundaryInferred: .boundaryInferred
        }
    }

    /// One or more samples of every case, with the rule it names and its exact wording.
    static let rows: [(event: BoundaryEvent, rule: Rule.ID, wording: String)] = [
        (.syntax("expected '/'"), "content-type-syntax",
         "expected '/'"),
        (.notFormData(Array("text/plain".utf8)), "content-type-not-form-data",
         "media type is 'text/plain', not 'multipart/form-data'"),
        (.mediaTypeCase, "content-type-case",
         "the media type is not written in lower case"),
        (.parameterWhitespace, "content-type-parameter-whitespace",
         "whitespace around '=' in a Content-Type parameter"),
        (.emptyParameter, "content-type-parameter-whitespace",
         "empty Content-Type parameter"),
        (.repeatedParameter(Array("boundary".utf8)), "content-type-parameter-duplicate",
         "parameter 'boundary' is given more than once; the first is used"),
        (.unexpectedParameter(Array("charset".utf8)), "content-type-parameter-unexpected",
         "multipart/form-data takes no 'charset' parameter"),
        (.extendedBoundary(Array("boundary*".utf8)), "boundary-extended",
         "boundary given with RFC 2231 syntax ('boundary*')"),
        (.boundaryMissing, "boundary-missing",
         "Content-Type has no boundary parameter"),
        (.boundaryNameCase, "content-type-case",
         "the parameter name 'boundary' is not written in lower case"),
        (.boundaryQuoted, "boundary-quoted",
         "the boundary is quoted; the quotes are not part of it"),
        (.boundaryEmpty, "boundary-empty",
         "the boundary is empty"),
        (.boundaryTooLong(71), "boundary-too-long",
         "the boundary is 71 characters long; the limit is 70"),
        (.boundaryCharacter(0x40), "boundary-invalid-character",
         "'@' is not allowed in a boundary"),
        (.boundaryTrailingSpace, "boundary-trailing-space",
         "the boundary ends with a space"),
        (.boundaryNeedsQuotes(0x3A), "boundary-needs-quotes",
         "':' in an unquoted boundary; quote the value"),
        (.boundaryInferred(Array("B".utf8)), "boundary-inferred",
         "no Content-Type given; the boundary 'B' was taken from the first line"),
    ]

    @Test func everyCaseHasARow() {
        let covered = Set(Self.rows.map { Self.kind(of: $0.event) })
        #expect(Kind.allCases.filter { !covered.contains($0) } == [])
    }

    @Test func everyRowNamesItsRuleAndItsWording() throws {
        for row in Self.rows {
            _ = try #require(Rule.named(row.event.rule), "\(row.event.rule) is not in the catalog")
            #expect(row.event.rule == row.rule, "\(row.event)")
            #expect(row.event.wording == row.wording, "\(row.event)")
        }
    }

    /// The request's Content-Type findings point into the header value, with no part; a boundary
    /// taken from the first line is checked at its place on that line.
    @Test func contentTypeFindingsPointIntoTheValueAndInferredOnesIntoTheFirstLine() {
        let body = Array("--B\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nx\r\n--B--\r\n".utf8)
        let declared = MultipartValidator.validate(body, contentType: "multipart/form-data; Boundary=B")
        let upper = declared.diagnostics.first { $0.rule == .contentTypeCase }
        #expect(upper?.origin == .contentType && upper?.column == 22 && upper?.partIndex == nil)
        #expect(upper?.message == "the parameter name 'boundary' is not written in lower case")
        let spaced = Array("--B \r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nx\r\n--B --\r\n".utf8)
        let inferred = MultipartValidator.validate(spaced, contentType: nil)
        #expect(inferred.diagnostics.contains { $0.rule == .boundaryInferred && $0.offset == 0 && $0.message.contains("'B'") })
    }
}
