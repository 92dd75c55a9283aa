import MultipartForm

/// Bytes rendered so every one of them is visible: CR, LF, tab, other controls and invalid UTF-8 as escapes.
///
/// Printable ASCII stands for itself, except `\`, which is doubled so `\t` always means a tab byte.
/// Valid UTF-8 stands for itself unless the character is invisible or reorders text (controls,
/// format characters such as U+FEFF and bidi overrides, separators, combining marks), which are shown
/// as `\u{FEFF}`. Each byte that is not valid UTF-8 is `\xHH`.
package enum VisibleBytes {
    /// One rendered unit: the text shown and the bytes (indices into the rendered collection) it stands for.
    struct Cell: Equatable {
        /// What is shown, for example `\r` or `a`.
        var text: String
        /// The indices of the bytes shown by this cell.
        var bytes: Range<Int>
        /// The terminal columns the cell takes: two for an East Asian wide character (``DisplayWidth``).
        var width: Int { DisplayWidth.columns(text) }
    }

    /// Splits bytes into rendered cells, one per byte or per valid UTF-8 sequence.
    static func cells(_ bytes: [UInt8]) -> [Cell] {
        var cells: [Cell] = []
        cells.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x80 {
                cells.append(Cell(text: escapeASCII(byte), bytes: index..<index + 1))
                index += 1
            } else if let (scalar, length) = decodeScalar(bytes, at: index) {
                let text = isInvisible(scalar) ? "\\u{" + hex(scalar.value, digits: 4) + "}" : String(Character(scalar))
                cells.append(Cell(text: text, bytes: index..<index + length))
                index += length
            } else {
                cells.append(Cell(text: "\\x" + hex(UInt32(byte), digits: 2), bytes: index..<index + 1))
                index += 1
            }
        }
        return cells
    }

    /// The bytes rendered visibly as one string.
    static func escape(_ bytes: [UInt8]) -> String {
        cells(bytes).map(\.text).joined()
    }

    /// Text from an input (a path, a request line, a header value) made safe for a terminal.
    ///
    /// Escape sequences, other controls and bidi overrides become visible escapes, so an input
    /// cannot set the terminal's title, colour the output or forge a line of its own.
    package static func escape(_ text: String) -> String {
        let bytes = RawArgument.bytes(of: text)  // a name that is not UTF-8 shows its bytes as \xHH
        // The common case, printable ASCII without a backslash, is shown as it is.
        if bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\\") }) { return text }
        return escape(bytes)
    }

    private static func escapeASCII(_ byte: UInt8) -> String {
        switch byte {
        case UInt8(ascii: "\r"): return "\\r"
        case UInt8(ascii: "\n"): return "\\n"
        case UInt8(ascii: "\t"): return "\\t"
        case UInt8(ascii: "\\"): return "\\\\"
        case 0x20..<0x7F: return String(UnicodeScalar(byte))
        default: return "\\x" + hex(UInt32(byte), digits: 2)
        }
    }

    /// Decodes one well-formed UTF-8 sequence (no overlongs, surrogates or values past U+10FFFF).
    static func decodeScalar(_ bytes: [UInt8], at index: Int) -> (Unicode.Scalar, Int)? {
        let lead = bytes[index]
        let length: Int
        var value: UInt32
        switch lead {
        case 0xC2...0xDF: (length, value) = (2, UInt32(lead & 0x1F))
        case 0xE0...0xEF: (length, value) = (3, UInt32(lead & 0x0F))
        case 0xF0...0xF4: (length, value) = (4, UInt32(lead & 0x07))
        default: return nil
        }
        guard index + length <= bytes.count else { return nil }
        for offset in 1..<length {
            let byte = bytes[index + offset]
            guard byte & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        let minimum: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
        guard value >= minimum, value <= 0x10FFFF, !(0xD800...0xDFFF).contains(value),
            let scalar = Unicode.Scalar(value)
        else { return nil }
        return (scalar, length)
    }

    private static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .spaceSeparator, .unassigned,
            .privateUse, .surrogate, .nonspacingMark, .enclosingMark, .spacingMark:
            return true
        default:
            return false
        }
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
