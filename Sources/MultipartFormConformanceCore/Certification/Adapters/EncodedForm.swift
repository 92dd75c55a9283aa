/// What an encoder produced for a form: the request's `Content-Type` value and the body bytes.
public struct EncodedForm: Sendable, Hashable {
    /// The `Content-Type` header value, for example `multipart/form-data; boundary=AaB03x`.
    public var contentType: String
    /// The body.
    public var body: [UInt8]

    /// Creates an encoder's output.
    /// - Parameters:
    ///   - contentType: The `Content-Type` value the encoder sends.
    ///   - body: The body bytes.
    public init(contentType: String, body: [UInt8]) {
        self.contentType = contentType
        self.body = body
    }

    /// Creates an encoder's output from any byte sequence, such as the `Data` a URLSession-style encoder returns.
    /// - Parameters:
    ///   - contentType: The `Content-Type` value the encoder sends.
    ///   - body: The body bytes: `Data`, `[UInt8]` or any byte sequence.
    public init(contentType: String, body: some Sequence<UInt8>) {
        self.init(contentType: contentType, body: Array(body))
    }
}
