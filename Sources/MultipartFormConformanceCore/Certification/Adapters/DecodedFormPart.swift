/// One part as a decoder under certification reports it: name, filename, content type and content, as bytes.
public struct DecodedFormPart: Sendable, Hashable {
    /// The field name, or `nil` when the decoder found none.
    public var name: [UInt8]?
    /// The filename, or `nil` when the part has none.
    public var filename: [UInt8]?
    /// The part's `Content-Type` value, or `nil` when it has none.
    public var contentType: [UInt8]?
    /// The part's content.
    public var body: [UInt8]

    /// Creates a part from bytes.
    /// - Parameters:
    ///   - name: The `name` parameter's bytes, or `nil` when the part had none.
    ///   - filename: The `filename` parameter's bytes, or `nil`.
    ///   - contentType: The part's `Content-Type` value, or `nil`.
    ///   - body: The part's content.
    public init(name: [UInt8]?, filename: [UInt8]? = nil, contentType: [UInt8]? = nil, body: [UInt8]) {
        self.name = name
        self.filename = filename
        self.contentType = contentType
        self.body = body
    }

    /// Creates a part from strings (encoded as UTF-8) and content bytes.
    /// - Parameters:
    ///   - name: The `name` parameter, or `nil` when the part had none.
    ///   - filename: The `filename` parameter, or `nil`.
    ///   - contentType: The part's `Content-Type` value, or `nil`.
    ///   - body: The part's content.
    public init(name: String?, filename: String? = nil, contentType: String? = nil, body: [UInt8]) {
        self.init(
            name: name.map { Array($0.utf8) }, filename: filename.map { Array($0.utf8) },
            contentType: contentType.map { Array($0.utf8) }, body: body)
    }
}
