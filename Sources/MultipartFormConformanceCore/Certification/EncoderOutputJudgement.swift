import MultipartForm

/// The semantic comparison of an encoder's output with the form it was given.
///
/// 1. The body is validated strictly with the `Content-Type` the encoder returned: every error fails
///    the output (listed with rule id, offset, line and column); every warning is kept.
/// 2. The decoded parts must match the fields one for one, in order (duplicates included).
/// 3. Each part's name must equal the field's name literally or after the WHATWG escaping
///    (`"` → `%22`, CR → `%0D`, LF → `%0A`, names' lone CR or LF first normalised to CRLF); a
///    quoted-pair escaping encoder decodes back to the literal name, so both are right.
/// 4. Filename: the same rule when the field has one. A field with a media type but no filename may
///    get any filename or none (WHATWG sends `blob`); a plain text field must get none.
/// 5. Content type: equal to the field's, ignoring ASCII case, when the field has one; any for a file
///    without one; none for a plain text field, where one is a warning.
/// 6. Content: byte for byte. For text values, lone CR and LF normalised to CRLF (as browsers do) is
///    accepted and noted.
public struct EncoderOutputJudgement: Sendable, Hashable {
    /// Findings that make the output wrong.
    public var errors: [String] = []
    /// Findings that make it right but questionable.
    public var warnings: [String] = []
    /// Facts worth knowing that do not lower the grade.
    public var notes: [String] = []
    /// The strict validator's report of the output.
    public var report: ValidationReport

    /// Judges `output` as the encoding of `form`, validating with `options`.
    ///
    /// Warnings of the rules in `expectedWarnings` are inherent in the form (a filename with a path, an
    /// empty name): any faithful encoding draws them, so they are kept as notes, not warnings.
    public init(
        _ output: EncodedForm, of form: Form, expectedWarnings: Set<Rule.ID> = [],
        options: ValidationOptions = ValidationOptions()
    ) {
        report = MultipartValidator.validate(output.body, contentType: output.contentType, options: options)
        for diagnostic in report.diagnostics {
            let text = Self.describe(diagnostic)
            switch diagnostic.severity {
            case .error: errors.append("error: " + text)
            case .warning where expectedWarnings.contains(diagnostic.rule):
                notes.append("warning expected for this form: " + text)
            case .warning where Self.isEscapeOfTheForm(diagnostic, form):
                notes.append("warning expected for the WHATWG escaping of this form's names: " + text)
            case .warning: warnings.append("warning: " + text)
            case .note: notes.append(text)
            }
        }
        compareParts(output, form)
    }

    /// Whether a `parameter-percent-encoded` warning comes from escaping a `"`, CR or LF the field's name or filename really holds.
    static func isEscapeOfTheForm(_ diagnostic: Diagnostic, _ form: Form) -> Bool {
        guard diagnostic.rule == "parameter-percent-encoded", let index = diagnostic.partIndex,
            index < form.fields.count
        else { return false }
        let field = form.fields[index]
        let text = field.name + (field.filename ?? "")
        return text.utf8.contains { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\r") || $0 == UInt8(ascii: "\n") }
    }

    /// Compiler style: `offset 54 (line 3, column 17), part 1: message [rule-id] (citation)`.
    static func describe(_ diagnostic: Diagnostic) -> String {
        var place = diagnostic.origin == .contentType
            ? "Content-Type offset \(diagnostic.offset)"
            : "offset \(diagnostic.offset) (line \(diagnostic.line), column \(diagnostic.column))"
        if let part = diagnostic.partIndex { place += ", part \(part)" }
        let citation = diagnostic.citation.isEmpty ? "" : " (\(diagnostic.citation))"
        return "\(place): \(diagnostic.message) [\(diagnostic.rule)]\(citation)"
    }

    private mutating func compareParts(_ output: EncodedForm, _ form: Form) {
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
            compareName(label, field, part)
            compareFilename(label, field, part)
            compareContentType(label, field, part)
            let range = part.bodyRange
            guard range.lowerBound >= 0, range.upperBound <= output.body.count else {
                errors.append("\(label) content: the validator reported bytes outside the body")
                continue
            }
            compareContent(label, field, Array(output.body[range]))
        }
    }

    private mutating func compareName(_ label: String, _ field: Form.Field, _ part: DecodedPart) {
        let literal = Array(field.name.utf8)
        guard let actual = part.name else {
            errors.append("\(label) name: the part has no name parameter")
            return
        }
        let escaped = ParameterForms.escaped(literal)
        let normalized = ParameterForms.escaped(ParameterForms.normalizingNewlines(literal))
        guard actual != literal && actual != escaped && actual != normalized else { return }
        errors.append("\(label) name: \(Self.expectation(literal, escaped)), found \(Self.difference(actual, against: literal))")
    }

    private mutating func compareFilename(_ label: String, _ field: Form.Field, _ part: DecodedPart) {
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
        let escaped = ParameterForms.escaped(literal)
        guard actual != literal && actual != escaped else { return }
        errors.append("\(label) filename: \(Self.expectation(literal, escaped)), found \(Self.difference(actual, against: literal))")
    }

    private mutating func compareContentType(_ label: String, _ field: Form.Field, _ part: DecodedPart) {
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

    private mutating func compareContent(_ label: String, _ field: Form.Field, _ actual: [UInt8]) {
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
