import MultipartFormSystem

#if os(macOS) || os(Linux)
import MultipartFormConformanceCore

/// One body to compare, taken from a raw body, an HTTP capture or a HAR entry as `validate` reads them.
struct CompareInput {
    /// The name shown for it.
    var label: String
    /// The Content-Type every reader gets.
    var contentType: String
    /// The body's bytes.
    var body: [UInt8]
    /// What was inferred or lost on the way.
    var notes: [String] = []

    /// Why an input gave no body.
    struct Error: Swift.Error {
        var message: String
        /// Whether the file could not be read at all (exit 66), rather than read and found wanting.
        var isUnreadable: Bool
    }

    /// Reads the whole input and returns its bodies: one for a raw body or a capture, one per
    /// multipart/form-data entry of a HAR file that holds its body.
    static func read(
        path: String, standardInput: StandardInput, format: InputFormat, contentType: String?
    ) throws(Error) -> [CompareInput] {
        let bytes: [UInt8]
        let label = path == "-" ? "<stdin>" : VisibleBytes.escape(path)
        do {
            switch (path, standardInput) {
            case ("-", .bytes(let given)): bytes = given
            case ("-", .process): bytes = try FileSystem.readToEnd(0, path: "-", limit: CompareCommand.maxInputSize)
            default: bytes = try FileSystem.read(path, limit: CompareCommand.maxInputSize)
            }
        } catch {
            // The caller names the path: the reason alone follows it.
            throw Error(message: error.reason, isUnreadable: true)
        }
        let detected = format == .auto ? InputFormat.detect(Array(bytes.prefix(InputFormat.sniffLength))) : format
        switch detected {
        case .auto, .body:
            if let contentType { return [CompareInput(label: label, contentType: contentType, body: bytes)] }
            guard let boundary = inferredBoundary(bytes) else {
                throw Error(message: "no --content-type, and the body's first line is not a delimiter ('--' and a boundary)", isUnreadable: false)
            }
            let type = "multipart/form-data; boundary=" + quotedIfNeeded(boundary)
            return [
                CompareInput(
                    label: label, contentType: type, body: bytes,
                    notes: ["no --content-type: the boundary was taken from the body's first line"])
            ]
        case .http:
            let capture: HTTPCaptureBody
            do throws(HTTPCaptureError) {
                capture = try HTTPCaptureBody(capture: bytes)
            } catch {
                throw Error(message: "not an HTTP request: \(error.message)", isUnreadable: false)
            }
            guard let type = contentType ?? capture.contentType else {
                throw Error(message: "the request has no Content-Type; give one with --content-type", isUnreadable: false)
            }
            return [CompareInput(label: label, contentType: type, body: capture.body, notes: ["the request's body, decoded from its framing"])]
        case .har:
            let har: HARRequests
            do throws(HARError) {
                har = try HARRequests(document: bytes)
            } catch {
                throw Error(message: "not a HAR file: \(error.message)", isUnreadable: false)
            }
            let entries = har.entries.filter(\.holdsBody)
            guard !entries.isEmpty else {
                throw Error(message: "no multipart/form-data request with its body in the HAR file", isUnreadable: false)
            }
            return entries.map { entry in
                CompareInput(
                    label: "\(label)#entry-\(entry.number)", contentType: contentType ?? entry.contentType, body: entry.body,
                    notes: ["\(VisibleBytes.escape(entry.method)) \(VisibleBytes.escape(entry.url))"] + (entry.fidelityNote.map { [$0] } ?? []))
            }
        }
    }

    /// The boundary of a body whose first line is `--BOUNDARY`, without trailing whitespace.
    static func inferredBoundary(_ body: [UInt8]) -> String? {
        let dash = UInt8(ascii: "-")
        guard body.count > 2, body[0] == dash, body[1] == dash else { return nil }
        var end = body[2...].firstIndex { $0 == UInt8(ascii: "\r") || $0 == UInt8(ascii: "\n") } ?? body.count
        while end > 2, body[end - 1] == UInt8(ascii: " ") || body[end - 1] == UInt8(ascii: "\t") { end -= 1 }
        guard end > 2, let text = String(validating: body[2..<end], as: UTF8.self) else { return nil }
        return text
    }

    /// The boundary as a parameter value: a token as it is, anything else as a quoted-string.
    static func quotedIfNeeded(_ boundary: String) -> String {
        let specials = Set("!#$%&'*+-.^_`|~".utf8)
        let isToken = boundary.utf8.allSatisfy { byte in
            (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || specials.contains(byte)
        }
        return isToken ? boundary : "\"" + boundary + "\""
    }
}
#endif
