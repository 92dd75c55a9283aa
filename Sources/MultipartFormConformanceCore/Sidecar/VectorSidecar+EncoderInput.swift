import MultipartForm

extension VectorSidecar {
    /// The form that produces a vector's body, so the same vector certifies encoders as well as validators.
    ///
    /// In JSON: `{"boundary": "AaB03x", "canonical": true, "fields": [...]}`. Each field is
    /// `{"name": "...", "value": "..."}` for text (`value_base64` for bytes that are not UTF-8), plus
    /// `"filename"` for a file entry and an optional `"content_type"`. `canonical` says that the
    /// reference encoder, given this form and boundary, writes the vector's body byte for byte;
    /// `refused_with`, present only then, names the ``ReferenceEncoder/Error/Code`` with which it refuses the
    /// form instead (the body is then what an encoder that does not check writes).
    public struct EncoderInput: Sendable, Hashable {
        /// One form entry.
        public struct Field: Sendable, Hashable {
            /// What a field holds: text typed into a form, or bytes (a file's content, or bytes from an API).
            public enum Value: Sendable, Hashable {
                /// Text, encoded as UTF-8.
                case text(String)
                /// Bytes, written as they are.
                case bytes([UInt8])

                /// The bytes an encoder writes for the value (before any newline normalisation).
                public var bytes: [UInt8] {
                    switch self {
                    case .text(let text): Array(text.utf8)
                    case .bytes(let bytes): bytes
                    }
                }
            }

            /// The field name as the user gave it (before any escaping).
            public var name: String
            /// The value.
            public var value: Value
            /// The filename of a file entry (before any escaping), or `nil` for a text entry.
            public var filename: String?
            /// The media type of a file entry, or `nil` to let the encoder choose.
            public var contentType: String?

            /// Creates a field.
            public init(name: String, value: Value, filename: String? = nil, contentType: String? = nil) {
                self.name = name
                self.value = value
                self.filename = filename
                self.contentType = contentType
            }

            /// The field as the reference encoder's model.
            public var formField: Form.Field {
                let formValue: Form.Value
                switch value {
                case .text(let text): formValue = .text(text)
                case .bytes(let bytes): formValue = .bytes(bytes)
                }
                return Form.Field(name: name, value: formValue, filename: filename, contentType: contentType)
            }

            init(node: JSONNode) throws(JSONShapeError) {
                let object = try node.object(allowing: ["name", "value", "value_base64", "filename", "content_type"])
                name = try object.required("name").string()
                switch (object.optional("value"), object.optional("value_base64")) {
                case (.some(let text), .none):
                    value = .text(try text.string())
                case (.none, .some(let encoded)):
                    let text = try encoded.string()
                    guard let bytes = Base64.decode(text) else { throw encoded.failure("\"\(text)\" is not valid base64") }
                    value = .bytes(bytes)
                case (.some, .some):
                    throw JSONShapeError(path: node.path + ".value_base64", message: "give either \"value\" or \"value_base64\", not both")
                case (.none, .none):
                    throw JSONShapeError(path: node.path + ".value", message: "required key is missing: give \"value\" or \"value_base64\"")
                }
                filename = try object.optional("filename")?.string()
                contentType = try object.optional("content_type")?.string()
            }

            var json: JSONValue {
                var members: [(key: String, value: JSONValue)] = [("name", .string(name))]
                switch value {
                case .text(let text): members.append(("value", .string(text)))
                case .bytes(let bytes): members.append(("value_base64", .string(Base64.encode(bytes))))
                }
                if let filename { members.append(("filename", .string(filename))) }
                if let contentType { members.append(("content_type", .string(contentType))) }
                return .object(members)
            }
        }

        /// The boundary the vector's body uses, for encoders that accept a given boundary.
        public var boundary: String
        /// Whether the reference encoder reproduces the body byte for byte from this form and boundary.
        public var isCanonical: Bool
        /// The code with which the reference encoder refuses this form and boundary, such as `boundary-collision`; `nil` when it encodes it.
        public var refusal: String?
        /// The entries, in order.
        public var fields: [Field]

        /// Creates an encoder input.
        public init(boundary: String, isCanonical: Bool, refusal: String? = nil, fields: [Field]) {
            self.boundary = boundary
            self.isCanonical = isCanonical
            self.refusal = refusal
            self.fields = fields
        }

        /// The form as the reference encoder's model.
        public var form: Form { Form(fields.map(\.formField)) }

        init(node: JSONNode) throws(JSONShapeError) {
            let object = try node.object(allowing: ["boundary", "canonical", "refused_with", "fields"])
            boundary = try object.required("boundary").string()
            isCanonical = try object.required("canonical").bool()
            refusal = try object.optional("refused_with")?.string()
            fields = try object.required("fields").array().map { (item) throws(JSONShapeError) in try Field(node: item) }
        }

        var json: JSONValue {
            var members: [(key: String, value: JSONValue)] = [("boundary", .string(boundary)), ("canonical", .bool(isCanonical))]
            if let refusal { members.append(("refused_with", .string(refusal))) }
            members.append(("fields", .array(fields.map(\.json))))
            return .object(members)
        }
    }
}
