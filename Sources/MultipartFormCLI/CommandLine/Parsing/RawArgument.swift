/// Command-line arguments as the bytes the system gave, even when they are not UTF-8.
///
/// A file name on Linux is any bytes; Swift's `String` holds only Unicode. An argument that is not
/// valid UTF-8 has each byte that breaks the decoding carried as one private-use scalar
/// (U+10FF00 plus the byte), and ``bytes(of:)`` gives the exact bytes back for `open`, so such a
/// file can be validated by the name the shell passed. Messages show those bytes as `\xHH`.
public enum RawArgument {
    /// The base of the private-use scalars that carry undecodable bytes (plane 16, never assigned).
    static let carrierBase: UInt32 = 0x10FF00

    /// The argument's text: its UTF-8 decoded, each byte that is not part of valid UTF-8 carried as U+10FF00 + byte.
    public static func decode(_ bytes: [UInt8]) -> String {
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        var scalars = String.UnicodeScalarView()
        var index = 0
        while index < bytes.count {
            if bytes[index] < 0x80 {
                scalars.append(Unicode.Scalar(bytes[index]))  // ASCII is itself, so '=' and ';' still parse
                index += 1
            } else if let (scalar, length) = VisibleBytes.decodeScalar(bytes, at: index) {
                scalars.append(scalar)
                index += length
            } else {
                scalars.append(Unicode.Scalar(carrierBase + UInt32(bytes[index]))!)
                index += 1
            }
        }
        return String(scalars)
    }

    /// The bytes an argument stands for: its UTF-8, with each carried byte restored.
    public static func bytes(of text: String) -> [UInt8] {
        guard text.unicodeScalars.contains(where: { $0.value >= carrierBase }) else { return Array(text.utf8) }
        var bytes: [UInt8] = []
        for scalar in text.unicodeScalars {
            if scalar.value >= carrierBase {
                bytes.append(UInt8(scalar.value - carrierBase))
            } else {
                bytes += Array(String(scalar).utf8)
            }
        }
        return bytes
    }

    /// Whether the argument carries bytes that are not UTF-8.
    public static func carriesBytes(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.value >= carrierBase }
    }

    /// The text with each carried byte shown as `\xHH`, for messages that quote an argument.
    public static func showingCarriedBytes(_ text: String) -> String {
        guard carriesBytes(text) else { return text }
        var shown = ""
        for scalar in text.unicodeScalars {
            if scalar.value >= carrierBase {
                let byte = String(scalar.value - carrierBase, radix: 16, uppercase: true)
                shown += "\\x" + (byte.count == 1 ? "0" : "") + byte
            } else {
                shown.unicodeScalars.append(scalar)
            }
        }
        return shown
    }

    /// Calls `body` with the path's bytes (carried bytes restored) as a C string, for `open` and `stat`.
    public static func withPath<Result>(_ path: String, _ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
        try (bytes(of: path) + [0]).withUnsafeBufferPointer { raw in
            try raw.withMemoryRebound(to: CChar.self) { try body($0.baseAddress!) }
        }
    }
}
