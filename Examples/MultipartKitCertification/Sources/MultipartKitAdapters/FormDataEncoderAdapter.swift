import Foundation
import MultipartFormConformance
import MultipartKit

/// multipart-kit's Codable `FormDataEncoder`, given the form as a keyed value: one key per field.
///
/// Text fields are `String`s, other bytes `Data`; a file (or a typed field) is a value that converts
/// itself to a `MultipartPart` with `form-data; filename="..."` and a `Content-Type`, as Vapor's `File`
/// does. The encoder then sets each part's name from its key. A Codable keyed container holds each
/// key once, so forms with duplicate names cannot be said (multipart-kit's own convention for several
/// values, `name[]`, sends different names): `duplicate-names` is declared unsupported.
public struct FormDataEncoderAdapter: FormEncoderAdapter {
    public init() {}

    public var name: String { "multipart-kit 4.7.1 FormDataEncoder" }

    public var acceptsBoundary: Bool { true }

    public var unsupportedFeatures: Set<EncoderFeature> { [.duplicateNames] }

    public var knownIssues: [String: String] { KnownIssues.formDataEncoder }

    public func encode(_ form: FormData, boundary: String?) throws -> EncodedForm {
        let boundary = boundary ?? ContentTypeHeader.vaporStyleBoundary()
        var buffer = ByteBuffer()
        try FormDataEncoder().encode(KeyedForm(fields: form.fields), boundary: boundary, into: &buffer)
        return EncodedForm(contentType: ContentTypeHeader.value(boundary: boundary), body: Array(buffer.readableBytesView))
    }
}

/// The form as an `Encodable` value: one key per field, in form order.
struct KeyedForm: Encodable {
    var fields: [FormData.Field]

    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        for field in fields {
            let key = Key(stringValue: field.name)
            if field.isFile {
                try container.encode(FileValue(field: field), forKey: key)
            } else if let text = field.value.text {
                try container.encode(text, forKey: key)
            } else {
                try container.encode(Data(field.value.bytes ?? []), forKey: key)
            }
        }
    }
}

/// A file as Vapor's `File` hands it to multipart-kit: a part with a filename and a media type.
struct FileValue: Encodable, MultipartPartConvertible {
    var field: FormData.Field

    var multipart: MultipartPart? {
        var part = MultipartPart(body: field.value.bytes ?? Array((field.value.text ?? "").utf8))
        if let filename = field.filename {
            part.headers.replaceOrAdd(name: "Content-Disposition", value: "form-data; filename=\"\(filename)\"")
        }
        if let type = field.contentType ?? (field.filename != nil ? "application/octet-stream" : nil) {
            part.headers.replaceOrAdd(name: "Content-Type", value: type)
        }
        return part
    }

    init(field: FormData.Field) {
        self.field = field
    }

    init?(multipart: MultipartPart) {
        nil
    }

    func encode(to encoder: any Encoder) throws {
        // Never called: FormDataEncoder uses `multipart` for MultipartPartConvertible values.
        var container = encoder.singleValueContainer()
        try container.encode(Data(field.value.bytes ?? []))
    }
}
