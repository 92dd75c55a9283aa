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
