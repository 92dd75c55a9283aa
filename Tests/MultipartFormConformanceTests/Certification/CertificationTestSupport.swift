import MultipartForm
import MultipartFormConformance

/// An encoder adapter made from a closure, for encoders that are wrong on purpose.
struct ClosureEncoderAdapter: FormEncoderAdapter {
    var name: String
    var acceptsBoundary = true
    var unsupportedFeatures: Set<EncoderFeature> = []
    var knownIssues: [String: String] = [:]
    var encodeForm: @Sendable (FormData, String?) throws -> EncodedForm

    func encode(_ form: FormData, boundary: String?) throws -> EncodedForm {
        try encodeForm(form, boundary)
    }

    /// The reference encoder's output, then `rewrite` applied to the body.
    static func rewriting(_ name: String, _ rewrite: @escaping @Sendable ([UInt8]) -> [UInt8]) -> ClosureEncoderAdapter {
        ClosureEncoderAdapter(name: name) { form, boundary in
            let output = try ReferenceEncoderAdapter().encode(form, boundary: boundary)
            return EncodedForm(contentType: output.contentType, body: rewrite(output.body))
        }
    }
}

/// A decoder adapter made from a closure, for decoders that are wrong on purpose.
struct ClosureDecoderAdapter: FormDecoderAdapter {
    var name: String
    var knownIssues: [String: String] = [:]
    var unreportedDetails: Set<UnreportedDetail> = []
    var decodeBody: @Sendable ([UInt8], String) throws -> [DecodedFormPart]

    func decode(body: [UInt8], contentType: String) throws -> [DecodedFormPart] {
        try decodeBody(body, contentType)
    }
}

/// Replaces every occurrence of `old` in `bytes` with `new`.
func replacing(_ old: String, with new: String, in bytes: [UInt8]) -> [UInt8] {
    let pattern = Array(old.utf8)
    let replacement = Array(new.utf8)
    var out: [UInt8] = []
    var index = 0
    while index < bytes.count {
        if index + pattern.count <= bytes.count, bytes[index..<(index + pattern.count)].elementsEqual(pattern) {
            out += replacement
            index += pattern.count
        } else {
            out.append(bytes[index])
            index += 1
        }
    }
    return out
}

/// The encoded form for a body written by hand with boundary `AaB03x`.
func handWritten(_ text: String) -> EncodedForm {
    EncodedForm(contentType: "multipart/form-data; boundary=AaB03x", body: Array(text.utf8))
}
