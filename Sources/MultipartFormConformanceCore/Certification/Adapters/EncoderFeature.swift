import MultipartForm

/// A property of a form that some encoder APIs cannot express, so an adapter can declare it unsupported.
///
/// An open set: new features may be added without breaking adapters. A vector that needs a feature
/// the adapter lists in ``FormEncoderAdapter/unsupportedFeatures`` is graded `unsupported` and not run;
/// unsupported vectors do not lower the level, and every report says how many there were. Declare a
/// feature only when the encoder's API has no way to say the form, not to hide wrong output.
public struct EncoderFeature: RawRepresentable, Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The feature's stable text, such as `duplicate-names`.
    public var rawValue: String

    /// Creates a feature from its stable text.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// A form with no field at all (the body is only the close delimiter).
    public static let emptyForm = EncoderFeature(rawValue: "empty-form")
    /// Two or more fields with the same name (each must stay its own part, in order).
    public static let duplicateNames = EncoderFeature(rawValue: "duplicate-names")
    /// A field whose name is the empty string.
    public static let emptyNames = EncoderFeature(rawValue: "empty-names")
    /// A text field (no filename) given a media type, such as a JSON field sent as `application/json`.
    public static let typedTextFields = EncoderFeature(rawValue: "typed-text-fields")
    /// A text field whose value is bytes that are not valid UTF-8.
    public static let nonUTF8TextValues = EncoderFeature(rawValue: "non-utf8-text-values")

    /// A name or filename holding `"`, CR or LF: withdrawn, since every string API can say it.
    @available(*, deprecated, message: "every string API can express it: escape such names as browsers do (%22, %0D, %0A); refusing a form for a quote is graded refused, for a line break it passes; declaring it has no effect")
    public static let quotesOrLineBreaksInNames = EncoderFeature(rawValue: "quotes-or-line-breaks-in-names")
    /// A field name with non-ASCII characters: withdrawn, since every string API can say it.
    @available(*, deprecated, message: "every string API can express it: write it as UTF-8; refusing the form is graded refused; declaring it has no effect")
    public static let nonASCIINames = EncoderFeature(rawValue: "non-ascii-names")
    /// A filename with non-ASCII characters: withdrawn, since every string API can say it.
    @available(*, deprecated, message: "every string API can express it: write it as UTF-8; refusing the form is graded refused; declaring it has no effect")
    public static let nonASCIIFilenames = EncoderFeature(rawValue: "non-ascii-filenames")
    /// A media type outside printable ASCII: withdrawn; the canonical encoder refuses such forms, and so may any encoder.
    @available(*, deprecated, message: "a string API can express it; refusing such a form passes, as the reference encoder refuses it; declaring it has no effect")
    public static let nonASCIIContentTypes = EncoderFeature(rawValue: "non-ascii-content-types")

    /// Every feature an adapter may declare unsupported, in a stable order.
    public static let all: [EncoderFeature] = [.emptyForm, .duplicateNames, .emptyNames, .typedTextFields, .nonUTF8TextValues]

    /// Features earlier versions accepted that can no longer excuse a vector, each with the reason.
    ///
    /// Every string API can say them, so an encoder must write such forms correctly: refusing one the
    /// reference encoder writes is graded `refused`, unless a refusable class covers it (a line break
    /// in a name, ``RefusedForm/lineBreaksInNames``), and a media type outside printable ASCII may be
    /// refused, as the reference encoder refuses it. Each reason is a clause that follows "every string
    /// API can say such a form:". A declaration of one is reported and otherwise ignored.
    public static let withdrawn: [(feature: EncoderFeature, reason: String)] = [
        (
            EncoderFeature(rawValue: "quotes-or-line-breaks-in-names"),
            "escape '\"' in names and filenames as %22, as browsers do (refusing such a form is graded 'refused', since the reference encoder writes it); escape CR and LF as %0D and %0A, or refuse the form: that refusal passes (the refusable class line-breaks-in-names)"
        ),
        (
            EncoderFeature(rawValue: "non-ascii-names"),
            "write names as UTF-8; refusing such a form is graded 'refused', since the reference encoder writes it"
        ),
        (
            EncoderFeature(rawValue: "non-ascii-filenames"),
            "write filenames as UTF-8; refusing such a form is graded 'refused', since the reference encoder writes it"
        ),
        (
            EncoderFeature(rawValue: "non-ascii-content-types"),
            "refuse such a form, as the reference encoder does: that refusal passes, and is what the Canonical level asks; a body written for it is judged like any other"
        ),
    ]

    /// The feature's stable text.
    public var description: String { rawValue }

    /// Orders features by their text.
    public static func < (lhs: EncoderFeature, rhs: EncoderFeature) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The features a form needs that an encoder's API may lack, sorted.
    /// - Parameter form: A form.
    /// - Returns: The features an encoder's API needs to say it, sorted.
    public static func required(by form: FormData) -> [EncoderFeature] {
        var features: Set<EncoderFeature> = []
        if form.fields.isEmpty { features.insert(.emptyForm) }
        var names: Set<String> = []
        for field in form.fields {
            if !names.insert(field.name).inserted { features.insert(.duplicateNames) }
            if field.name.isEmpty { features.insert(.emptyNames) }
            if field.filename == nil && field.contentType != nil && field.value.filePath == nil {
                features.insert(.typedTextFields)
            }
            if !field.isFile, let bytes = field.value.bytes, String(validating: bytes, as: UTF8.self) == nil {
                features.insert(.nonUTF8TextValues)
            }
        }
        return features.sorted()
    }
}
