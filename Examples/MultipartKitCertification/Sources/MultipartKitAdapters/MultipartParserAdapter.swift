import MultipartFormConformance
import MultipartKit

/// multipart-kit's `MultipartParser`, driven the way its `FormDataDecoder` drives it.
///
/// The boundary is read from the `Content-Type` (Vapor does this before calling multipart-kit); the
/// parser's callbacks collect each part's headers (`replaceOrAdd`, as FormDataDecoder does) and
/// content; a part is complete when its closing delimiter arrives. A thrown parser error is a
/// rejection, and so is a `Content-Type` without a boundary, which Vapor refuses before the parser
/// runs; the adapter adds no other rule. The name, filename and media type are read from the
/// collected headers with multipart-kit's `MultipartPart.name` and, as Vapor reads them, the
/// `filename` parameter and the `Content-Type` header.
public struct MultipartParserAdapter: FormDecoderAdapter {
    public init() {}

    public var name: String { "multipart-kit 4.7.1 MultipartParser" }

    public var knownIssues: [String: String] { KnownIssues.parser }

    public func decode(body: [UInt8], contentType: String) throws -> [DecodedFormPart] {
        guard let boundary = DecoderCertification.boundary(in: contentType), !boundary.isEmpty else {
            throw AdapterError.noBoundary
        }
        let parser = MultipartParser(boundary: boundary)
        var parts: [MultipartPart] = []
        var headers = HTTPHeaders()
        var content = ByteBuffer()
        parser.onHeader = { field, value in headers.replaceOrAdd(name: field, value: value) }
        parser.onBody = { chunk in content.writeBuffer(&chunk) }
        parser.onPartComplete = {
            parts.append(MultipartPart(headers: headers, body: content))
            headers = HTTPHeaders()
            content = ByteBuffer()
        }
        try parser.execute(body)
        return parts.map { part in
            DecodedFormPart(
                name: part.name, filename: Self.filename(of: part), contentType: part.headers.first(name: "Content-Type"),
                body: Array(part.body.readableBytesView))
        }
    }

    /// The `filename` parameter, read with the same split on `;` and `=` that multipart-kit uses for `name`.
    static func filename(of part: MultipartPart) -> String? {
        guard let disposition = part.headers.first(name: "Content-Disposition") else { return nil }
        for piece in disposition.split(separator: ";") {
            let trimmed = piece.drop { $0 == " " || $0 == "\t" }
            guard trimmed.hasPrefix("filename=") else { continue }
            let value = trimmed.split(separator: "=").last.map(String.init) ?? ""
            return String(value.drop { $0 == "\"" || $0 == "'" }.reversed().drop { $0 == "\"" || $0 == "'" }.reversed())
        }
        return nil
    }
}

enum AdapterError: Error, CustomStringConvertible {
    case noBoundary

    var description: String { "the Content-Type names no boundary" }
}
