import MultipartFormSystem

#if os(macOS) || os(Linux)
import MultipartForm

/// The child's side of the encoder contract, for an encoder process written in Swift: read the
/// request, answer the encoded form or a refusal.
///
/// An executable whose adapter already exists needs one line, `exit(ProcessEncoderAdapter.serve(MyEncoderAdapter()))`;
/// ``readRequest(_:)`` and ``answer(_:)`` are the pieces for anything else.
extension ProcessEncoderAdapter {
    /// Answers one request as the contract asks: reads the form from standard input, encodes it
    /// with `adapter` (passing the request's boundary) and writes the body, or a refusal when the
    /// adapter throws or the request cannot be read, to standard output.
    /// - Parameter adapter: The encoder to serve.
    /// - Returns: The exit status: 0 once answered, 1 when standard input fails or holds more than
    ///   64 MiB, or standard output fails (with a line on standard error).
    public static func serve(_ adapter: some FormEncoderAdapter) -> Int32 {
        let input: [UInt8]
        do {
            input = try FileSystem.readToEnd(0, path: "standard input")
        } catch {
            return complain(error.description)
        }
        let answer: [UInt8]
        do {
            let request = try readRequest(input)
            answer = Self.answer(try adapter.encode(request.form, boundary: request.boundary))
        } catch let error as ProcessAdapterError {
            answer = Self.answer(refusing: error.message)
        } catch {
            answer = Self.answer(refusing: String(describing: error))
        }
        guard answer.withUnsafeBytes({ SystemCalls.writeAll(1, $0) }) else {
            return complain("cannot write standard output: \(SystemCalls.lastError())")
        }
        return 0
    }

    private static func complain(_ message: String) -> Int32 {
        let line = Array("error: \(message)\n".utf8)
        _ = line.withUnsafeBytes { SystemCalls.writeAll(2, $0) }
        return 1
    }

    /// Reads a request as the child receives it: the form, and the boundary to use or `nil`.
    /// - Parameter bytes: Everything the child read from standard input.
    /// - Returns: The form and the boundary.
    /// - Throws: ``ProcessAdapterError/Code/unreadableRequest`` for another contract version or
    ///   bytes that are not a request; answer ``answer(refusing:)`` with its message.
    public static func readRequest(_ bytes: [UInt8]) throws(ProcessAdapterError) -> (form: FormData, boundary: String?) {
        let request: (version: Int, form: FormData, boundary: String?)
        do throws(JSONShapeError) {
            let object = try JSONNode.parse(bytes).object(allowing: ["version", "boundary", "fields"])
            let fields = try object.required("fields").array().map { (node) throws(JSONShapeError) in
                try VectorSidecar.EncoderInput.field(node: node)
            }
            request = (try object.required("version").integer(), FormData(fields), try object.required("boundary").optionalString())
        } catch {
            throw ProcessAdapterError(.unreadableRequest, "the request is not contract version \(protocolVersion) JSON: \(error)")
        }
        guard request.version == protocolVersion else {
            throw ProcessAdapterError(
                .unreadableRequest, "unsupported contract version \(request.version); this encoder reads version \(protocolVersion)")
        }
        return (request.form, request.boundary)
    }

    /// The answer for an encoded form: `{"content_type": ..., "body_base64": ...}` and a newline.
    /// - Parameter encoded: What the encoder wrote.
    /// - Returns: The bytes to write to standard output.
    public static func answer(_ encoded: EncodedForm) -> [UInt8] {
        let answer = JSONValue.object([
            ("content_type", .string(encoded.contentType)), ("body_base64", .string(Base64.encode(encoded.body))),
        ])
        return Array((answer.rendered() + "\n").utf8)
    }

    /// The answer refusing a form: `{"error": reason}` and a newline.
    /// - Parameter reason: Why the encoder refuses the form, in one sentence.
    /// - Returns: The bytes to write to standard output.
    public static func answer(refusing reason: String) -> [UInt8] {
        Array((JSONValue.object([("error", .string(reason))]).rendered() + "\n").utf8)
    }
}
#endif
