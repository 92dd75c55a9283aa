extension ReferenceEncoder {
    /// Choices that change the encoder's bytes.
    public struct Options: Sendable, Hashable {
        /// Whether lone CR and LF in names and text values become CRLF, as browsers do (filenames never change).
        public var normalizesNewlines: Bool

        /// Creates options; by default values are written exactly as given.
        /// - Parameter normalizesNewlines: Turn lone CR and LF in names and text values into CRLF, as browsers do.
        public init(normalizesNewlines: Bool = false) {
            self.normalizesNewlines = normalizesNewlines
        }
    }
}
