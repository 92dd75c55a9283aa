/// Bytes at the end of a chunk that may begin a delimiter, held back until the next chunk decides.
///
/// The held bytes are always an optional CR followed by a prefix of `LF "--" boundary`, so they are
/// kept as that prefix's length rather than copied: ``ValidationEngine/Framing/delimiterLine`` holds the bytes.
///
/// The flags come last so that the value packs into as few bytes as it can: it is part of the
/// engine's phase, which is copied for every run of bytes.
struct DelimiterCarry {
    /// The stream offset of the first held byte (for a virtual carry, of the LF it stands for).
    var start: Int
    /// How many bytes of `LF "--" boundary` follow the CR (0 for a lone CR).
    var matched: Int
    /// Whether the held bytes start with CR.
    var carriageReturn: Bool
    /// Whether the LF is not in the input but stands for the start of the body or of a part's
    /// content, where a delimiter may begin without a line break (its position was already passed).
    var virtual: Bool

    /// Holds `matched` bytes of `LF "--" boundary` from `start`, after a CR when `carriageReturn`;
    /// the default holds nothing.
    init(carriageReturn: Bool = false, matched: Int = 0, virtual: Bool = false, start: Int = 0) {
        self.start = start
        self.matched = matched
        self.carriageReturn = carriageReturn
        self.virtual = virtual
    }

    /// Whether nothing is held.
    var isEmpty: Bool { !carriageReturn && matched == 0 }

    /// A virtual LF at `offset`: a delimiter may start right after it.
    static func virtualLineFeed(at offset: Int) -> DelimiterCarry {
        DelimiterCarry(carriageReturn: false, matched: 1, virtual: true, start: offset)
    }

    /// The range of ``ValidationEngine/Framing/delimiterLine`` (`CR LF "--" boundary "-"`) holding the bytes
    /// that were really in the input, plus `extra` bytes matched after them.
    func range(extra: Int = 0) -> Range<Int> {
        (virtual ? 2 : (carriageReturn ? 0 : 1))..<(1 + matched + extra)
    }

    /// The stream offset of the first byte in ``range(extra:)``.
    var inputStart: Int { virtual ? start + 1 : start }
}
