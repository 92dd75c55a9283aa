extension FormData {
    /// One form entry: a name, a value and, for files, a filename and a media type.
    ///
    /// A field is written as a *file part* when it has a filename, a content type or a ``Value/file(path:)``
    /// value; otherwise it is a *text part* with no `Content-Type` header. ``ReferenceEncoder`` documents
    /// which filename and type a file part gets when they are not given.
    public struct Field: Sendable, Hashable {
        /// The field name, written as the `name` parameter after WHATWG escaping.
        public var name: String
        /// The field's content.
        public var value: Value
        /// The filename, written as the `filename` parameter after WHATWG escaping; `nil` for none.
        public var filename: String?
        /// The media type written as the part's `Content-Type`; `nil` lets the encoder choose.
        public var contentType: String?

        /// Creates a field.
        /// - Parameters:
        ///   - name: The field name.
        ///   - value: The content.
        ///   - filename: The filename, or `nil`.
        ///   - contentType: The media type, or `nil` to let the encoder choose.
        public init(name: String, value: Value, filename: String? = nil, contentType: String? = nil) {
            self.name = name
            self.value = value
            self.filename = filename
            self.contentType = contentType
        }

        /// Whether the field is written as a file part: it has a filename, a content type or a file value.
        public var isFile: Bool {
            filename != nil || contentType != nil || value.filePath != nil
        }
    }
}
