import MultipartFormConformance
import Testing
// snippet.hide

/// The snippet's parser, run for real: the strict validator behind a parser-style API.
struct MyParser {
    struct Part {
        var name: [UInt8]?
        var filename: [UInt8]?
        var contentType: [UInt8]?
        var bytes: [UInt8]
    }

    var contentType: String

    func parse(_ body: [UInt8]) throws -> [Part] {
        try StrictDecoderAdapter().decode(body: body, contentType: contentType).map { part in
            Part(name: part.name, filename: part.filename, contentType: part.contentType, bytes: part.body)
        }
    }
}

struct CertifyParserSnippet {
    // snippet.show

    struct MyParserAdapter: FormDecoderAdapter {
        func decode(body: [UInt8], contentType: String) throws -> [DecodedFormPart] {
            try MyParser(contentType: contentType).parse(body).map { part in
                DecodedFormPart(name: part.name, filename: part.filename, contentType: part.contentType, body: part.bytes)
            }
        }
    }

    @Test(arguments: try DecoderCertification.vectors())
    func certify(_ vector: ConformanceVector) throws {
        try DecoderCertification(MyParserAdapter()).check(vector)
    }
    // snippet.hide
}

/// The strict validator rejects transport padding, which receivers must ignore: declared as known
/// issues, as an adapter declares what its parser is known to get wrong.
extension CertifyParserSnippet.MyParserAdapter {
    var knownIssues: [String: String] {
        let reason = "rejects transport padding, which receivers must ignore (RFC 2046 §5.1.1)"
        return [
            "boundary/i-padding-on-close": reason, "boundary/i-padding-on-close-at-end": reason,
            "boundary/i-padding-on-delimiter": reason,
        ]
    }
}
