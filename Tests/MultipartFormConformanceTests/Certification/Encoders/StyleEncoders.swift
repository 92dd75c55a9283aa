import MultipartForm
import MultipartFormConformance

/// Encoders written the way real ones are, each with its own habits, for grading tests.
enum StyleEncoders {
    /// The URLSession tutorial pattern: names and filenames interpolated with no escaping, octet-stream for untyped files.
    ///
    /// A typed field without a filename is sent as a plain text parameter, the media type dropped.
    static func handRolled(_ form: FormData, boundary: String?) -> EncodedForm {
        let boundary = boundary ?? "Boundary-6F1C2A9E-3B4D-4E5F-8A7B-1C2D3E4F5A6B"
        var body: [UInt8] = []
        for field in form.fields {
            body += Array("--\(boundary)\r\n".utf8)
            body += Array("Content-Disposition: form-data; name=\"\(field.name)\"".utf8)
            if let filename = field.filename {
                body += Array("; filename=\"\(filename)\"\r\nContent-Type: \(field.contentType ?? "application/octet-stream")".utf8)
            }
            body += Array("\r\n\r\n".utf8) + value(of: field) + Array("\r\n".utf8)
        }
        body += Array("--\(boundary)--\r\n".utf8)
        return EncodedForm(contentType: "multipart/form-data; boundary=\(boundary)", body: body)
    }

    /// Go's `mime/multipart.Writer`: `\` and `"` escaped with backslashes, and an empty form written as `␍␊--B--␍␊`.
    static func backslashEscaping(_ form: FormData, boundary: String?) -> EncodedForm {
        let boundary = boundary ?? "3c7e0f4a9b2d61e8c5f7a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9"
        func escaped(_ text: String) -> [UInt8] {
            Array(text.utf8).flatMap { byte -> [UInt8] in
                byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "\"") ? [UInt8(ascii: "\\"), byte] : [byte]
            }
        }
        var body: [UInt8] = []
        for (index, field) in form.fields.enumerated() {
            body += Array("\(index == 0 ? "" : "\r\n")--\(boundary)\r\n".utf8)
            body += Array("Content-Disposition: form-data; name=\"".utf8) + escaped(field.name) + [UInt8(ascii: "\"")]
            if field.isFile {
                body += Array("; filename=\"".utf8) + escaped(field.filename ?? "blob") + [UInt8(ascii: "\"")]
                body += Array("\r\nContent-Type: \(field.contentType ?? "application/octet-stream")".utf8)
            }
            body += Array("\r\n\r\n".utf8) + value(of: field)
        }
        body += Array("\r\n--\(boundary)--\r\n".utf8)
        return EncodedForm(contentType: "multipart/form-data; boundary=\(boundary)", body: body)
    }

    /// The reference encoder, with a fixed boundary when none is given so its output is the same on every run.
    static func reference(_ form: FormData, boundary: String?) throws -> EncodedForm {
        try ReferenceEncoderAdapter().encode(form, boundary: boundary ?? "MultipartFormBoundary-fixed0123456789abcdef")
    }

    private static func value(of field: FormData.Field) -> [UInt8] {
        field.value.bytes ?? Array((field.value.text ?? "").utf8)
    }
}
