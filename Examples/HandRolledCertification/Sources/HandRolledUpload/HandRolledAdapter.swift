import Foundation
import MultipartFormConformance

/// The hand-rolled tutorial encoder as a certifiable encoder.
///
/// Its API takes text parameters as `String`s and files as a filename, a MIME type and `Data`, so a
/// form entry with a media type but no filename, and a text value that is not UTF-8, cannot be said
/// (declared unsupported). A file without a type gets `application/octet-stream`, as the tutorials
/// advise. It makes its own `UUID` boundary, so it cannot be given one.
public struct HandRolledAdapter: FormEncoderAdapter {
    public init() {}

    public var name: String { "hand-rolled URLSession tutorial encoder" }

    public var unsupportedFeatures: Set<EncoderFeature> { [.typedTextFields, .nonUTF8TextValues] }

    public var knownIssues: [String: String] { HandRolledKnownIssues.all }

    public func encode(_ form: FormData, boundary: String?) throws -> EncodedForm {
        let builder = HandRolledBody()
        let entries: [HandRolledBody.Entry] = form.fields.map { field in
            let bytes = field.value.bytes ?? Array((field.value.text ?? "").utf8)
            if let filename = field.filename {
                return .file(
                    name: field.name, filename: filename, mimeType: field.contentType ?? "application/octet-stream",
                    data: Data(bytes))
            }
            return .parameter(name: field.name, value: field.value.text ?? String(decoding: bytes, as: UTF8.self))
        }
        return EncodedForm(contentType: builder.contentType, body: Array(builder.body(for: entries)))
    }
}

/// The pattern's known failures against the corpus, found by running the certification.
enum HandRolledKnownIssues {
    static let quote = "a '\"' in the name or filename is interpolated unescaped and ends the quoted value early [parameter-syntax]"
    static let lineBreak =
        "a CR LF in the filename is interpolated unescaped: the quoted value never ends and the rest of the name becomes a header line [parameter-syntax, header-missing-colon]"

    static let nul = "a NUL in the name is interpolated into the header, which no header may hold [header-nul]; it can only be refused"
    static let trailingBackslash =
        "a name ending in a backslash is interpolated unescaped: the backslash escapes the closing quote and the quoted value never ends [parameter-syntax]"
    static let each = "'\"', a lone CR and a lone LF in names and filenames are interpolated unescaped [parameter-syntax, header-bare-cr, header-bare-lf]"

    static let longName =
        "an 8,200-byte name is written into one 8,239-byte header line, past the 8,192 bytes receivers read [limit-header-line-length, content-disposition-missing]; such a form can only be refused"

    static let all: [String: String] = [
        "browsers/i-chromium-fetch-name-specials": each,
        "browsers/i-chromium-fetch-filename-specials": each,
        "browsers/i-chromium-form-name-specials": each,
        "browsers/i-chromium-form-filename-specials": each,
        "browsers/i-firefox-fetch-name-specials": each,
        "browsers/i-firefox-fetch-filename-specials": each,
        "browsers/i-firefox-form-name-specials": each,
        "browsers/i-firefox-form-filename-specials": each,
        "limits/n-name-past-line-limit": longName,
        "headers/n-nul-in-value": nul,
        "quoting/i-whatwg-escapes-each": each,
        "quoting/n-trailing-backslash": trailingBackslash,
        "quoting/i-curl-backslash-escaping": quote,
        "quoting/i-escaped-quote": quote,
        "quoting/i-pct0d0a-in-filename": lineBreak,
        "quoting/i-pct22-in-name": quote,
        "quoting/i-whatwg-escaping": quote,
        "realworld/i-chromium-quote-in-filename": quote,
        "realworld/i-firefox-legacy-backslash-quote": quote,
        "realworld/i-urllib3-crlf-in-filename": lineBreak,
    ]
}
