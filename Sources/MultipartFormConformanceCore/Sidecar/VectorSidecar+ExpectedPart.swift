extension VectorSidecar {
    /// One part a vector expects to be decoded: its name, filename, Content-Type and content, as bytes.
    ///
    /// In JSON each value is a UTF-8 string or `null`; a value that is not valid UTF-8 is given under
    /// the same key with a `_base64` suffix instead (`name_base64`, `filename_base64`,
    /// `content_type_base64`, `body_base64`). Exactly one of the two spellings must be present.
    public struct ExpectedPart: Sendable, Hashable {
        /// The `name` parameter with quoted-pairs removed, or `nil` when the part has none.
        public var name: [UInt8]?
        /// The `filename` parameter with quoted-pairs removed, or `nil` when the part has none.
        public var filename: [UInt8]?
        /// The part's Content-Type value with surrounding whitespace removed, or `nil` when it has none.
        public var contentType: [UInt8]?
        /// The part's content.
        public var body: [UInt8]

        /// Creates an expected part.
        /// - Parameters:
        ///   - name: The `name` parameter's bytes, or `nil`.
        ///   - filename: The `filename` parameter's bytes, or `nil`.
        ///   - contentType: The part's `Content-Type` value, or `nil`.
        ///   - body: The part's content.
        public init(name: [UInt8]?, filename: [UInt8]?, contentType: [UInt8]?, body: [UInt8]) {
            self.name = name
            self.filename = filename
            self.contentType = contentType
            self.body = body
        }

        static let keys = [
            "name", "name_base64", "filename", "filename_base64", "content_type", "content_type_base64", "body",
            "body_base64",
        ]

        init(node: JSONNode) throws(JSONShapeError) {
            let object = try node.object(allowing: Self.keys)
            name = try Self.bytes(object, node, "name")
            filename = try Self.bytes(object, node, "filename")
            contentType = try Self.bytes(object, node, "content_type")
            guard let body = try Self.bytes(object, node, "body") else {
                throw JSONShapeError(path: node.path + ".body", message: "a part's body must not be null")
            }
            self.body = body
        }

        /// The part as JSON: valid UTF-8 as text, anything else under the `_base64` key.
        var json: JSONValue {
            .object([
                JSONValue.bytesMember("name", name), JSONValue.bytesMember("filename", filename),
                JSONValue.bytesMember("content_type", contentType), JSONValue.bytesMember("body", body),
            ])
        }

        /// Reads a byte value given as `key` (text or `null`) or as `key_base64`, exactly one of the two.
        static func bytes(_ object: JSONObjectNode, _ node: JSONNode, _ key: String) throws(JSONShapeError) -> [UInt8]? {
            let base64Key = key + "_base64"
            switch (object.optional(key), object.optional(base64Key)) {
            case (.some, .some):
                throw JSONShapeError(
                    path: node.path + "." + base64Key, message: "give either \"\(key)\" or \"\(base64Key)\", not both")
            case (.none, .none):
                throw JSONShapeError(
                    path: node.path + "." + key,
                    message: "required key is missing: give \"\(key)\" (a string or null) or \"\(base64Key)\"")
            case (.some(let text), .none):
                return try text.optionalString().map { Array($0.utf8) }
            case (.none, .some(let encoded)):
                guard let text = try encoded.optionalString() else { return nil }
                guard let bytes = Base64.decode(text) else { throw encoded.failure("\"\(text)\" is not valid base64") }
                return bytes
            }
        }
    }
}
