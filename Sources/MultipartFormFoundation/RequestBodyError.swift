import Foundation

/// Why a request's multipart body could not be validated: no Content-Type, no body, or a body that cannot be read.
public struct RequestBodyError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, as an open set of codes.
    public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        /// The stable text, such as `no-body`.
        public var rawValue: String
        /// Creates a code from its stable text.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The stable text.
        public var description: String { rawValue }

        /// The request has no `Content-Type` header, so a server cannot find the boundary.
        public static let noContentType = Code(rawValue: "no-content-type")
        /// The request has no `httpBody` or `httpBodyStream`, and no body file was given.
        public static let noBody = Code(rawValue: "no-body")
        /// The body stream reported an error before its end.
        public static let unreadableStream = Code(rawValue: "unreadable-stream")
        /// The body file could not be read.
        public static let unreadableFile = Code(rawValue: "unreadable-file")
    }

    /// What went wrong.
    public var code: Code
    /// One sentence on what went wrong, lower case.
    public var message: String

    /// Creates an error.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// `CODE: MESSAGE`.
    public var description: String { "\(code): \(message)" }
}
