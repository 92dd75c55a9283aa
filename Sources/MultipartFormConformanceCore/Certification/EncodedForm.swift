/// What an encoder produced for a form: the request's `Content-Type` value and the body bytes.
public struct EncodedForm: Sendable, Hashable {
    /// The `Content-Type` header value, for example `multipart/form-data; boundary=AaB03x`.
    public var contentType: String
    /// The body.
    public var body: [UInt8]

    /// Creates an encoder's output.
    public init(contentType: String, body: [UInt8]) {
        self.contentType = contentType
        self.body = body
    }

    /// Creates an encoder's output from any byte sequence, such as the `Data` a URLSession-style encoder returns.
    public init(contentType: String, body: some Sequence<UInt8>) {
        self.init(contentType: contentType, body: Array(body))
    }
}
