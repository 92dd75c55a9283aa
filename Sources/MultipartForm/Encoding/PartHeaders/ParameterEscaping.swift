/// The WHATWG HTML multipart/form-data escaping of names and filenames, and its newline normalisation.
///
/// <https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#multipart-form-data>:
/// after encoding, 0x0A becomes `%0A`, 0x0D becomes `%0D` and 0x22 becomes `%22`; nothing else is
/// escaped (`%` and `\` stay literal, NUL passes through). Before that, browsers turn every lone CR
/// or LF in a name or text value into CRLF; filenames are never normalised.
enum ParameterEscaping {

    /// Appends `bytes` to `output` with `"`, CR and LF replaced by `%22`, `%0D` and `%0A`, every other byte left alone.
    static func appendEscaped<Output: HeaderOutput>(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout Output) {
        var run = 0  // the start of the bytes not yet put
        for (index, byte) in bytes.enumerated() where byte == ByteClass.quote || byte == ByteClass.cr || byte == ByteClass.lf {
            output.put(UnsafeBufferPointer(rebasing: bytes[run..<index]))
            switch byte {
            case ByteClass.quote: output.put("%22")
            case ByteClass.cr: output.put("%0D")
            default: output.put("%0A")
            }
            run = index + 1
        }
        output.put(UnsafeBufferPointer(rebasing: bytes[run...]))
    }

    /// Whether `bytes` hold no byte below 0x23: no `"` (0x22), CR, LF or NUL, so escaping leaves them
    /// as they are, normalising does not change them and no header rule refuses them.
    static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        noByte(below: 0x23, in: bytes)
    }

    /// Whether every byte of `bytes` is `limit` or more (`limit` at most 0x80), read eight bytes at a time.
    static func noByte(below limit: UInt8, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let ones: UInt64 = 0x0101_0101_0101_0101
        let limits = ones &* UInt64(limit)
        var index = 0
        while index + 8 <= bytes.count {
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            // A byte below the limit borrows when the limit is taken from it, setting its high bit
            // where its own high bit is clear.
            if (word &- limits) & ~word & (ones &* 0x80) != 0 { return false }
            index += 8
        }
        while index < bytes.count {
            if base[index] < limit { return false }
            index += 1
        }
        return true
    }

    /// Turns every lone CR or LF into CRLF, keeping existing CRLF pairs.
    static func normalizingNewlines<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 8)
        var previousCR = false
        for byte in bytes {
            if byte == ByteClass.lf {
                if !previousCR { out.append(ByteClass.cr) }
                out.append(ByteClass.lf)
                previousCR = false
            } else {
                if previousCR { out.append(ByteClass.lf) }
                out.append(byte)
                previousCR = byte == ByteClass.cr
            }
        }
        if previousCR { out.append(ByteClass.lf) }
        return out
    }

    /// Whether normalising `bytes` would change them: they hold a CR or an LF. Read eight bytes at a
    /// time: bytes with none up to CR (0x0D), which LF (0x0A) is below, need no look at each byte.
    static func needsNormalizing(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        !noByte(below: ByteClass.cr + 1, in: bytes) && bytes.contains { $0 == ByteClass.cr || $0 == ByteClass.lf }
    }

    /// Whether normalising `text` would change it (see ``needsNormalizing(_:)-(UnsafeBufferPointer<UInt8>)``).
    static func needsNormalizing(_ text: inout String) -> Bool {
        text.withUTF8(needsNormalizing)
    }

    /// The length `normalizingNewlines` gives `bytes`, without making them.
    static func normalizedLength<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Int {
        var length = 0
        var previousCR = false
        for byte in bytes {
            if byte == ByteClass.lf {
                length += previousCR ? 1 : 2
                previousCR = false
            } else {
                length += previousCR ? 2 : 1
                previousCR = byte == ByteClass.cr
            }
        }
        return previousCR ? length + 1 : length
    }
}
