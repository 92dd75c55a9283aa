extension Rule {
    /// A minimal failing and passing example for every rule in the catalog, keyed by rule id.
    ///
    /// The failing example makes the validator report the rule; the passing one is the same input
    /// with the rule's fix applied and reports neither the rule nor any error. Tests hold every entry
    /// to that at every chunking, so an example cannot drift from the validator.
    static let exampleTable: [ID: Examples] = {
        typealias Example = Rule.Example
        var entries: [(ID, Examples)] = []
        func add(_ id: ID, _ failing: Example, _ passing: Example) {
            entries.append((id, Examples(failing: failing, passing: passing)))
        }
        let conforming = Example.field()

        // The outer Content-Type value: the conforming body, sent with a faulty value.
        func sent(_ contentType: String?) -> Example { conforming.sent(with: contentType) }
        add(.contentTypeSyntax, sent("multipart/form-data boundary=X"), conforming)
        add(.contentTypeNotFormData, sent("multipart/mixed; boundary=X"), conforming)
        add(.contentTypeParameterDuplicate, sent("multipart/form-data; boundary=X; boundary=X"), conforming)
        add(.contentTypeParameterUnexpected, sent("multipart/form-data; boundary=X; charset=utf-8"), conforming)
        add(.contentTypeParameterWhitespace, sent("multipart/form-data; boundary = X"), conforming)
        add(.contentTypeCase, sent("Multipart/Form-Data; Boundary=X"), conforming)
        add(.boundaryMissing, sent("multipart/form-data"), conforming)
        add(.boundaryExtended, sent("multipart/form-data; boundary*0=X"), conforming)
        add(.boundaryEmpty, Example.field(boundary: "").sent(with: "multipart/form-data; boundary=\"\""), conforming)
        let longest = String(repeating: "a", count: 70)
        add(
            .boundaryTooLong,
            Example.field(boundary: longest + "a").sent(with: "multipart/form-data; boundary=\(longest)a"),
            Example.field(boundary: longest).sent(with: "multipart/form-data; boundary=\(longest)"))
        add(.boundaryInvalidCharacter, Example.field(boundary: "X#").sent(with: "multipart/form-data; boundary=X#"), conforming)
        add(.boundaryTrailingSpace, Example.field(boundary: "X ").sent(with: "multipart/form-data; boundary=\"X \""), conforming)
        add(
            .boundaryNeedsQuotes,
            Example.field(boundary: "X:Y").sent(with: "multipart/form-data; boundary=X:Y"),
            Example.field(boundary: "X:Y").sent(with: "multipart/form-data; boundary=\"X:Y\""))
        add(.boundaryQuoted, sent("multipart/form-data; boundary=\"X\""), conforming)
        add(.boundaryInferred, sent(nil), conforming)

        // Framing. `opened` is the conforming body cut after the field's value: most examples differ
        // from it only in what follows.
        let opened = "--X\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1"
        add(.bodyEmpty, Example(text: ""), conforming)
        add(.delimiterNotFound, Example(text: "name=a&value=1\r\n"), conforming)
        add(.delimiterNotLineStart, Example(text: opened + "--X--\r\n"), conforming)
        add(.preamblePresent, Example(text: "hello\r\n" + opened + "\r\n--X--\r\n"), conforming)
        add(.delimiterBareLF, Example(text: opened + "\n--X--\r\n"), conforming)
        add(.delimiterLineEnding, Example(text: "--X\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n--X--\r\n"), conforming)
        add(.transportPadding, Example(text: "--X \r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n--X--\r\n"), conforming)
        add(.closeDelimiterMissing, Example(text: opened + "\r\n"), conforming)
        add(.closeDelimiterJunk, Example(text: opened + "\r\n--X--end\r\n"), conforming)
        add(.closeDelimiterNoFinalCRLF, Example(text: opened + "\r\n--X--"), conforming)
        add(.epiloguePresent, Example(text: opened + "\r\n--X--\r\nbye\r\n"), conforming)
        add(.epilogueContainsDelimiter, Example(text: opened + "\r\n--X--\r\n--X\r\n"), conforming)
        add(.zeroParts, Example(text: "--X--\r\n"), conforming)
        add(.preambleWithoutParts, Example(text: "--Y\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n--X--\r\n"), conforming)
        add(.boundaryPrefixLine, Example.field(value: "--Xa"), Example.field(value: "--Xa", boundary: "Y"))
        add(.boundaryInContent, Example.field(value: "a--X"), Example.field(value: "a--X", boundary: "Y"))
        add(
            .boundaryInHeader, Example.field("form-data; name=\"a--X\""),
            Example.field("form-data; name=\"a--X\"", boundary: "Y"))
        add(
            .closeDelimiterBeforeParts,
            Example(text: "--X--\r\n" + opened + "\r\n--X--\r\n"), Example(text: opened + "\r\n--X--\r\n"))
        add(.partHeadersUnterminated, Example(text: "--X\r\nContent-Disposition: form-data; name=\"a\"\r\n--X--\r\n"), conforming)
        add(.partBodyAbsent, Example(text: "--X\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n--X--\r\n"), Example.field(value: ""))

        // Part header lines.
        add(.headerMissingColon, Example(text: "--X\r\nContent-Disposition: form-data; name=\"a\"\r\n1\r\n--X--\r\n"), conforming)
        add(.headerNameInvalid, Example.file(type: nil, extra: ["Content Type: text/plain"]), Example.file())
        add(.headerWhitespaceBeforeColon, Example.file(type: nil, extra: ["Content-Type : text/plain"]), Example.file())
        add(.headerLeadingWhitespace, Example(parts: [([" Content-Disposition: form-data; name=\"a\""], "1")]), conforming)
        add(.headerFolded, Example(parts: [(["Content-Disposition: form-data;", " name=\"a\""], "1")]), conforming)
        add(.headerNameCase, Example(parts: [(["CONTENT-DISPOSITION: form-data; name=\"a\""], "1")]), conforming)
        add(.headerValueWhitespace, Example(parts: [(["Content-Disposition:form-data; name=\"a\""], "1")]), conforming)
        add(.headerBareLF, Example(text: "--X\r\nContent-Disposition: form-data; name=\"a\"\n\r\n1\r\n--X--\r\n"), conforming)
        add(.headerBareCR, Example.field("form-data; name=\"a\rb\""), Example.field("form-data; name=\"ab\""))
        add(.headerNUL, Example.field("form-data; name=\"a\0\""), conforming)
        add(.headerControlCharacter, Example.field("form-data; name=\"a\u{1B}\""), conforming)
        // 998 bytes is the longest line RFC 5322 allows; the line holds 39 bytes besides the name.
        let longName = String(repeating: "n", count: 998 - 39)
        add(.headerLineTooLong, Example.field("form-data; name=\"\(longName)n\""), Example.field("form-data; name=\"\(longName)\""))
        add(.headerNonASCII, Example.file(type: "text/plain; x=\"é\""), Example.file(type: "text/plain; x=\"e\""))
        add(
            .headerInvalidUTF8, Example.file("form-data; name=\"f\"; filename=\"naïve.txt\"", encoding: .latin1),
            Example.file("form-data; name=\"f\"; filename=\"naïve.txt\""))
        add(.headerNotAllowed, Example.field(extra: ["X-Upload-Id: 7"]), conforming)
        add(.headerDuplicate, Example.file(extra: ["Content-Type: text/plain"]), Example.file())

        // Content-Disposition.
        add(.contentDispositionMissing, Example(parts: [([], "1")]), conforming)
        add(.contentDispositionDuplicate, Example.field(extra: ["Content-Disposition: form-data; name=\"b\""]), conforming)
        add(.contentDispositionNotFormData, Example.field("attachment; name=\"a\""), conforming)
        add(.contentDispositionTypeCase, Example.field("Form-Data; name=\"a\""), conforming)
        add(.contentDispositionTypeQuoted, Example.field("\"form-data\"; name=\"a\""), conforming)
        add(.nameMissing, Example.field("form-data"), conforming)
        add(.nameEmpty, Example.field("form-data; name=\"\""), conforming)
        add(.parameterDuplicate, Example.field("form-data; name=\"a\"; name=\"b\""), conforming)
        add(.parameterUnknown, Example.field("form-data; name=\"a\"; size=1"), conforming)
        add(.parameterOrder, Example.file("form-data; filename=\"f.txt\"; name=\"f\""), Example.file())
        add(.parameterNameCase, Example.field("form-data; NAME=\"a\""), conforming)
        // The common case: a raw '"' inside a quoted value (the fix, %22, is what browsers send).
        add(.parameterSyntax, Example.field("form-data; name=\"a\"b\""), Example.field("form-data; name=\"a%22b\""))
        add(.parameterUnquoted, Example.field("form-data; name=a"), conforming)
        add(.parameterQuotedPair, Example.field("form-data; name=\"a\\\"b\""), Example.field("form-data; name=\"a%22b\""))
        add(.parameterBackslash, Example.file("form-data; name=\"f\"; filename=\"C:\\dir\\f.txt\""), Example.file())
        add(.parameterSingleQuoted, Example.field("form-data; name='a'"), conforming)
        add(.filenameStar, Example.file("form-data; name=\"f\"; filename*=UTF-8''f.txt"), Example.file())
        add(.parameterExtended, Example.field("form-data; name*=UTF-8''a"), conforming)
        add(.parameterEncodedWord, Example.field("form-data; name=\"=?UTF-8?Q?a?=\""), conforming)
        add(.parameterSeparatorWhitespace, Example.field("form-data ; name=\"a\""), conforming)
        add(.parameterValueSeparator, Example.file("form-data; name=\"f\"; filename=\"a;b.txt\""), Example.file())
        add(.parameterWhitespaceAroundEquals, Example.field("form-data; name = \"a\""), conforming)
        add(.parameterEmpty, Example.field("form-data; name=\"a\";"), conforming)

        // Part content.
        add(.contentTransferEncodingPresent, Example.field(extra: ["Content-Transfer-Encoding: 8bit"]), conforming)
        add(.contentTransferEncodingInvalid, Example.field(extra: ["Content-Transfer-Encoding: gzip"]), conforming)
        // The fix is the rules' own: the bytes as they are, without Content-Transfer-Encoding.
        add(.base64ContentInvalid, Example.file(extra: ["Content-Transfer-Encoding: base64"], value: "aGk!"), Example.file())
        add(
            .quotedPrintableContentInvalid, Example.file(extra: ["Content-Transfer-Encoding: quoted-printable"], value: "h=I"),
            Example.file())
        add(
            .encodedContentStyle, Example.file(extra: ["Content-Transfer-Encoding: quoted-printable"], value: "h=e9"),
            Example.file())
        add(.partContentTypeSyntax, Example.file(type: "text"), Example.file())
        add(.fileContentTypeMissing, Example.file(type: nil), Example.file())
        add(.fieldContentTypePresent, Example.field(extra: ["Content-Type: text/plain"]), conforming)
        add(.charsetUnknown, Example.file(type: "text/plain; charset=klingon"), Example.file(type: "text/plain; charset=utf-8"))
        add(
            .charsetFieldUnknown, Example.field("form-data; name=\"_charset_\"", value: "klingon"),
            Example.field("form-data; name=\"_charset_\"", value: "UTF-8"))
        add(
            .charsetFieldNotUTF8, Example.field("form-data; name=\"_charset_\"", value: "ISO-8859-1"),
            Example.field("form-data; name=\"_charset_\"", value: "UTF-8"))
        add(.valueNotUTF8, Example.field(value: "naïve", encoding: .latin1), Example.field(value: "naïve"))
        let nestedFile = "--Y\r\nContent-Disposition: file; filename=\"a.txt\"\r\nContent-Type: text/plain\r\n\r\n1\r\n--Y--"
        let nested = Example.field(
            "form-data; name=\"files\"", extra: ["Content-Type: multipart/mixed; boundary=Y"], value: nestedFile)
        let flat = Example.file("form-data; name=\"files\"; filename=\"a.txt\"", value: "1")
        add(.nestedMultipart, nested, flat)
        entries.append(
            (.nestedBoundaryPrefix,
             Examples(
                failing: Example.field(
                    "form-data; name=\"files\"", extra: ["Content-Type: multipart/mixed; boundary=XY"],
                    value: nestedFile.replacingBoundary("Y", with: "XY")),
                withoutPassingBecause:
                    "every body this rule applies to nests a multipart body, which is an error of its own (nested-multipart); the fix for both is one part per file")))

        // Names and filenames.
        add(.filenamePath, Example.file("form-data; name=\"f\"; filename=\"../f.txt\""), Example.file())
        add(
            .filenameEmpty, Example.file("form-data; name=\"f\"; filename=\"\"", type: "application/octet-stream", value: ""),
            Example.file(type: "application/octet-stream"))
        add(
            .filenameEmptyWithContent, Example.file("form-data; name=\"f\"; filename=\"\"", type: "text/plain", value: "1"),
            Example.file("form-data; name=\"f\"; filename=\"blob\"", type: "text/plain", value: "1"))
        add(.filenameMissing, Example.file("form-data; name=\"f\"", type: "image/png"), Example.file(type: "image/png"))
        add(
            .parameterPercentEncoded, Example.file("form-data; name=\"f\"; filename=\"a%20b.txt\""),
            Example.file("form-data; name=\"f\"; filename=\"a b.txt\""))
        add(.nameNonASCII, Example.field("form-data; name=\"café\""), Example.field("form-data; name=\"cafe\""))
        add(.nameBrackets, Example.field("form-data; name=\"tags[]\""), Example.field("form-data; name=\"tags\""))
        let named = { (name: String, value: String) in (["Content-Disposition: form-data; name=\"\(name)\""], value) }
        add(.nameDuplicate, Example(parts: [named("a", "1"), named("a", "2")]), Example(parts: [named("a", "1"), named("b", "2")]))
        add(.filenameWhitespace, Example.file("form-data; name=\"f\"; filename=\" f.txt\""), Example.file())

        // Limits: the same input under small limits, so the bodies stay small.
        func limited(_ example: Example, _ change: (inout ValidationOptions) -> Void) -> Example {
            var example = example
            change(&example.options)
            return example
        }
        let twoFields = Example(parts: [
            (["Content-Disposition: form-data; name=\"a\""], "1"), (["Content-Disposition: form-data; name=\"b\""], "2"),
        ])
        add(.limitParts, limited(twoFields) { $0.maxParts = 1 }, limited(conforming) { $0.maxParts = 1 })
        add(.limitHeaderBytes, limited(Example.file()) { $0.maxHeaderBytes = 64 }, limited(conforming) { $0.maxHeaderBytes = 64 })
        add(.limitHeaderLines, limited(Example.file()) { $0.maxHeaderLines = 1 }, limited(conforming) { $0.maxHeaderLines = 1 })
        add(
            .limitHeaderLineLength, limited(Example.field("form-data; name=\"ab\"")) { $0.maxHeaderLineLength = 40 },
            limited(conforming) { $0.maxHeaderLineLength = 40 })
        add(.limitNestingDepth, limited(nested) { $0.maxNestingDepth = 0 }, limited(flat) { $0.maxNestingDepth = 0 })
        add(
            .limitDiagnostics, limited(Example.field("form-data; name=a; size=1")) { $0.maxDiagnostics = 1 },
            limited(Example.field("form-data; name=a")) { $0.maxDiagnostics = 1 })

        return Dictionary(uniqueKeysWithValues: entries)
    }()
}

// MARK: - Building examples

extension Rule.Example {
    /// How an example's text becomes bytes.
    enum Encoding {
        /// UTF-8, as conforming senders write.
        case utf8
        /// One byte per character (ISO 8859-1), to show text a legacy sender wrote; characters must be below U+0100.
        case latin1

        func bytes(_ text: String) -> [UInt8] {
            switch self {
            case .utf8: return Array(text.utf8)
            case .latin1: return text.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) }
            }
        }
    }

    /// The Content-Type every example sends unless it is about the Content-Type itself.
    static let formContentType = "multipart/form-data; boundary=X"

    /// A body given whole as text, sent with the form Content-Type.
    init(text: String) {
        self.init(contentType: Self.formContentType, body: Array(text.utf8))
    }

    /// A body of parts, each given as its header lines and value, framed by `boundary` the way browsers frame it.
    init(boundary: String = "X", parts: [(headers: [String], value: String)], encoding: Encoding = .utf8) {
        var text = ""
        for (headers, value) in parts {
            text += "--\(boundary)\r\n" + headers.map { $0 + "\r\n" }.joined() + "\r\n" + value + "\r\n"
        }
        text += "--\(boundary)--\r\n"
        self.init(contentType: "multipart/form-data; boundary=\(boundary)", body: encoding.bytes(text))
    }

    /// One text field whose Content-Disposition value is `disposition`, with any `extra` header lines.
    static func field(
        _ disposition: String = "form-data; name=\"a\"", extra: [String] = [], value: String = "1",
        boundary: String = "X", encoding: Encoding = .utf8
    ) -> Self {
        Self(boundary: boundary, parts: [(["Content-Disposition: " + disposition] + extra, value)], encoding: encoding)
    }

    /// One file part whose Content-Disposition value is `disposition`, labelled `type` (none when `nil`).
    static func file(
        _ disposition: String = "form-data; name=\"f\"; filename=\"f.txt\"", type: String? = "text/plain",
        extra: [String] = [], value: String = "hi", encoding: Encoding = .utf8
    ) -> Self {
        let typeLine = type.map { ["Content-Type: " + $0] } ?? []
        return Self(parts: [(["Content-Disposition: " + disposition] + typeLine + extra, value)], encoding: encoding)
    }

    /// The same body sent with another Content-Type value (`nil`: none).
    func sent(with contentType: String?) -> Self {
        var example = self
        example.contentType = contentType
        return example
    }
}

extension String {
    /// The text with every occurrence of `boundary` replaced; for the nested examples, whose boundary is one letter.
    fileprivate func replacingBoundary(_ boundary: Character, with replacement: String) -> String {
        split(separator: boundary, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
