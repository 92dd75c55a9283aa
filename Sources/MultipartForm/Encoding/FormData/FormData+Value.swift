extension FormData {
    /// The content of a field: text, bytes held in memory, or a file read lazily while streaming.
    ///
    /// An open struct rather than an enum, so that new kinds of value can be added without breaking
    /// code that inspects one; build values with ``text(_:)``, ``bytes(_:)`` and ``file(path:)``.
    public struct Value: Sendable, Hashable {
        enum Storage: Sendable, Hashable {
            case text(String)
            case bytes([UInt8])
            case file(path: String)
        }

        let storage: Storage

        /// Text, written as its UTF-8 bytes (optionally with line breaks normalised to CRLF).
        /// - Parameter text: The text.
        /// - Returns: A text value.
        public static func text(_ text: String) -> Value { Value(storage: .text(text)) }

        /// Bytes, written exactly as given.
        /// - Parameter bytes: The bytes.
        /// - Returns: A bytes value.
        public static func bytes(_ bytes: [UInt8]) -> Value { Value(storage: .bytes(bytes)) }

        /// A file, sized when the body is prepared and read in pieces only while the body streams.
        /// - Parameter path: The file's path.
        /// - Returns: A file value.
        public static func file(path: String) -> Value { Value(storage: .file(path: path)) }

        /// The text, when the value is text.
        public var text: String? {
            if case .text(let text) = storage { return text }
            return nil
        }

        /// The bytes, when the value is bytes held in memory.
        public var bytes: [UInt8]? {
            if case .bytes(let bytes) = storage { return bytes }
            return nil
        }

        /// The file's path, when the value is a file.
        public var filePath: String? {
            if case .file(let path) = storage { return path }
            return nil
        }
    }
}
