import MultipartForm

extension VectorSidecar {
    /// The form that produces a vector's body, so the same vector certifies encoders as well as validators.
    ///
    /// In JSON: `{"boundary": "AaB03x", "canonical": true, "fields": [...]}`. Each field is
    /// `{"name": "...", "value": "..."}` for text (`value_base64` for bytes that are not UTF-8), plus
    /// `"filename"` for a file entry and an optional `"content_type"`. `canonical` says that the
    /// reference encoder, given this form and boundary, writes the vector's body byte for byte;
    /// `refused_with`, present only then, names the `ReferenceEncoder.Error.Code` with which it refuses the
    /// form instead (the body is then what an encoder that does not check writes).
    public struct EncoderInput: Sendable, Hashable {
        /// The boundary the vector's body uses, for encoders that accept a given boundary.
        public var boundary: String
        /// Whether the reference encoder reproduces the body byte for byte from this form and boundary.
        public var isCanonical: Bool
        /// The code with which the reference encoder refuses this form and boundary, such as `boundary-collision`; `nil` when it encodes it.
        public var refusal: String?
        /// The entries, in order: the same fields the reference encoder and every adapter take.
        ///
        /// A sidecar holds text and bytes only; a `FormData.Value.file(path:)` value cannot be written to one.
        public var fields: [FormData.Field]

        /// Creates an encoder input.
        /// - Parameters:
        ///   - boundary: The boundary the vector's body uses.
        ///   - isCanonical: Whether the reference encoder writes the body byte for byte.
        ///   - refusal: The reference encoder's error code when it refuses the form.
        ///   - fields: The form's fields, in order.
        public init(boundary: String, isCanonical: Bool, refusal: String? = nil, fields: [FormData.Field]) {
            self.boundary = boundary
            self.isCanonical = isCanonical
            self.refusal = refusal
            self.fields = fields
        }

        /// The form the vector's body encodes.
        public var form: FormData { FormData(fields) }

        init(node: JSONNode) throws(JSONShapeError) {
            let object = try node.object(allowing: ["boundary", "canonical", "refused_with", "fields"])
            boundary = try object.required("boundary").string()
            isCanonical = try object.required("canonical").bool()
            refusal = try object.optional("refused_with")?.string()
            fields = try object.required("fields").array().map { (item) throws(JSONShapeError) in try Self.field(node: item) }
        }

        var json: JSONValue {
            var members: [(key: String, value: JSONValue)] = [("boundary", .string(boundary)), ("canonical", .bool(isCanonical))]
            if let refusal { members.append(("refused_with", .string(refusal))) }
            members.append(("fields", .array(fields.map(Self.json(field:)))))
            return .object(members)
        }

        /// Reads one field as sidecars and encoder requests spell it.
        package static func field(node: JSONNode) throws(JSONShapeError) -> FormData.Field {
            let object = try node.object(allowing: ["name", "value", "value_base64", "filename", "content_type"])
            let value: FormData.Value
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
            return FormData.Field(
                name: try object.required("name").string(),
                value: value,
                filename: try object.optional("filename")?.string(),
                contentType: try object.optional("content_type")?.string()
            )
        }

        /// A field as sidecar JSON. A file value has no inline form, so it is written as
        /// `"value_file"` with its path, which the reader refuses as an unknown key: such a sidecar
        /// was built by code, never recorded from a body, and is not silently emptied.
        private static func json(field: FormData.Field) -> JSONValue {
            var members: [(key: String, value: JSONValue)] = [("name", .string(field.name))]
            if let text = field.value.text {
                members.append(("value", .string(text)))
            } else if let bytes = field.value.bytes {
                members.append(("value_base64", .string(Base64.encode(bytes))))
            } else if let path = field.value.filePath {
                members.append(("value_file", .string(path)))
            }
            if let filename = field.filename { members.append(("filename", .string(filename))) }
            if let contentType = field.contentType { members.append(("content_type", .string(contentType))) }
            return .object(members)
        }
    }
}
