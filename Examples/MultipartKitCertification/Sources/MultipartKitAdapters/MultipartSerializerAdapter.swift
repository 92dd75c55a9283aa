import MultipartFormConformance
import MultipartKit

/// multipart-kit's `MultipartSerializer`, given one `MultipartPart` per field, built with multipart-kit's own API.
///
/// Each part gets its name through `MultipartPart.name` (which writes `form-data; name="..."`). multipart-kit
/// 4.7.1 has no filename API, so a filename is added to that header the way its own parameter setter
/// writes parameters (`; filename="..."`, unescaped), and the media type as a `Content-Type` header
/// (`application/octet-stream` for a file without one). The serializer takes the boundary it is given.
public struct MultipartSerializerAdapter: FormEncoderAdapter {
    public init() {}

    public var name: String { "multipart-kit 4.7.1 MultipartSerializer" }

    public var acceptsBoundary: Bool { true }

    public var knownIssues: [String: String] { KnownIssues.serializer }

    public func encode(_ form: FormData, boundary: String?) throws -> EncodedForm {
        let boundary = boundary ?? ContentTypeHeader.vaporStyleBoundary()
        let parts = form.fields.map(Self.part(for:))
        var buffer = ByteBuffer()
        try MultipartSerializer().serialize(parts: parts, boundary: boundary, into: &buffer)
        return EncodedForm(contentType: ContentTypeHeader.value(boundary: boundary), body: Array(buffer.readableBytesView))
    }

    static func part(for field: FormData.Field) -> MultipartPart {
        var part = MultipartPart(body: field.value.bytes ?? Array((field.value.text ?? "").utf8))
        part.name = field.name
        if let filename = field.filename, let disposition = part.headers.first(name: "Content-Disposition") {
            part.headers.replaceOrAdd(name: "Content-Disposition", value: disposition + "; filename=\"\(filename)\"")
        }
        if let type = field.contentType ?? (field.filename != nil ? "application/octet-stream" : nil) {
            part.headers.replaceOrAdd(name: "Content-Type", value: type)
        }
        return part
    }
}
