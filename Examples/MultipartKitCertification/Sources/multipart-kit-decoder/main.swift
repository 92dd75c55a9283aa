// multipart-kit's MultipartParser as a process speaking the multipart-check decoder contract
// (version 1), so `multipart-check certify --decoder` and `Interop/run.sh` can run it beside the
// parsers of other languages: one JSON request on standard input, one answer on standard output.
import Foundation
import MultipartKitAdapters

func text(_ key: String, _ value: String?) -> [String: Any] {
    guard let value else { return [key: NSNull()] }
    return [key: value]
}

let input = FileHandle.standardInput.readDataToEndOfFile()
guard let request = try JSONSerialization.jsonObject(with: input) as? [String: Any] else {
    FileHandle.standardError.write(Data("the request is not a JSON object\n".utf8))
    exit(1)
}
var answer: [String: Any]
if request["version"] as? Int != 1 {
    answer = ["error": "unsupported contract version"]
} else if let contentType = request["content_type"] as? String, let encoded = request["body_base64"] as? String,
    let body = Data(base64Encoded: encoded)
{
    do {
        let parts = try MultipartParserAdapter().decode(body: Array(body), contentType: contentType)
        answer = [
            "parts": parts.map { part -> [String: Any] in
                func member(_ key: String, _ bytes: [UInt8]?) -> [String: Any] {
                    guard let bytes else { return [key: NSNull()] }
                    if let string = String(validating: bytes, as: UTF8.self) { return [key: string] }
                    return [key + "_base64": Data(bytes).base64EncodedString()]
                }
                var object = member("name", part.name).merging(member("filename", part.filename)) { $1 }
                object.merge(member("content_type", part.contentType)) { $1 }
                object["body_base64"] = Data(part.body).base64EncodedString()
                return object
            }
        ]
    } catch {
        answer = ["error": String(describing: error)]
    }
} else {
    FileHandle.standardError.write(Data("the request lacks content_type or body_base64\n".utf8))
    exit(1)
}
FileHandle.standardOutput.write(try JSONSerialization.data(withJSONObject: answer))
FileHandle.standardOutput.write(Data("\n".utf8))
