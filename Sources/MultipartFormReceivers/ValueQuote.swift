import MultipartForm

/// How a receiver finding names a part's value: short text quoted with every control byte escaped,
/// anything else by its part number and size.
enum ValueQuote {
    /// The longest value quoted in full.
    static let longest = 40

    /// Bytes quoted, with control bytes, quotes and bytes that are not UTF-8 escaped.
    static func quoted(_ bytes: [UInt8]) -> String {
        var text = "'"
        for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
            switch scalar {
            case "'": text += "\\'"
            case "\\": text += "\\\\"
            case "\u{FFFD}": text += "\\u{FFFD}"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    text += "\\x" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16, uppercase: true)
                } else {
                    text.unicodeScalars.append(scalar)
                }
            }
        }
        return text + "'"
    }

    /// A part as a loss is stated: its value quoted when short text is at hand, else its number
    /// (counted from 0, as everywhere) and size; a file by its filename.
    static func describe(_ part: DecodedPart, value: (DecodedPart) -> [UInt8]?) -> String {
        let number = part.index
        if let filename = part.filename { return "the file \(quoted(filename)) (part \(number))" }
        if part.bodyRange.count <= longest, let bytes = value(part), bytes.allSatisfy({ $0 >= 0x20 && $0 != 0x7F }) {
            return "the value \(quoted(bytes)) (part \(number))"
        }
        let size = part.bodyRange.count
        return "the value of part \(number) (\(size) byte\(size == 1 ? "" : "s"))"
    }

    /// Items joined as a sentence lists them: `a`, `a and b`, `a, b and c`.
    static func list(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + items[items.count - 1]
    }
}
