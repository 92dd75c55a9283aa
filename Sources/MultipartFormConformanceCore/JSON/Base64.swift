/// Standard base64 (RFC 4648 §4) with padding, as the corpus sidecars store bytes that are not UTF-8.
package enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// Encodes bytes as padded base64 text.
    package static func encode(_ bytes: [UInt8]) -> String {
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index + 3 <= bytes.count {
            let value = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
            for shift in [18, 12, 6, 0] { output.append(alphabet[Int(value >> UInt32(shift) & 0x3F)]) }
            index += 3
        }
        let remaining = bytes.count - index
        if remaining > 0 {
            var value = UInt32(bytes[index]) << 16
            if remaining == 2 { value |= UInt32(bytes[index + 1]) << 8 }
            output.append(alphabet[Int(value >> 18 & 0x3F)])
            output.append(alphabet[Int(value >> 12 & 0x3F)])
            output.append(remaining == 2 ? alphabet[Int(value >> 6 & 0x3F)] : UInt8(ascii: "="))
            output.append(UInt8(ascii: "="))
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Decodes padded base64 text, or returns `nil` for anything else (whitespace, a bad length or alphabet, nonzero pad bits).
    package static func decode(_ text: String) -> [UInt8]? {
        decode(Array(text.utf8))
    }

    /// Decodes padded base64 given as its ASCII bytes, or returns `nil` as the text version does.
    package static func decode(_ input: [UInt8]) -> [UInt8]? {
        guard input.count % 4 == 0 else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(input.count / 4 * 3)
        var index = 0
        while index < input.count {
            let isLast = index + 4 == input.count
            let padding = isLast ? input[(index + 2)...].filter { $0 == UInt8(ascii: "=") }.count : 0
            if isLast && padding == 1 && input[index + 3] != UInt8(ascii: "=") { return nil }
            var value: UInt32 = 0
            for offset in 0..<4 {
                let byte = input[index + offset]
                if offset >= 4 - padding {
                    guard byte == UInt8(ascii: "=") else { return nil }
                    value <<= 6
                    continue
                }
                guard let digit = sextet(byte) else { return nil }
                value = value << 6 | UInt32(digit)
            }
            output.append(UInt8(value >> 16 & 0xFF))
            if padding < 2 { output.append(UInt8(value >> 8 & 0xFF)) } else if value & 0xFFFF != 0 { return nil }
            if padding < 1 { output.append(UInt8(value & 0xFF)) } else if value & 0xFF != 0 { return nil }
            index += 4
        }
        return output
    }

    private static func sextet(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): byte - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): byte - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0") + 52
        case UInt8(ascii: "+"): 62
        case UInt8(ascii: "/"): 63
        default: nil
        }
    }
}
