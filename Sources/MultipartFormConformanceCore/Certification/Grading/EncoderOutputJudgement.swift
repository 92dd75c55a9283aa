import MultipartForm

/// The semantic comparison of an encoder's output with the form it was given.
///
/// 1. The body is validated strictly with the `Content-Type` the encoder returned: every error fails
///    the output (listed with rule id, offset, line and column); every warning is kept, except the
///    form's own (``InherentWarnings``: those every faithful encoding of the form draws), which become notes.
/// 2. The decoded parts must match the fields one for one, in order (duplicates included).
/// 3. Each part's name must equal the field's name literally or after the WHATWG escaping
///    (`"` → `%22`, CR → `%0D`, LF → `%0A`, names' lone CR or LF first normalised to CRLF); a
///    quoted-pair escaping encoder decodes back to the literal name, so both are right, and a
///    backslash written literally reads as a quoted-pair (canonical encoding, rule 5), so that is too.
/// 4. Filename: the same rule when the field has one. A field with a media type but no filename may
///    get any filename or none (WHATWG sends `blob`); a plain text field must get none.
/// 5. Content type: equal to the field's, ignoring ASCII case, when the field has one; any for a file
///    without one; none for a plain text field, where one is a warning.
/// 6. Content: byte for byte. For text values, lone CR and LF normalised to CRLF (as browsers do) is
///    accepted and noted. Content holding `--` and the boundary inside a line is valid but a warning:
///    some receivers stop there, and the canonical encoding never writes it.
///
/// The judgement depends only on the form, the boundary the encoder was given (if any) and the output.
public struct EncoderOutputJudgement: Sendable, Hashable {
    /// Findings that make the output wrong.
    public var errors: [String] = []
    /// Findings that make it right but questionable.
    public var warnings: [String] = []
    /// Facts worth knowing that do not lower the grade.
    public var notes: [String] = []
    /// The strict validator's report of the output.
    public var report: ValidationReport
    /// The rules behind ``errors`` and ``warnings``, each once, in the order first found, whose general
    /// advice for an encoder applies (``EncoderAdvice``): a rule broken only because a name or filename
    /// ends in a backslash is left out, and a note says what to do about that instead.
    public var rulesBroken: [Rule.ID] = []
    /// The rules behind the validator's errors (not its warnings), each once, in the order first found.
    public var errorRules: [Rule.ID] = []
    /// The ``errors`` that say a field reads otherwise than it was given (a name, a filename, a type,
    /// content, or a part missing), as opposed to what the validator found in the body's syntax.
    public var fieldDifferences: [String] = []

    /// What the errors do to a receiver: ``CertificationProblem/changesFields`` when a field reads
    /// otherwise than given, ``CertificationProblem/writesIgnoredHeaders`` when every error is one
    /// receivers must ignore (RFC 7578 §4.8), ``CertificationProblem/writesInvalid`` otherwise;
    /// `nil` without errors. For a form the encoder should have refused, the caller says so instead.
    public var problem: CertificationProblem? {
        if errors.isEmpty { return nil }
        if !fieldDifferences.isEmpty { return .changesFields }
        if errorRules.allSatisfy(ReceiversIgnore.rules.contains) { return .writesIgnoredHeaders }
        return .writesInvalid
    }

    /// Judges `output` as the encoding of `form`, validating with `options`.
    ///
    /// `givenBoundary` is the boundary the encoder was asked to use, or `nil` when it chose its own:
    /// warnings that come from a given boundary (one that must be quoted) belong to the form.
    /// - Parameters:
    ///   - output: What the encoder wrote.
    ///   - form: The form it was given.
    ///   - givenBoundary: The boundary it was given, or `nil`.
    ///   - options: The validator's limits.
    public init(
        _ output: EncodedForm, of form: FormData, givenBoundary: String? = nil,
        options: ValidationOptions = ValidationOptions()
    ) {
        let inherent = InherentWarnings(of: form, boundary: givenBoundary)
        report = MultipartValidator.validate(output.body, contentType: output.contentType, options: options)
        let backslashes = TrailingBackslash.fields(of: form)
        var explained: [Int: Set<Rule.ID>] = [:]
        for diagnostic in report.diagnostics {
            let text = Self.describe(diagnostic, contentType: output.contentType)
            var advised = true
            if let part = diagnostic.partIndex, backslashes[part] != nil, TrailingBackslash.rules.contains(diagnostic.rule) {
                explained[part, default: []].insert(diagnostic.rule)
                advised = false
            }
            switch diagnostic.severity {
            case .error:
                errors.append("error: " + text)
                if advised, !rulesBroken.contains(diagnostic.rule) { rulesBroken.append(diagnostic.rule) }
                if !errorRules.contains(diagnostic.rule) { errorRules.append(diagnostic.rule) }
            case .warning where inherent.excuses(diagnostic):
                notes.append("warning inherent in this form (every faithful encoding draws it): " + text)
            case .warning:
                warnings.append("warning: " + text)
                if advised, !rulesBroken.contains(diagnostic.rule) { rulesBroken.append(diagnostic.rule) }
            case .note: notes.append(text)
            }
        }
        for (part, rules) in explained.sorted(by: { $0.key < $1.key }) {
            guard let field = backslashes[part] else { continue }
            let label = "field \(part) ('\(Self.shown(form.fields[part].name))')"
            notes.append("for an encoder, \(label): " + field.advice(writtenRaw: rules.contains(.parameterSyntax)))
        }
        let syntaxErrors = errors.count
        compareParts(output, form)
        fieldDifferences = Array(errors[syntaxErrors...])
    }

    /// Compiler style: `offset 54 (line 3, column 17), part 1: message [rule-id] (citation)`; a
    /// finding in the `Content-Type` value names the value, made visible, so the header can be seen.
    static func describe(_ diagnostic: Diagnostic, contentType: String) -> String {
        var place = diagnostic.origin == .contentType
            ? "Content-Type \(Self.window(of: Array(contentType.utf8), around: diagnostic.offset)) offset \(diagnostic.offset)"
            : "offset \(diagnostic.offset) (line \(diagnostic.line), column \(diagnostic.column))"
        if let part = diagnostic.partIndex { place += ", part \(part)" }
        let citation = diagnostic.citation.isEmpty ? "" : " (\(diagnostic.citation))"
        return "\(place): \(diagnostic.message) [\(diagnostic.rule)]\(citation)"
    }

    /// The value made visible: whole up to 200 bytes, else 60 bytes before the offset and 60 after.
    static func window(of value: [UInt8], around offset: Int) -> String {
        guard value.count > 200 else { return "\"\(VectorExpectation.Mismatch.escape(value[...]))\"" }
        let start = max(0, min(offset, value.count) - 60)
        let end = min(value.count, offset + 60)
        return (start > 0 ? "...\"" : "\"") + VectorExpectation.Mismatch.escape(value[start..<end]) + (end < value.count ? "\"..." : "\"")
    }

    private mutating func compareParts(_ output: EncodedForm, _ form: FormData) {
        let parts = report.parts
        let fields = form.fields
        if parts.count != fields.count {
            var text = "expected \(fields.count) part\(fields.count == 1 ? "" : "s") (one per field, in order), found \(parts.count)"
            if parts.count < fields.count {
                let missing = fields[parts.count...].map { "'\(Self.shown($0.name))'" }
                text += "; no part for the last \(missing.count) field\(missing.count == 1 ? "" : "s") (\(missing.prefix(5).joined(separator: ", "))\(missing.count > 5 ? ", ..." : ""))"
            }
            errors.append(text)
        }
        for (index, (field, part)) in zip(fields, parts).enumerated() {
            let label = "field \(index) ('\(Self.shown(field.name))')"
            let header = part.headerRange.clamped(to: 0..<output.body.count)
            let backslashWritten = output.body[header].contains(UInt8(ascii: "\\"))
            compareName(label, field, part, backslashWritten: backslashWritten)
            compareFilename(label, field, part, backslashWritten: backslashWritten)
            compareContentType(label, field, part)
            let range = part.bodyRange
            guard range.lowerBound >= 0, range.upperBound <= output.body.count else {
                errors.append("\(label) content: the validator reported bytes outside the body")
                continue
            }
            let content = Array(output.body[range])
            compareContent(label, field, content)
            if let boundary = report.boundary, Self.holds(content, boundary: boundary) {
                warnings.append(
                    "\(label) content holds '--\(VectorExpectation.Mismatch.escape(boundary[...]))' inside a line: valid, but Django and undici stop there; choose a boundary the content does not hold, or refuse a given one")
            }
            if let boundary = report.boundary, Self.holds(Array(output.body[header]), boundary: boundary) {
                warnings.append(
                    "\(label) headers hold '--\(VectorExpectation.Mismatch.escape(boundary[...]))': valid, but Django and Sanic cut the part there; choose a boundary no name, filename or type holds, or refuse a given one")
            }
        }
    }

    private mutating func compareName(_ label: String, _ field: FormData.Field, _ part: DecodedPart, backslashWritten: Bool) {
        let literal = Array(field.name.utf8)
        guard let actual = part.name else {
            errors.append("\(label) name: the part has no name parameter")
            return
        }
        guard !ParameterForms.acceptedReadings(of: literal, normalizing: true, backslashWritten: backslashWritten).contains(actual) else { return }
        let escaped = ParameterForms.escaped(literal)
        errors.append("\(label) name: \(Self.expectation(literal, escaped)), found \(Self.difference(actual, against: literal))")
    }

    private mutating func compareFilename(_ label: String, _ field: FormData.Field, _ part: DecodedPart, backslashWritten: Bool) {
        guard let filename = field.filename else {
            if field.contentType == nil, field.value.filePath == nil, let actual = part.filename {
                errors.append(
                    "\(label) filename: a text field must be sent without a filename, found \(VectorExpectation.Mismatch.render(actual))")
            }
            return
        }
        let literal = Array(filename.utf8)
        guard let actual = part.filename else {
            errors.append("\(label) filename: expected \(VectorExpectation.Mismatch.render(literal)), but the part has no filename parameter")
            return
        }
        guard !ParameterForms.acceptedReadings(of: literal, normalizing: false, backslashWritten: backslashWritten).contains(actual) else { return }
        let escaped = ParameterForms.escaped(literal)
        errors.append("\(label) filename: \(Self.expectation(literal, escaped)), found \(Self.difference(actual, against: literal))")
    }

    private mutating func compareContentType(_ label: String, _ field: FormData.Field, _ part: DecodedPart) {
        if let type = field.contentType {
            let expected = Array(type.utf8)
            guard let actual = part.contentType else {
                errors.append("\(label) content type: expected \(VectorExpectation.Mismatch.render(expected)), but the part has no Content-Type")
                return
            }
            if !ParameterForms.equalIgnoringASCIICase(actual, expected) {
                errors.append("\(label) content type: expected \(VectorExpectation.Mismatch.render(expected)), found \(Self.difference(actual, against: expected))")
            }
        } else if !field.isFile, let actual = part.contentType {
            warnings.append("\(label): a text field was sent with Content-Type \(VectorExpectation.Mismatch.render(actual)); WHATWG sends none")
        }
    }

    private mutating func compareContent(_ label: String, _ field: FormData.Field, _ actual: [UInt8]) {
        let expected: [UInt8]
        let isText: Bool
        if let text = field.value.text {
            expected = Array(text.utf8)
            isText = true
        } else if let bytes = field.value.bytes {
            expected = bytes
            isText = false
        } else {
            notes.append("\(label): a file value's content is not compared")
            return
        }
        if actual == expected { return }
        if isText && !field.isFile && actual == ParameterForms.normalizingNewlines(expected) {
            notes.append("\(label): line breaks in the text value were normalised to CRLF (as browsers do)")
            return
        }
        errors.append("\(label) content: expected \(VectorExpectation.Mismatch.render(expected)), found \(Self.difference(actual, against: expected))")
    }

    /// Whether `content` holds `--` and the boundary anywhere, found in linear time as the reference encoder finds it.
    private static func holds(_ content: [UInt8], boundary: [UInt8]) -> Bool {
        var search = BoundaryCollisionSearch(boundary: boundary)
        return content.withUnsafeBytes { search.feed($0) }
    }

    /// `expected "a\"b" (or its WHATWG escaping "a%22b")`, the alternative only when it differs.
    private static func expectation(_ literal: [UInt8], _ escaped: [UInt8]) -> String {
        var text = "expected \(VectorExpectation.Mismatch.render(literal))"
        if escaped != literal { text += " (or its WHATWG escaping \(VectorExpectation.Mismatch.render(escaped)))" }
        return text
    }

    /// The found bytes, rendered, with the first byte where they differ from `expected`.
    static func difference(_ actual: [UInt8], against expected: [UInt8]) -> String {
        let common = zip(actual, expected).prefix { $0 == $1 }.count
        return "\(VectorExpectation.Mismatch.render(actual)); first difference at byte \(common)"
    }

    /// A name for messages, escaped and cut to 40 bytes.
    static func shown(_ name: String) -> String {
        let bytes = Array(name.utf8)
        let text = VectorExpectation.Mismatch.escape(bytes.prefix(40))
        return bytes.count > 40 ? text + "..." : text
    }
}
