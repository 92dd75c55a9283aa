import MultipartForm

/// When refusing a form is a right answer for an encoder, and what a form refused wrongly holds.
///
/// Refusing passes only for a form the reference encoder refuses too (a value holding the given
/// boundary, a media type it cannot write: the vector's `refused_with`), or for a form in one of the
/// ``refusable`` classes, each listed with its reason in CONFORMANCE.md. Quotes, backslashes and
/// non-ASCII characters in names and filenames are never refusable: every string API can say them,
/// browsers send them every day, and an encoder that cannot write `résumé.pdf` cannot upload it.
/// Any other refusal is graded `refused`, and counted by what the form holds (``category(of:)``).
public enum RefusedForm {
    /// A class of forms an encoder may refuse although the reference encoder writes them.
    public struct RefusableClass: Sendable {
        /// The stable id, such as `line-breaks-in-names`.
        public var id: String
        /// Why refusing such a form is a right answer, in one sentence.
        public var reason: String
        /// Whether a form belongs to the class.
        let matches: @Sendable (FormData) -> Bool
    }

    /// Forms with a line break in a name or a filename: no receiver gets the line break back.
    public static let lineBreaksInNames = RefusableClass(
        id: "line-breaks-in-names",
        reason: "a CR or LF in a name or filename has no RFC 7578 encoding, and receivers keep the WHATWG escape %0D%0A as it is, so no encoding delivers the name that was given",
        matches: { form in
            form.fields.contains { field in
                field.name.utf8.contains(where: isLineBreak) || (field.filename?.utf8.contains(where: isLineBreak) ?? false)
            }
        })

    /// Every class of forms an encoder may refuse although the reference encoder writes them.
    public static let refusable: [RefusableClass] = [lineBreaksInNames]

    /// Why refusing `form` is a right answer, or `nil` when an encoder must write it.
    /// - Parameters:
    ///   - form: The form the encoder refused.
    ///   - givenBoundary: The boundary it was given, or `nil` when it chooses its own.
    /// - Returns: The reason, or `nil`.
    public static func reason(refusing form: FormData, givenBoundary: String?) -> String? {
        let encoder = ReferenceEncoder()
        do {
            if let givenBoundary {
                _ = try encoder.prepare(form, boundary: givenBoundary)
            } else {
                _ = try encoder.prepare(form)
            }
        } catch {
            return "the reference encoder refuses it too (\(error.code): \(EncoderCertification.oneLine(error.message, limit: 120)))"
        }
        return refusable.first { $0.matches(form) }.map { "\($0.id): \($0.reason)" }
    }

    /// What a wrongly refused form holds that an encoder most likely balked at, such as `non-ASCII filenames`.
    ///
    /// The first that applies of: quotes, backslashes, non-ASCII filenames, non-ASCII names, control
    /// characters, then the features of ``EncoderFeature/required(by:)``; `other forms` otherwise.
    /// - Parameter form: The refused form.
    /// - Returns: A short plural phrase for headlines.
    public static func category(of form: FormData) -> String {
        func anyText(_ test: (UInt8) -> Bool) -> (names: Bool, filenames: Bool) {
            (
                form.fields.contains { $0.name.utf8.contains(where: test) },
                form.fields.contains { $0.filename?.utf8.contains(where: test) ?? false }
            )
        }
        if anyText({ $0 == UInt8(ascii: "\"") }) != (false, false) { return "quotes" }
        if anyText({ $0 == UInt8(ascii: "\\") }) != (false, false) { return "backslashes" }
        let nonASCII = anyText { $0 >= 0x80 }
        if nonASCII.filenames { return "non-ASCII filenames" }
        if nonASCII.names { return "non-ASCII names" }
        if anyText({ $0 < 0x20 || $0 == 0x7F }) != (false, false) { return "control characters" }
        switch EncoderFeature.required(by: form).first {
        case .emptyForm?: return "empty forms"
        case .nonUTF8TextValues?: return "non-UTF-8 text values"
        case let feature?: return String(feature.rawValue.map { $0 == "-" ? " " : $0 })
        case nil: return "other forms"
        }
    }

    private static func isLineBreak(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\n")
    }
}
