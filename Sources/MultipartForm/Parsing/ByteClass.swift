/// Named byte constants and the character classes of RFC 2045, RFC 2046 and RFC 9110.
enum ByteClass {
    static let contentDisposition = Array("content-disposition".utf8)
    static let formData = Array("form-data".utf8)
    static let multipart = Array("multipart".utf8)
    static let text = Array("text".utf8)
    static let nameParameter = Array("name".utf8)
    static let filenameParameter = Array("filename".utf8)
    static let filenameStar = Array("filename*".utf8)
    static let boundaryParameter = Array("boundary".utf8)
    static let charsetParameter = Array("charset".utf8)

    static let cr = UInt8(ascii: "\r")
    static let lf = UInt8(ascii: "\n")
    static let space = UInt8(ascii: " ")
    static let tab = UInt8(ascii: "\t")
    static let dash = UInt8(ascii: "-")
    static let colon = UInt8(ascii: ":")
    static let semicolon = UInt8(ascii: ";")
    static let equals = UInt8(ascii: "=")
    static let quote = UInt8(ascii: "\"")
    static let apostrophe = UInt8(ascii: "'")
    static let backslash = UInt8(ascii: "\\")
    static let slash = UInt8(ascii: "/")
    static let percent = UInt8(ascii: "%")
    static let asterisk = UInt8(ascii: "*")
    static let questionMark = UInt8(ascii: "?")
    static let dot = UInt8(ascii: ".")
    static let nul: UInt8 = 0
    static let delete: UInt8 = 0x7F

    /// RFC 2045 token character: any US-ASCII CHAR except SPACE, CTLs and the tspecials `()<>@,;:\"/[]?=`.
    ///
    /// A bit per ASCII byte in two words, so the check is a shift and no table lookup (a test holds
    /// the masks to the definition).
    @inline(__always)
    static func isTokenChar(_ byte: UInt8) -> Bool {
        inMask(byte, low: 0x03FF_6CFA_0000_0000, high: 0x7FFF_FFFF_C7FF_FFFE)
    }

    /// RFC 2046 `bcharsnospace`: digits, letters and `'()+_,-./:=?` (bit masks, as for ``isTokenChar(_:)``).
    @inline(__always)
    static func isBoundaryCharNoSpace(_ byte: UInt8) -> Bool {
        inMask(byte, low: 0xA7FF_FB80_0000_0000, high: 0x07FF_FFFE_87FF_FFFE)
    }

    /// Whether an ASCII byte's bit is set in `low` (bytes 0–63) or `high` (64–127); bytes from 0x80 are not.
    @inline(__always)
    private static func inMask(_ byte: UInt8, low: UInt64, high: UInt64) -> Bool {
        guard byte < 0x80 else { return false }
        let word = byte < 0x40 ? low : high
        return word & (1 &<< UInt64(byte & 0x3F)) != 0
    }

    /// RFC 2046 `bchars`: `bcharsnospace` plus space.
    static func isBoundaryChar(_ byte: UInt8) -> Bool { byte == space || isBoundaryCharNoSpace(byte) }

    /// Whether all eight bytes of `word` are printable ASCII (0x20–0x7E).
    ///
    /// A byte below 0x20 sets its high bit in `word - 0x20…`, a byte of 0x7F in `word + 0x01…`, and
    /// a byte from 0x80 already has it. Borrows and carries can only flag bytes above a flagged one,
    /// so a clean result is exact (a flagged word is then looked at byte by byte).
    @inline(__always)
    static func allPrintable(_ word: UInt64) -> Bool {
        ((word &- 0x2020_2020_2020_2020) | (word &+ 0x0101_0101_0101_0101) | word) & 0x8080_8080_8080_8080 == 0
    }

    /// Linear whitespace inside a line: space or horizontal tab.
    static func isWhitespace(_ byte: UInt8) -> Bool { byte == space || byte == tab }
    /// Whether the byte is an ASCII upper-case letter.
    static func isUpperCase(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") }

    /// A control character other than HTAB, CR, LF and NUL (which have rules of their own).
    static func isOtherControl(_ byte: UInt8) -> Bool {
        (byte < 0x20 && byte != tab && byte != cr && byte != lf && byte != nul) || byte == delete
    }

    /// ASCII hexadecimal digit.
    static func isHexDigit(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"),
            UInt8(ascii: "A")...UInt8(ascii: "F"):
            return true
        default: return false
        }
    }

    /// Whether all eight bytes of `word` are visible ASCII (0x21–0x7E), the bytes of a header field
    /// name; exact for the same reasons as ``allPrintable(_:)``.
    @inline(__always)
    static func allVisible(_ word: UInt64) -> Bool {
        ((word &- 0x2121_2121_2121_2121) | (word &+ 0x0101_0101_0101_0101) | word) & 0x8080_8080_8080_8080 == 0
    }

    /// Whether the bytes at `bytes` are `text`'s (the caller knows that many are readable): eight
    /// bytes at a time, the last eight overlapping those compared before them, with no call, for the
    /// short literals the readers look for.
    @inline(__always)
    static func matches(_ bytes: UnsafeRawPointer, _ text: StaticString) -> Bool {
        let expected = UnsafeRawPointer(text.utf8Start)
        let count = text.utf8CodeUnitCount
        guard count >= 8 else {
            var index = 0
            while index < count {
                if bytes.load(fromByteOffset: index, as: UInt8.self) != expected.load(fromByteOffset: index, as: UInt8.self) { return false }
                index &+= 1
            }
            return true
        }
        var index = 0
        while index &+ 8 < count {
            if bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self) != expected.loadUnaligned(fromByteOffset: index, as: UInt64.self) {
                return false
            }
            index &+= 8
        }
        let last = count &- 8
        return bytes.loadUnaligned(fromByteOffset: last, as: UInt64.self) == expected.loadUnaligned(fromByteOffset: last, as: UInt64.self)
    }

    /// Folds `A`–`Z` to lower case and leaves every other byte alone.
    static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }

    /// Compares bytes to lower-case ASCII bytes, folding only `A`–`Z` in `bytes`.
    ///
    /// - Complexity: O(n), eight bytes at a time.
    static func equalsIgnoringCase(_ bytes: ArraySlice<UInt8>, _ lower: [UInt8]) -> Bool {
        guard bytes.count == lower.count else { return false }
        return bytes.withUnsafeBytes { given in lower.withUnsafeBytes { equalsIgnoringCase(given, $0.baseAddress) } }
    }

    /// Compares `bytes` to as many lower-case ASCII bytes at `lower`, folding only `A`–`Z` in `bytes`.
    ///
    /// - Complexity: O(n), eight bytes at a time.
    static func equalsIgnoringCase(_ bytes: UnsafeRawBufferPointer, _ lower: UnsafeRawPointer?) -> Bool {
        guard let expected = lower, bytes.count > 0 else { return bytes.isEmpty }
        var index = 0
        while index &+ 8 <= bytes.count {
            let word = lowercased(word: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            if word != expected.loadUnaligned(fromByteOffset: index, as: UInt64.self) { return false }
            index &+= 8
        }
        while index < bytes.count {
            if lowercased(bytes[index]) != expected.load(fromByteOffset: index, as: UInt8.self) { return false }
            index &+= 1
        }
        return true
    }

    /// Each byte of `word` folded as ``lowercased(_:)`` folds it: `A`–`Z` gain 0x20, other bytes are unchanged.
    ///
    /// On the low seven bits of each byte, adding 0x3F sets the high bit from `A` (0x41) up and adding
    /// 0x25 sets it past `Z` (0x5A); no sum carries into the next byte. Bytes from 0x80 are excluded.
    @inline(__always)
    static func lowercased(word: UInt64) -> UInt64 {
        let low = word & 0x7F7F_7F7F_7F7F_7F7F
        let upper = (low &+ 0x3F3F_3F3F_3F3F_3F3F) & ~(low &+ 0x2525_2525_2525_2525) & ~word & 0x8080_8080_8080_8080
        return word | (upper >> 2)
    }

    /// Compares bytes to lower-case ASCII bytes, folding only `A`–`Z` in `bytes`.
    static func equalsIgnoringCase(_ bytes: [UInt8], _ lower: [UInt8]) -> Bool {
        equalsIgnoringCase(bytes[...], lower)
    }

    /// The parameter names the validator looks for, lower case.
    private static let knownParameterNames = [nameParameter, filenameParameter, filenameStar, boundaryParameter, charsetParameter]

    /// `bytes` folded to lower case; a known parameter name is returned as its shared constant, so
    /// reading the usual parameters allocates nothing.
    static func lowercasedParameterName(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        for known in knownParameterNames where equalsIgnoringCase(bytes, known) { return known }
        return bytes.map(lowercased)
    }
}

/// Renders bytes for a message: printable ASCII and visible UTF-8 characters (`夕`, `é`) as they are,
/// everything else escaped (`\r`, `\n`, `\x00`, each byte of invalid UTF-8, and characters that would
/// not show or would reorder the line, such as U+202E). `limit` counts bytes; a character is never cut.
func escapedForMessage<C: Collection>(_ bytes: C, limit: Int = 60) -> String where C.Element == UInt8 {
    let bytes = Array(bytes)
    var out = ""
    var index = 0
    while index < bytes.count {
        let byte = bytes[index]
        let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC2 ? 2 : 1
        if index >= limit || (length > 1 && index + length > limit && index + length <= bytes.count) {
            out += "..."
            break
        }
        switch byte {
        case ByteClass.cr: out += "\\r"
        case ByteClass.lf: out += "\\n"
        case ByteClass.tab: out += "\\t"
        case ByteClass.backslash: out += "\\\\"
        case 0x20..<0x7F: out.unicodeScalars.append(Unicode.Scalar(byte))
        default:
            if length > 1, index + length <= bytes.count,
                let text = String(validating: bytes[index..<index + length], as: UTF8.self),
                let scalar = text.unicodeScalars.first, scalar.isVisibleInMessage
            {
                out += text
                index += length
                continue
            }
            let hex = String(byte, radix: 16, uppercase: true)
            out += "\\x" + (hex.count == 1 ? "0" + hex : hex)
        }
        index += 1
    }
    return out
}

extension Unicode.Scalar {
    /// Whether a message may show the character as it is: not a control, format character (bidi
    /// overrides, U+FEFF), separator, combining mark, private-use or unassigned code point.
    fileprivate var isVisibleInMessage: Bool {
        switch properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .spaceSeparator, .unassigned, .privateUse,
            .surrogate, .nonspacingMark, .enclosingMark, .spacingMark:
            return false
        default:
            return true
        }
    }
}
