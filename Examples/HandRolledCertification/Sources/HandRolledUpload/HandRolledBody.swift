import Foundation

/// The multipart body as the classic URLSession upload tutorial builds it, re-implemented faithfully.
///
/// A `UUID` boundary, one block per text parameter and one per file, values interpolated straight
/// into the header lines: no escaping of `"`, CR or LF, no check that a value holds the boundary,
/// and the `Content-Type` value written as given.
public struct HandRolledBody {
    /// One form entry: a text parameter, or a file with its filename and MIME type.
    public enum Entry {
        case parameter(name: String, value: String)
        case file(name: String, filename: String, mimeType: String, data: Data)
    }

    /// `Boundary-` and a fresh UUID, as the tutorials write it.
    public let boundary = "Boundary-\(UUID().uuidString)"

    public init() {}

    /// The value for the request's `Content-Type` header.
    public var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    /// The body for `URLRequest.httpBody`.
    public func body(for entries: [Entry]) -> Data {
        var body = Data()
        for entry in entries {
            switch entry {
            case .parameter(let name, let value):
                body.append("--\(boundary)\r\n")
                body.append("Content-Disposition: form-data; name=\"\(name)\"\r\n\r\n")
                body.append("\(value)\r\n")
            case .file(let name, let filename, let mimeType, let data):
                body.append("--\(boundary)\r\n")
                body.append("Content-Disposition: form-data; name=\"\(name)\"; filename=\"\(filename)\"\r\n")
                body.append("Content-Type: \(mimeType)\r\n\r\n")
                body.append(data)
                body.append("\r\n")
            }
        }
        body.append("--\(boundary)--\r\n")
        return body
    }
}

extension Data {
    /// The tutorials' helper: appends a string's UTF-8 bytes.
    mutating func append(_ string: String) {
        append(Data(string.utf8))
    }
}
