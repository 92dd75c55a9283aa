/// The WHATWG parameter escaping and newline normalisation, as the comparison accepts them.
enum ParameterForms {
    /// `"` → `%22`, CR → `%0D`, LF → `%0A`; nothing else changes.
    static func escaped(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "\""): out += Array("%22".utf8)
            case UInt8(ascii: "\r"): out += Array("%0D".utf8)
            case UInt8(ascii: "\n"): out += Array("%0A".utf8)
            default: out.append(byte)
            }
        }
        return out
    }

    /// `%22` → `"`, `%0D` → CR, `%0A` → LF (either case of hex digit); nothing else changes.
    static func unescaped(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count {
                let code = String(decoding: bytes[(index + 1)...(index + 2)], as: UTF8.self).uppercased()
                let replacement: UInt8? =
                    switch code {
                    case "22": UInt8(ascii: "\"")
                    case "0D": UInt8(ascii: "\r")
                    case "0A": UInt8(ascii: "\n")
                    default: nil
                    }
                if let replacement {
                    out.append(replacement)
                    index += 3
                    continue
                }
            }
            out.append(bytes[index])
            index += 1
        }
        return out
    }

    /// What an RFC 9110 receiver reads from a quoted-string holding `bytes`: each `\\x` becomes `x`.
    ///
    /// A backslash written literally (as browsers and the canonical encoding write it) is read this way.
    static func removingQuotedPairs(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count { index += 1 }
            out.append(bytes[index])
            index += 1
        }
        return out
    }

    /// The ways a correct encoder may write a name or filename, as the strict validator reads them back.
    ///
    /// The literal text (written literally, or escaped with quoted-pairs, which the validator removes)
    /// and its WHATWG escaping; with `backslashWritten` (the part header holds a backslash), both of
    /// those with quoted-pairs removed too, which is how a backslash written literally reads.
    /// `normalizing` adds the same for the text with its newlines normalised.
    static func acceptedReadings(of literal: [UInt8], normalizing: Bool, backslashWritten: Bool) -> Set<[UInt8]> {
        var texts = [literal]
        if normalizing { texts.append(normalizingNewlines(literal)) }
        var readings: Set<[UInt8]> = []
        for text in texts {
            let escaped = escaped(text)
            readings.formUnion([text, escaped])
            if backslashWritten { readings.formUnion([removingQuotedPairs(text), removingQuotedPairs(escaped)]) }
        }
        return readings
    }

    /// Every lone CR and lone LF becomes CRLF; CRLF pairs stay.
    static func normalizingNewlines(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\r") {
                out += [UInt8(ascii: "\r"), UInt8(ascii: "\n")]
                if index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "\n") { index += 1 }
            } else if byte == UInt8(ascii: "\n") {
                out += [UInt8(ascii: "\r"), UInt8(ascii: "\n")]
            } else {
                out.append(byte)
            }
            index += 1
        }
        return out
    }

    /// Whether two byte strings are equal when `A`–`Z` are folded to `a`–`z` (and nothing else).
    static func equalIgnoringASCIICase(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { lower($0) == lower($1) }
    }

    private static func lower(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 0x20 : byte
    }
}
