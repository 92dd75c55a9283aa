extension ValidationEngine {
    /// Where delimiters are looked for: before the first one, in a part's content, after the close delimiter.
    enum Region { case preamble, body, epilogue }

    /// The engine's phases. Each case carries exactly the data that is valid in it, so no phase can
    /// read another's leftovers; ``step(_:_:)`` dispatches on it for every run of bytes. Every
    /// payload is plain data (no references), so reading and replacing a phase costs no reference
    /// counting.
    ///
    /// A body's life: ``inferring`` (no boundary given) or straight to
    /// ``scanning(_:carry:)`` in the preamble; a line starting with `--boundary` moves to
    /// ``delimiterLine(_:_:)``, which confirms a delimiter (or hands the bytes back as content) and at
    /// the line's end moves to ``headers(_:)``; the blank line after the headers moves to scanning the
    /// part's content (``Region/body``); the close delimiter's line ends in scanning the epilogue.
    /// ``skipLine(_:)`` passes over the rest of a malformed delimiter line, ``unframed`` over a
    /// body no boundary frames.
    enum Phase {
        /// No boundary is known yet: the first line (at most 200 bytes, kept by the engine's head
        /// window like every first byte) is read to take it from.
        case inferring
        /// No boundary could be known: the bytes are only counted.
        case unframed
        /// Looking for the next delimiter in a region. `carry` holds the bytes at the end of the last
        /// chunk that may begin one (empty, or an optional CR and a prefix of `LF "--" boundary`).
        case scanning(Region, carry: DelimiterCarry)
        /// Reading what follows `--boundary` on a line, to tell a delimiter line from content: the
        /// `--boundary` that began it, and how far the line has been read.
        case delimiterLine(PendingDelimiter, DelimiterLineState)
        /// Passing over the rest of a malformed delimiter line, up to its LF, and what the line
        /// opens once it ends.
        case skipLine(AfterDelimiterLine)
        /// Reading a part's header lines, up to the blank line (or a delimiter line), and how far
        /// the section has been read.
        case headers(HeaderReading)
    }

    /// What has been read after `--boundary`, and whether the delimiter it began (the phase's
    /// ``PendingDelimiter``) is still being classified: it is confirmed (ending the part before it) or
    /// found to be content.
    enum DelimiterLineState {
        /// Right after the boundary, the candidate pending: the next byte decides.
        case afterBoundary
        /// After one `-`, the candidate pending: a second makes it the close delimiter; a boundary
        /// character makes it content.
        case singleDash
        /// After the close delimiter's `--`.
        case afterClose
        /// In whitespace after the boundary (transport padding); the delimiter is confirmed.
        case padding(close: Bool)
        /// After a CR, which an LF must follow; `pending` when the CR came right after the boundary
        /// (the candidate is confirmed by the next byte, whatever it is).
        case carriageReturn(close: Bool, pending: Bool)
    }

    /// How far a part's header section has been read (``Phase/headers(_:)``). The line being read
    /// is in ``ValidationEngine/PartReader/headerLine`` and the field it belongs to in
    /// ``ValidationEngine/PartReader/field``: buffers reused from part to part, which a phase cannot hold
    /// without counting references every time it is read.
    struct HeaderReading {
        /// The stream offset of the current line's first byte.
        var lineStart: Int
        /// The header lines read so far (not the blank line).
        var lineCount = 0
        /// The section's bytes read so far, line breaks counted.
        var sectionBytes = 0
        /// Whether the last byte read on the current line is CR.
        var lineEndsWithCR = false
        /// Whether the section passed a limit: the rest of its lines are counted, not read.
        var skipping = false
    }

    /// What a delimiter line opens once its line break is read: the epilogue after the close
    /// delimiter, or the next part.
    enum AfterDelimiterLine {
        case epilogue
        /// The part whose delimiter's `--` is at `dashOffset`, on line `line`.
        case part(dashOffset: Int, line: Int)
    }

    /// A matched `--boundary` whose line is being classified.
    ///
    /// It keeps only what the match was and where its line began; every place it reports is derived
    /// from those. The phase that holds it is read for every run of bytes, and a byte-at-a-time
    /// reader copies it for every byte: a payload larger than the scanning phase's would make every
    /// phase larger, and every byte of such a reader slower.
    struct PendingDelimiter {
        /// Line feeds before ``contentEnd`` and the offset its line starts at: where the carried
        /// bytes are, should they turn out to be content.
        var contentEndLineFeeds: Int
        var contentEndLineStart: Int
        /// Where the matched bytes are in ``ValidationEngine/Framing/delimiterLine`` (`CR LF "--" boundary`,
        /// the whole of it matched): they are content again if the line turns out not to be a
        /// delimiter.
        var carried: DelimiterCarry
        var region: Region
        /// Whether a single `-` after the boundary was read as part of the line.
        var dash = false

        /// The stream offset of the LF (for a virtual match, of the LF it stands for).
        var lineFeedOffset: Int { carried.carriageReturn ? carried.start + 1 : carried.start }
        /// The stream offset of the line's `--`.
        var dashOffset: Int { carried.virtual ? carried.start + 1 : lineFeedOffset + 1 }
        /// The line of the line's `--`: after the LF, unless that LF was not in the input.
        var dashLine: Int { carried.virtual ? contentEndLineFeeds + 1 : contentEndLineFeeds + 2 }
        /// Offset and location of the LF when no CR preceded it.
        var bareLF: (offset: Int, line: Int, column: Int)? {
            guard !carried.virtual && !carried.carriageReturn else { return nil }
            return (lineFeedOffset, contentEndLineFeeds + 1, lineFeedOffset - contentEndLineStart + 1)
        }
        /// The part's content ends here if this turns out to be a delimiter.
        var contentEnd: Int {
            guard carried.virtual else { return carried.start }
            return region == .preamble ? 0 : dashOffset
        }
        /// The part had no body section (the header terminator is the delimiter's CRLF).
        var bodyAbsent: Bool { carried.virtual && region == .body }

        /// What the line opens once it ends, when it is a delimiter line (`close` for the close delimiter's).
        func opening(close: Bool) -> AfterDelimiterLine {
            close ? .epilogue : .part(dashOffset: dashOffset, line: dashLine)
        }
    }
}
