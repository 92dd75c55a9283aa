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

    /// Whether normalising `bytes` would change them: they hold a CR or an LF.
    static func needsNormalizing<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> Bool {
        bytes.contains { $0 == ByteClass.cr || $0 == ByteClass.lf }
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
