import MultipartForm
import MultipartFormConformance
import Testing
// snippet.hide
import Foundation

/// The snippet's encoder, run for real: the reference encoder behind a URLSession-style API.
struct MyEncoder {
    struct Request {
        var contentType: String
        var body: Data
    }

    func encode(_ form: FormData) throws -> Request {
        let body = try ReferenceEncoder().prepare(form)
        return Request(contentType: body.contentType, body: Data(try body.bytes()))
    }
}

struct CertifyEncoderSnippet {
    // snippet.show

    struct MyEncoderAdapter: FormEncoderAdapter {
        func encode(_ form: FormData, boundary: String?) throws -> EncodedForm {
            let request = try MyEncoder().encode(form)        // however your API spells it
            return EncodedForm(contentType: request.contentType, body: request.body)
        }
    }

    @Test(arguments: try EncoderCertification.vectors())
    func certify(_ vector: ConformanceVector) throws {
        try EncoderCertification(MyEncoderAdapter()).check(vector)
    }

    @Test(arguments: EncoderProbe.all)          // checks across forms, such as a fixed boundary
    func probe(_ probe: EncoderProbe) throws {
        try EncoderCertification(MyEncoderAdapter()).check(probe)
    }
    // snippet.hide
}
