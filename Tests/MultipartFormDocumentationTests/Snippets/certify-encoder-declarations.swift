import Foundation
import MultipartForm
import MultipartFormConformance
import Testing
// snippet.hide

/// The snippet's upload API, run for real: text fields and `Data` files in order, encoded by the
/// reference encoder with a boundary of its own.
struct UploadRequest {
    enum Part {
        case text(name: String, value: String)
        case file(name: String, filename: String, type: String?, data: Data)
    }

    var contentType: String
    var body: Data

    init(parts: [Part]) throws {
        var form = FormData()
        for part in parts {
            switch part {
            case .text(let name, let value):
                form.append(name: name, text: value)
            case .file(let name, let filename, let type, let data):
                form.append(FormData.Field(name: name, value: .bytes(Array(data)), filename: filename, contentType: type))
            }
        }
        let body = try ReferenceEncoder().prepare(form)
        contentType = body.contentType
        self.body = Data(try body.bytes())
    }
}

struct CertifyEncoderDeclarationsSnippet {
    // snippet.show

    /// An upload API that takes text fields and files, in order: it cannot put a media type on a
    /// text field, and its text values are `String`s.
    struct UploadRequestAdapter: FormEncoderAdapter {
        var unsupportedFeatures: Set<EncoderFeature> { [.typedTextFields, .nonUTF8TextValues] }
        // Vectors it fails, each with the reason; one that starts passing fails its test case.
        var knownIssues: [String: String] { [:] }

        func encode(_ form: FormData, boundary: String?) throws -> EncodedForm {
            let parts: [UploadRequest.Part] = form.fields.map { field in
                guard field.isFile else { return .text(name: field.name, value: field.value.text ?? "") }
                let bytes = field.value.bytes ?? Array((field.value.text ?? "").utf8)
                return .file(name: field.name, filename: field.filename ?? "blob", type: field.contentType, data: Data(bytes))
            }
            let request = try UploadRequest(parts: parts)
            return EncodedForm(contentType: request.contentType, body: request.body)
        }
    }

    @Test(arguments: try EncoderCertification.vectors())
    func certify(_ vector: ConformanceVector) throws {
        try EncoderCertification(UploadRequestAdapter()).check(vector)
    }

    @Test func level() throws {
        // Prints the level and how many vectors were not run, and fails below Conformant. The declared
        // features leave vectors out, so the certificate is not a full one: say that it may be.
        try EncoderCertification(UploadRequestAdapter()).require(.conformant, allowing: .unsupportedFeatures)
    }
    // snippet.hide
}
