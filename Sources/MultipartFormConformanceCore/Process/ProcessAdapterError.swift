/// Why a process adapter got no answer from its command (an encoded form, or decoded parts): what happened to the child, in one sentence.
public struct ProcessAdapterError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What happened; an open set of stable codes.
    public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        /// The stable text, such as `timed-out`.
        public var rawValue: String

        /// Creates a code from its stable text.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The command could not be started (not found, not executable).
        public static let launchFailed = Code(rawValue: "launch-failed")
        /// The command did not answer in time and was killed.
        public static let timedOut = Code(rawValue: "timed-out")
        /// A signal ended the command (a crash, an abort).
        public static let crashed = Code(rawValue: "crashed")
        /// The command exited with a non-zero status.
        public static let failed = Code(rawValue: "failed")
        /// The command's output is not a version 1 response.
        public static let malformedResponse = Code(rawValue: "malformed-response")
        /// The command wrote more output than allowed.
        public static let outputTooLarge = Code(rawValue: "output-too-large")
        /// The command answered `{"error": ...}`: an encoder refused the form, or a decoder rejected the body.
        public static let refused = Code(rawValue: "refused")
        /// A request the process side cannot read: another contract version, or not a request's JSON.
        public static let unreadableRequest = Code(rawValue: "unreadable-request")
        /// The form holds something the JSON contract cannot carry.
        public static let unsupportedForm = Code(rawValue: "unsupported-form")
        /// The form was never sent: the run stopped first (its overall deadline passed, or its
        /// first forms all failed the same way).
        public static let notRun = Code(rawValue: "not-run")

        /// The stable text.
        public var description: String { rawValue }
    }

    /// What happened.
    public var code: Code
    /// A compiler-style sentence saying what happened.
    public var message: String

    /// Creates an error.
    package init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// `code: message`.
    public var description: String { "\(code): \(message)" }
}
