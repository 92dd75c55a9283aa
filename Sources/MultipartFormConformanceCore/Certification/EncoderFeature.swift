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
    /// A name or filename holding `"`, CR or LF, which must be escaped.
    public static let quotesOrLineBreaksInNames = EncoderFeature(rawValue: "quotes-or-line-breaks-in-names")
    /// A field name with non-ASCII characters.
    public static let nonASCIINames = EncoderFeature(rawValue: "non-ascii-names")
    /// A filename with non-ASCII characters.
    public static let nonASCIIFilenames = EncoderFeature(rawValue: "non-ascii-filenames")
    /// A text field (no filename) given a media type, such as a JSON field sent as `application/json`.
    public static let typedTextFields = EncoderFeature(rawValue: "typed-text-fields")
    /// A text field whose value is bytes that are not valid UTF-8.
    public static let nonUTF8TextValues = EncoderFeature(rawValue: "non-utf8-text-values")
    /// A media type holding bytes outside printable ASCII, such as a UTF-8 `name` parameter.
    public static let nonASCIIContentTypes = EncoderFeature(rawValue: "non-ascii-content-types")

    /// Every feature this version knows, in a stable order.
    public static let all: [EncoderFeature] = [
        .emptyForm, .duplicateNames, .emptyNames, .quotesOrLineBreaksInNames, .nonASCIINames, .nonASCIIFilenames,
        .typedTextFields, .nonUTF8TextValues, .nonASCIIContentTypes,
    ]

    /// The feature's stable text.
    public var description: String { rawValue }

    /// Orders features by their text.
    public static func < (lhs: EncoderFeature, rhs: EncoderFeature) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The features a form needs, sorted.
    public static func required(by form: Form) -> [EncoderFeature] {
        var features: Set<EncoderFeature> = []
        if form.fields.isEmpty { features.insert(.emptyForm) }
        var names: Set<String> = []
        for field in form.fields {
            if !names.insert(field.name).inserted { features.insert(.duplicateNames) }
            if field.name.isEmpty { features.insert(.emptyNames) }
            let nameBytes = Array(field.name.utf8)
            let filenameBytes = field.filename.map { Array($0.utf8) } ?? []
            if (nameBytes + filenameBytes).contains(where: Self.needsEscaping) {
                features.insert(.quotesOrLineBreaksInNames)
            }
            if nameBytes.contains(where: { $0 >= 0x80 }) { features.insert(.nonASCIINames) }
            if filenameBytes.contains(where: { $0 >= 0x80 }) { features.insert(.nonASCIIFilenames) }
            if field.filename == nil && field.contentType != nil && field.value.filePath == nil {
                features.insert(.typedTextFields)
            }
            if let type = field.contentType, type.utf8.contains(where: { $0 < 0x20 || $0 > 0x7E }) {
                features.insert(.nonASCIIContentTypes)
            }
            if !field.isFile, let bytes = field.value.bytes, String(validating: bytes, as: UTF8.self) == nil {
                features.insert(.nonUTF8TextValues)
            }
        }
        return features.sorted()
    }

    private static func needsEscaping(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\n")
    }
}
