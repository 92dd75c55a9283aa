/// The WHATWG HTML multipart/form-data escaping of names and filenames, and its newline normalisation.
///
/// <https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#multipart-form-data>:
/// after encoding, 0x0A becomes `%0A`, 0x0D becomes `%0D` and 0x22 becomes `%22`; nothing else is
/// escaped (`%` and `\` stay literal, NUL passes through). Before that, browsers turn every lone CR
/// or LF in a name or text value into CRLF; filenames are never normalised.
enum ParameterEscaping {
    private static let percent22 = Array("%22".utf8)
    private static let percent0D = Array("%0D".utf8)
    private static let percent0A = Array("%0A".utf8)

    /// Replaces `"`, CR and LF with `%22`, `%0D` and `%0A`, leaving every other byte alone.
    static func escaped(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.contains(where: { $0 == ByteClass.quote || $0 == ByteClass.cr || $0 == ByteClass.lf }) else {
            return bytes
        }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 8)
        for byte in bytes {
            switch byte {
            case ByteClass.quote: out += percent22
            case ByteClass.cr: out += percent0D
            case ByteClass.lf: out += percent0A
            default: out.append(byte)
            }
        }
        return out
    }

    /// Turns every lone CR and every lone LF into CRLF, keeping existing CRLF pairs (`a\n\rb` → `a\r\n\r\nb`).
    static func normalizingNewlines(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.contains(where: { $0 == ByteClass.cr || $0 == ByteClass.lf }) else { return bytes }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 8)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == ByteClass.cr {
                out += [ByteClass.cr, ByteClass.lf]
                if index + 1 < bytes.count && bytes[index + 1] == ByteClass.lf { index += 1 }
            } else if byte == ByteClass.lf {
                out += [ByteClass.cr, ByteClass.lf]
            } else {
                out.append(byte)
            }
            index += 1
        }
        return out
    }
}
