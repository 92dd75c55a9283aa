import MultipartForm

/// A minimal failing and passing example for every rule in the catalog, for `explain`.
///
/// The failing example makes the validator report the rule; the passing one is the same input with
/// the fault repaired, as far as one exists, and does not. Tests hold both to that, so an example
/// cannot drift from the validator.
enum RuleExamples {
    /// The examples of one rule.
    struct Pair {
        var failing: RuleExample
        var passing: RuleExample
    }

    /// The examples of `rule`, or `nil` if it has none (the tests require every rule to have them).
    static func examples(for rule: Rule.ID) -> Pair? { table[rule] }

    private static func pair(_ failing: RuleExample, _ passing: RuleExample) -> Pair {
        Pair(failing: failing, passing: passing)
    }

    private static func withContentType(_ value: String?) -> RuleExample { .conforming(contentType: value) }

    private static func limited(_ words: String, _ change: (inout ValidationOptions) -> Void, _ example: RuleExample)
        -> RuleExample
    {
        var example = example
        change(&example.options)
        example.limits = words
        return example
    }

    private static let name = "form-data; name=\"a\""
    private static let fileName = "form-data; name=\"f\"; filename=\"f.txt\""

    private static let table: [Rule.ID: Pair] = {
        var table: [Rule.ID: Pair] = [:]
        let conforming = RuleExample.field()

        // The Content-Type value.
        table[.contentTypeSyntax] = pair(withContentType("multipart/form-data boundary=X"), conforming)
        table[.contentTypeNotFormData] = pair(withContentType("multipart/mixed; boundary=X"), conforming)
        table[.contentTypeParameterDuplicate] = pair(withContentType("multipart/form-data; boundary=X; boundary=X"), conforming)
        table[.contentTypeParameterUnexpected] = pair(withContentType("multipart/form-data; boundary=X; charset=utf-8"), conforming)
        table[.contentTypeParameterWhitespace] = pair(withContentType("multipart/form-data; boundary = X"), conforming)
        table[.boundaryMissing] = pair(withContentType("multipart/form-data"), conforming)
        table[.boundaryExtended] = pair(withContentType("multipart/form-data; boundary*0=X"), conforming)
        table[.boundaryEmpty] = pair(
            RuleExample(contentType: "multipart/form-data; boundary=\"\"", text: "--\r\n\r\n--\r\n"), conforming)
        let long = String(repeating: "a", count: 71)
        table[.boundaryTooLong] = pair(
            RuleExample(contentType: "multipart/form-data; boundary=\(long)",
                text: "--\(long)\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n--\(long)--\r\n"),
            RuleExample(contentType: "multipart/form-data; boundary=\(long.dropLast())",
                text: "--\(long.dropLast())\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n--\(long.dropLast())--\r\n"))
        table[.boundaryInvalidCharacter] = pair(
            RuleExample(contentType: "multipart/form-data; boundary=\"X@\"",
                text: "--X@\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n--X@--\r\n"),
            conforming)
        table[.boundaryTrailingSpace] = pair(
            RuleExample(contentType: "multipart/form-data; boundary=\"X \"",
                text: "--X \r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n--X --\r\n"),
            conforming)
        table[.boundaryNeedsQuotes] = pair(
            RuleExample(contentType: "multipart/form-data; boundary=X:Y",
                text: "--X:Y\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n--X:Y--\r\n"),
            RuleExample(contentType: "multipart/form-data; boundary=\"X:Y\"",
                text: "--X:Y\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n--X:Y--\r\n"))
        table[.boundaryQuoted] = pair(withContentType("multipart/form-data; boundary=\"X\""), conforming)
        table[.boundaryInferred] = pair(withContentType(nil), conforming)

        // Framing.
        table[.bodyEmpty] = pair(RuleExample(text: ""), conforming)
        table[.delimiterNotFound] = pair(RuleExample(text: "name=a&value=1\r\n"), conforming)
        table[.delimiterNotLineStart] = pair(
            RuleExample(text: "--X\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1--X--\r\n"), conforming)
        table[.preamblePresent] = pair(
            RuleExample(text: "hello\r\n--X\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n--X--\r\n"), conforming)
        table[.delimiterBareLF] = pair(
            RuleExample(text: "--X\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\n--X--\r\n"), conforming)
        table[.delimiterLineEnding] = pair(
            RuleExample(text: "--X\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n--X--\r\n"), conforming)
        table[.transportPadding] = pair(
            RuleExample(text: "--X \r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n--X--\r\n"), conforming)
        table[.closeDelimiterMissing] = pair(
            RuleExample(text: "--X\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n"), conforming)
        table[.closeDelimiterJunk] = pair(
            RuleExample(text: "--X\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n--X--end\r\n"), conforming)
        table[.closeDelimiterNoFinalCRLF] = pair(
            RuleExample(text: "--X\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n--X--"), conforming)
        table[.epiloguePresent] = pair(
            RuleExample(text: "--X\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n--X--\r\nbye\r\n"), conforming)
        table[.epilogueContainsDelimiter] = pair(
            RuleExample(text: "--X\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n--X--\r\n--X\r\n"), conforming)
        table[.zeroParts] = pair(RuleExample(text: "--X--\r\n"), conforming)
        table[.boundaryPrefixLine] = pair(.field(value: "--Xa"), .field(value: "Xa"))
        table[.partHeadersUnterminated] = pair(
            RuleExample(text: "--X\r\nContent-Disposition: form-data; name=\"a\"\r\n--X--\r\n"), conforming)
        table[.partBodyAbsent] = pair(
            RuleExample(text: "--X\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n--X--\r\n"), .field(value: ""))

        // Header lines.
        table[.headerMissingColon] = pair(.field(extra: ["Content-Type text/plain"]), conforming)
        table[.headerNameInvalid] = pair(.field(extra: ["Content Type: text/plain"]), conforming)
        table[.headerWhitespaceBeforeColon] = pair(
            .file(type: nil, extra: ["Content-Type : text/plain"]), .file(type: nil, extra: ["Content-Type: text/plain"]))
        table[.headerLeadingWhitespace] = pair(
            RuleExample(parts: [([" Content-Disposition: " + name], "1")]), conforming)
        table[.headerFolded] = pair(
            RuleExample(parts: [(["Content-Disposition: form-data;", " name=\"a\""], "1")]), conforming)
        table[.headerBareLF] = pair(
            RuleExample(text: "--X\r\nContent-Disposition: form-data; name=\"a\"\n\r\n1\r\n--X--\r\n"), conforming)
        table[.headerBareCR] = pair(
            RuleExample(text: "--X\r\nContent-Disposition: form-data;\r name=\"a\"\r\n\r\n1\r\n--X--\r\n"), conforming)
        table[.headerNUL] = pair(.field("form-data; name=\"a\0\""), conforming)
        table[.headerControlCharacter] = pair(.field("form-data; name=\"a\u{1B}\""), conforming)
        let longName = String(repeating: "n", count: 1_000)
        table[.headerLineTooLong] = pair(.field("form-data; name=\"\(longName)\""), conforming)
        table[.headerNonASCII] = pair(.file(type: "text/plain; charset=utf-8; x=\"é\""), .file())
        var invalidUTF8 = Array("--X\r\nContent-Disposition: form-data; name=\"caf".utf8) + [0xE9]
        invalidUTF8 += Array("\"\r\n\r\n1\r\n--X--\r\n".utf8)
        table[.headerInvalidUTF8] = pair(RuleExample(body: invalidUTF8), .field("form-data; name=\"café\""))
        table[.headerNotAllowed] = pair(.field(extra: ["X-Upload-Id: 7"]), conforming)
        table[.headerDuplicate] = pair(.file(extra: ["Content-Type: text/plain"]), .file())

        // Content-Disposition.
        table[.contentDispositionMissing] = pair(RuleExample(parts: [(["Content-Type: text/plain"], "1")]), conforming)
        table[.contentDispositionDuplicate] = pair(.field(extra: ["Content-Disposition: " + name]), conforming)
        table[.contentDispositionNotFormData] = pair(.field("attachment; name=\"a\""), conforming)
        table[.contentDispositionTypeCase] = pair(.field("Form-Data; name=\"a\""), conforming)
        table[.contentDispositionTypeQuoted] = pair(.field("\"form-data\"; name=\"a\""), conforming)
        table[.nameMissing] = pair(.field("form-data"), conforming)
        table[.nameEmpty] = pair(.field("form-data; name=\"\""), conforming)
        table[.parameterDuplicate] = pair(.field("form-data; name=\"a\"; name=\"b\""), conforming)
        table[.parameterUnknown] = pair(.file(fileName + "; size=2"), .file())
        table[.parameterOrder] = pair(.file("form-data; filename=\"f.txt\"; name=\"f\""), .file())
        table[.parameterSyntax] = pair(.field("form-data; name=\"a\" b"), conforming)
        table[.parameterUnquoted] = pair(.field("form-data; name=a"), conforming)
        table[.parameterQuotedPair] = pair(.field("form-data; name=\"a\\\"b\""), .field("form-data; name=\"ab\""))
        table[.parameterBackslash] = pair(.file("form-data; name=\"f\"; filename=\"C:\\dir\\f.txt\""), .file())
        table[.parameterSingleQuoted] = pair(.field("form-data; name='a'"), conforming)
        table[.filenameStar] = pair(.file("form-data; name=\"f\"; filename*=UTF-8''f.txt"), .file())
        table[.parameterExtended] = pair(.field("form-data; name*=UTF-8''a"), conforming)
        table[.parameterEncodedWord] = pair(.file("form-data; name=\"f\"; filename=\"=?UTF-8?Q?f.txt?=\""), .file())
        table[.parameterWhitespaceAroundEquals] = pair(.field("form-data; name = \"a\""), conforming)
        table[.parameterEmpty] = pair(.field("form-data; name=\"a\";"), conforming)
        table[.parameterPercentEncoded] = pair(.field("form-data; name=\"a%20b\""), .field("form-data; name=\"a b\""))
        table[.nameNonASCII] = pair(.field("form-data; name=\"café\""), .field("form-data; name=\"cafe\""))
        table[.filenamePath] = pair(.file("form-data; name=\"f\"; filename=\"docs/f.txt\""), .file())
        table[.filenameEmpty] = pair(.file("form-data; name=\"f\"; filename=\"\""), .file())
        table[.filenameMissing] = pair(.file("form-data; name=\"f\"", type: "image/png"), .file(fileName, type: "image/png"))

        // Part content.
        table[.contentTransferEncodingPresent] = pair(.field(extra: ["Content-Transfer-Encoding: 8bit"]), conforming)
        table[.contentTransferEncodingInvalid] = pair(.field(extra: ["Content-Transfer-Encoding: gzip"]), conforming)
        table[.partContentTypeSyntax] = pair(.file(type: "text"), .file())
        table[.fileContentTypeMissing] = pair(.file(type: nil), .file())
        table[.fieldContentTypePresent] = pair(.field(extra: ["Content-Type: text/plain"]), conforming)
        table[.charsetUnknown] = pair(.file(type: "text/plain; charset=klingon"), .file(type: "text/plain; charset=utf-8"))
        table[.charsetFieldUnknown] = pair(
            .field("form-data; name=\"_charset_\"", value: "klingon"), .field("form-data; name=\"_charset_\"", value: "UTF-8"))
        var latin1 = Array("--X\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\ncaf".utf8) + [0xE9]
        latin1 += Array("\r\n--X--\r\n".utf8)
        table[.valueNotUTF8] = pair(RuleExample(body: latin1), .field(value: "café"))
        let nestedBody = "--Y\r\nContent-Disposition: attachment; filename=\"a.txt\"\r\nContent-Type: text/plain\r\n\r\nA\r\n--Y--"
        table[.nestedMultipart] = pair(
            .field("form-data; name=\"files\"", extra: ["Content-Type: multipart/mixed; boundary=Y"], value: nestedBody),
            RuleExample(parts: [
                (["Content-Disposition: form-data; name=\"files\"; filename=\"a.txt\"", "Content-Type: text/plain"], "A"),
                (["Content-Disposition: form-data; name=\"files\"; filename=\"b.txt\"", "Content-Type: text/plain"], "B"),
            ]))
        let prefixedBody = nestedBody.replacingY(with: "XY")
        table[.nestedBoundaryPrefix] = pair(
            .field("form-data; name=\"files\"", extra: ["Content-Type: multipart/mixed; boundary=XY"], value: prefixedBody),
            .field("form-data; name=\"files\"", extra: ["Content-Type: multipart/mixed; boundary=Y"], value: nestedBody))

        // Limits.
        let twoParts = RuleExample(parts: [(["Content-Disposition: " + name], "1"), (["Content-Disposition: form-data; name=\"b\""], "2")])
        table[.limitParts] = pair(
            limited("at most 1 part", { $0.maxParts = 1 }, twoParts), limited("at most 1 part", { $0.maxParts = 1 }, conforming))
        table[.limitHeaderBytes] = pair(
            limited("at most 64 bytes of headers per part", { $0.maxHeaderBytes = 64 }, .file()),
            limited("at most 64 bytes of headers per part", { $0.maxHeaderBytes = 64 }, conforming))
        table[.limitHeaderLines] = pair(
            limited("at most 1 header line per part", { $0.maxHeaderLines = 1 }, .file()),
            limited("at most 1 header line per part", { $0.maxHeaderLines = 1 }, conforming))
        table[.limitHeaderLineLength] = pair(
            limited("header lines of at most 40 bytes", { $0.maxHeaderLineLength = 40 }, .field("form-data; name=\"abc\"")),
            limited("header lines of at most 40 bytes", { $0.maxHeaderLineLength = 40 }, conforming))
        table[.limitNestingDepth] = pair(
            limited("no nesting", { $0.maxNestingDepth = 0 }, table[.nestedMultipart]!.failing),
            limited("no nesting", { $0.maxNestingDepth = 0 }, table[.nestedMultipart]!.passing))
        table[.limitDiagnostics] = pair(
            limited("at most 1 finding", { $0.maxDiagnostics = 1 }, .field("form-data; name=a; size=1")),
            limited("at most 1 finding", { $0.maxDiagnostics = 1 }, .field("form-data; name=a")))
        return table
    }()
}

extension String {
    /// The text with every `Y` replaced by `replacement`; for the nested examples' boundaries.
    fileprivate func replacingY(with replacement: String) -> String {
        split(separator: "Y", omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
