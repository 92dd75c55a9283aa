extension ReferenceEncoder {
    /// Why the encoder could not prepare, stream or write a body, and which field caused it.
    public struct Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
        /// What went wrong; an open set of codes so that new ones do not break callers.
        public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
            /// The code's stable text, such as `boundary-collision`.
            public var rawValue: String

            /// Creates a code from its stable text.
            public init(rawValue: String) {
                self.rawValue = rawValue
            }

            /// The caller's boundary is not 1–70 RFC 2046 `bchars` or ends in a space.
            public static let invalidBoundary = Code(rawValue: "invalid-boundary")
            /// A value or part header contains `--` followed by the boundary.
            public static let boundaryCollision = Code(rawValue: "boundary-collision")
            /// A file could not be sized, opened or read, or is not a regular file.
            public static let fileUnreadable = Code(rawValue: "file-unreadable")
            /// A file's size changed between preparing the body and streaming it.
            public static let fileChanged = Code(rawValue: "file-changed")
            /// A field name holds a NUL byte or ends with an odd number of backslashes.
            public static let unrepresentableName = Code(rawValue: "unrepresentable-name")
            /// A filename holds a NUL byte or ends with an odd number of backslashes.
            public static let unrepresentableFilename = Code(rawValue: "unrepresentable-filename")
            /// A field's content type is not a printable-ASCII `type/subtype` with parameters, or is multipart.
            public static let invalidContentType = Code(rawValue: "invalid-content-type")
            /// A part's header would pass the strict validator's default limits: a line over 8,192 bytes or a section over 16,384.
            public static let headerTooLong = Code(rawValue: "header-too-long")
            /// The body could not be written to its destination file or descriptor.
            public static let writeFailed = Code(rawValue: "write-failed")

            /// Every code this version of the encoder throws, in the order declared above, so a tool
            /// can list or explain each (`multipart-check explain CODE`).
            public static let all: [Code] = [
                .invalidBoundary, .boundaryCollision, .fileUnreadable, .fileChanged, .unrepresentableName,
                .unrepresentableFilename, .invalidContentType, .headerTooLong, .writeFailed,
            ]

            /// The stable text.
            public var description: String { rawValue }
        }

        /// What went wrong.
        public var code: Code
        /// The zero-based index of the field in the form, or `nil` when the error is not about one field.
        public var fieldIndex: Int?
        /// A compiler-style explanation: lower-case start, offending bytes quoted and escaped.
        public var message: String

        /// Creates an error.
        package init(_ code: Code, fieldIndex: Int? = nil, _ message: String) {
            self.code = code
            self.fieldIndex = fieldIndex
            self.message = message
        }

        /// `code: field N: message`, or `code: message` when no field is involved.
        public var description: String {
            if let fieldIndex { return "\(code): field \(fieldIndex): \(message)" }
            return "\(code): \(message)"
        }
    }
}
