/// A streaming check of a part's content against the transfer encoding the part declares,
/// `base64` (RFC 2045 §6.8) or `quoted-printable` (RFC 2045 §6.7), fed in runs of any size.
///
/// It keeps the first fault (content a decoder cannot read as the sender meant it) and the first
/// departure from the encoding's form that decoders still read (a line past 76 characters, a
/// lower-case hexadecimal digit), each with its stream offset; the engine reports each once a part.
/// What it remembers between runs is a few integers, so any chunking gives the same findings.
///
/// RFC 2045 §6.8, base64: "The encoded output stream must be represented in lines of no more than
/// 76 characters each. All line breaks or other characters not found in Table 1 must be ignored by
/// decoding software." "A full encoding quantum is always completed at the end of a body." The
/// stance: a byte outside the alphabet other than a line break is a fault, because a decoder drops
/// it (the bytes the sender meant, if it meant any, are lost) and no encoder writes it; so is `=`
/// anywhere but as the one or two bytes that complete the last group, and a last group left short.
///
/// RFC 2045 §6.7, quoted-printable: bytes other than printable ASCII, space and tab "MUST" be
/// written as `=XX` with upper-case hexadecimal digits; an encoded line ends in CRLF, may end in a
/// soft line break `=` CRLF, must not end in whitespace (decoders delete it), and is at most 76
/// characters long. The stance: an `=` not followed by two hexadecimal digits or a line break, an
/// unencoded control or 8-bit byte, a CR or LF outside a CRLF, and whitespace at the end of a line
/// are faults; long lines and lower-case digits, which decoders read, are departures of form.
struct TransferContentCheck {
    /// The encodings checked.
    enum Encoding {
        case base64
        case quotedPrintable

        /// The encoding a Content-Transfer-Encoding value names, if it is one that is checked.
        init?(mechanism: ArraySlice<UInt8>) {
            if ByteClass.equalsIgnoringCase(mechanism, Array("base64".utf8)) {
                self = .base64
            } else if ByteClass.equalsIgnoringCase(mechanism, Array("quoted-printable".utf8)) {
                self = .quotedPrintable
            } else {
                return nil
            }
        }
    }

    /// Why the content cannot be decoded as the sender meant it.
    enum Fault: Equatable {
        /// base64: a byte that is neither in the alphabet, nor `=`, nor a line break.
        case notInAlphabet(UInt8)
        /// base64: `=` after a group of fewer than two characters, or after the padding is complete.
        case misplacedPadding(groupLength: Int)
        /// base64: an alphabet character after the padding.
        case dataAfterPadding(UInt8)
        /// base64: the content ends inside a group of this many characters (1 to 3) without padding,
        /// or (with `padded`) with one `=` where two are needed.
        case incompleteGroup(Int, padded: Bool)
        /// quoted-printable: `=` followed by these bytes (empty at the end of the content) instead of
        /// two hexadecimal digits or a line break.
        case badEscape([UInt8])
        /// quoted-printable: a control or 8-bit byte written as it is.
        case unencoded(UInt8)
        /// quoted-printable: a CR or LF that is not part of a CRLF.
        case loneLineBreak(UInt8)
        /// quoted-printable: spaces or tabs at the end of a line, which decoders delete.
        case trailingWhitespace
    }

    /// A departure from the encoding's form that decoders still read.
    enum Departure: Equatable {
        /// A line longer than 76 characters; the offset is its 77th.
        case longLine
        /// quoted-printable: a lower-case hexadecimal digit in an `=XX` escape.
        case lowercaseHex(UInt8)
    }

    /// The longest encoded line both encodings allow, line break not counted.
    static let maxLineLength = 76

    let encoding: Encoding
    /// The first fault and its stream offset.
    private(set) var fault: (offset: Int, fault: Fault)?
    /// The first departure of form and its stream offset.
    private(set) var departure: (offset: Int, departure: Departure)?

    /// Characters on the current line so far.
    private var column = 0
    /// base64: characters of the current group of four.
    private var group = 0
    /// base64: `=` bytes read; the padding is complete when `group + padding == 4`.
    private var padding = 0
    /// quoted-printable: bytes of an escape read, 1 after `=`, 2 after `=` and a digit; 0 outside one.
    private var escape = 0
    /// quoted-printable: where the pending escape's `=` is, and its first digit.
    private var escapeOffset = 0
    private var escapeDigit: UInt8 = 0
    /// quoted-printable: where the whitespace that ends the line so far starts, or -1.
    private var whitespaceStart = -1
    /// quoted-printable: where a CR that an LF must follow is, or -1.
    private var carriageReturn = -1

    /// A check of content in `encoding`, from its first byte.
    init(_ encoding: Encoding) {
        self.encoding = encoding
    }

    /// Whether both a fault and a departure were found, so further bytes cannot change the findings.
    var isDone: Bool { fault != nil && departure != nil }

    /// Reads `bytes[range]`, the content's next bytes, the first at stream offset `offset`.
    mutating func feed(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>, offset: Int) {
        var index = range.lowerBound
        while index < range.upperBound && !isDone {
            let at = offset &+ (index &- range.lowerBound)
            switch encoding {
            case .base64: base64(bytes[index], at: at)
            case .quotedPrintable: quotedPrintable(bytes[index], at: at)
            }
            index &+= 1
        }
    }

    /// Ends the content at stream offset `end`.
    mutating func finish(at end: Int) {
        switch encoding {
        case .base64:
            if padding > 0 && group &+ padding < 4 {
                noteFault(.incompleteGroup(group, padded: true), at: end)
            } else if padding == 0 && group != 0 {
                noteFault(.incompleteGroup(group, padded: false), at: end)
            }
        case .quotedPrintable:
            if escape != 0 {
                noteFault(.badEscape([]), at: escapeOffset)
            } else if carriageReturn >= 0 {
                noteFault(.loneLineBreak(ByteClass.cr), at: carriageReturn)
            } else if whitespaceStart >= 0 {
                noteFault(.trailingWhitespace, at: whitespaceStart)
            }
        }
    }

    private mutating func noteFault(_ found: Fault, at offset: Int) {
        if fault == nil { fault = (offset, found) }
    }

    private mutating func noteDeparture(_ found: Departure, at offset: Int) {
        if departure == nil { departure = (offset, found) }
    }

    /// Counts a character on the current line.
    private mutating func character(at offset: Int) {
        column &+= 1
        if column == Self.maxLineLength &+ 1 { noteDeparture(.longLine, at: offset) }
    }

    private static func isBase64(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "+") || byte == ByteClass.slash
    }

    private mutating func base64(_ byte: UInt8, at offset: Int) {
        if byte == ByteClass.cr || byte == ByteClass.lf {
            // Line breaks carry no data; a decoder skips them wherever they are.
            column = 0
            return
        }
        character(at: offset)
        if byte == ByteClass.equals {
            if padding == 0 && group >= 2 {
                padding = 1
            } else if padding > 0 && group &+ padding < 4 {
                padding &+= 1
            } else {
                noteFault(.misplacedPadding(groupLength: padding > 0 ? 4 : group), at: offset)
            }
        } else if Self.isBase64(byte) {
            if padding > 0 {
                noteFault(.dataAfterPadding(byte), at: offset)
            } else {
                group = (group &+ 1) & 3
            }
        } else {
            noteFault(.notInAlphabet(byte), at: offset)
        }
    }

    private mutating func quotedPrintable(_ byte: UInt8, at offset: Int) {
        if carriageReturn >= 0 {
            let cr = carriageReturn
            carriageReturn = -1
            if byte == ByteClass.lf {
                column = 0
                return
            }
            noteFault(.loneLineBreak(ByteClass.cr), at: cr)
            column = 0
        }
        if escape == 1 {
            if ByteClass.isHexDigit(byte) {
                escape = 2
                escapeDigit = byte
                hexDigit(byte, at: offset)
                return
            }
            escape = 0
            if byte == ByteClass.cr {
                // A soft line break: `=` CRLF.
                carriageReturn = offset
                return
            }
            noteFault(.badEscape([byte]), at: escapeOffset)
        } else if escape == 2 {
            escape = 0
            if ByteClass.isHexDigit(byte) {
                hexDigit(byte, at: offset)
                return
            }
            noteFault(.badEscape([escapeDigit, byte]), at: escapeOffset)
        }
        switch byte {
        case ByteClass.equals:
            escape = 1
            escapeOffset = offset
            whitespaceStart = -1
            character(at: offset)
        case ByteClass.cr:
            if whitespaceStart >= 0 { noteFault(.trailingWhitespace, at: whitespaceStart) }
            whitespaceStart = -1
            carriageReturn = offset
        case ByteClass.lf:
            if whitespaceStart >= 0 { noteFault(.trailingWhitespace, at: whitespaceStart) }
            whitespaceStart = -1
            noteFault(.loneLineBreak(byte), at: offset)
            column = 0
        case ByteClass.space, ByteClass.tab:
            if whitespaceStart < 0 { whitespaceStart = offset }
            character(at: offset)
        case 33...126:
            whitespaceStart = -1
            character(at: offset)
        default:
            whitespaceStart = -1
            noteFault(.unencoded(byte), at: offset)
            character(at: offset)
        }
    }

    /// A hexadecimal digit of an escape.
    private mutating func hexDigit(_ byte: UInt8, at offset: Int) {
        character(at: offset)
        if byte >= UInt8(ascii: "a") { noteDeparture(.lowercaseHex(byte), at: offset) }
    }
}

extension TransferContentCheck.Encoding {
    /// The mechanism's name as Content-Transfer-Encoding writes it.
    var name: String {
        switch self {
        case .base64: return "base64"
        case .quotedPrintable: return "quoted-printable"
        }
    }
}

extension TransferContentCheck.Fault {
    /// The finding's message.
    var wording: String {
        switch self {
        case .notInAlphabet(let byte):
            return "'\(escapedForMessage([byte]))' is not a base64 character; decoders drop it"
        case .misplacedPadding(let groupLength):
            return groupLength == 4
                ? "'=' after the base64 padding is complete"
                : "'=' after \(groupLength) character\(groupLength == 1 ? "" : "s") of a base64 group; padding may only complete a group of two or three"
        case .dataAfterPadding(let byte):
            return "base64 data '\(escapedForMessage([byte]))' after the padding '='"
        case .incompleteGroup(let length, let padded):
            return padded
                ? "the base64 content ends with one '=' where the group of \(length) characters needs two"
                : "the base64 content ends with a group of \(length) character\(length == 1 ? "" : "s"); groups have four, the last one padded with '='"
        case .badEscape(let following):
            return following.isEmpty
                ? "'=' at the end of quoted-printable content, with no two hexadecimal digits after it"
                : "'=' followed by '\(escapedForMessage(following))' in quoted-printable content; it must be followed by two hexadecimal digits or a line break"
        case .unencoded(let byte):
            return "'\(escapedForMessage([byte]))' written as it is in quoted-printable content; it must be encoded as '=\(hexDigits(byte))'"
        case .loneLineBreak(let byte):
            return "'\(escapedForMessage([byte]))' outside a '\\r\\n' in quoted-printable content; encode it as '=\(hexDigits(byte))'"
        case .trailingWhitespace:
            return "whitespace at the end of a quoted-printable line, which decoders delete; encode it ('=20', '=09')"
        }
    }

    private func hexDigits(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
    }
}
