/// What the specifications let a receiver do with a valid body that a byte-for-byte comparison would
/// count against it: such a reading passes, and the verdict quotes the sentence that allows it.
enum ReceiverFreedom {
    /// Keeping only a filename's last path component.
    ///
    /// RFC 7578 §4.2: receivers "do not use the file name blindly, check and possibly change to match
    /// local file system conventions if applicable, and do not use directory path information that may
    /// be present"; RFC 2183 §2.3: "The receiving MUA SHOULD NOT respect any directory path information
    /// that may seem to be present in the filename parameter. The filename should be treated as a
    /// terminal component only."
    static let directoryDropped =
        "kept only the filename's last path component, as the specifications tell receivers to: RFC 7578 §4.2 (\"do not use directory path information that may be present\"), RFC 2183 §2.3 (\"The filename should be treated as a terminal component only.\")"

    /// Whether `decoded` is `expected`'s last path component (after the last `/` or `\`), and not `expected` itself.
    static func isTerminalComponent(_ decoded: [UInt8]?, of expected: [UInt8]?) -> Bool {
        guard let decoded, let expected, decoded != expected else { return false }
        let separators: Set<UInt8> = [UInt8(ascii: "/"), UInt8(ascii: "\\")]
        guard let last = expected.lastIndex(where: separators.contains) else { return false }
        return decoded == Array(expected[(last + 1)...])
    }
}
