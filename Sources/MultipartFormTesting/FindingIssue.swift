import MultipartForm

/// The text a test failure shows for one finding: the rule, where it is, the bytes around it made
/// visible with a caret under the offending one (placed by display width: CJK characters take two
/// columns), and the fix.
///
/// ```
/// parameter-syntax (error) at line 2, column 55, byte 87, part 1: unexpected 'b' after the closing quote; ...
///   Content-Disposition: form-data; name="f"; filename="a"b.txt"\r\n
///                                                       ^
///   fix: write a '"' inside a quoted value as `%22`, ...
///   see: RFC 2183 §2; RFC 2045 §5.1
/// ```
enum FindingIssue {
    /// The widest excerpt shown, in display columns.
    static let maxExcerpt = 100

    /// The failure text for `diagnostic`, with an excerpt of `body` when the finding is in it.
    static func text(_ diagnostic: Diagnostic, body: [UInt8], contentType: String) -> String {
        var place = "line \(diagnostic.line), column \(diagnostic.column), byte \(diagnostic.offset)"
        if diagnostic.origin == .contentType { place = "Content-Type header, column \(diagnostic.column)" }
        if let part = diagnostic.partIndex { place += ", part \(part)" }
        let subject = diagnostic.receiver.map { "\(diagnostic.rule) for \($0)" } ?? "\(diagnostic.rule)"
        var lines = ["\(subject) (\(diagnostic.severity.rawValue)) at \(place): \(diagnostic.message)"]
        let source = diagnostic.origin == .contentType ? Array(contentType.utf8) : body
        let (excerpt, caret) = Self.excerpt(source, at: diagnostic.offset)
        lines.append("  " + excerpt)
        lines.append("  " + String(repeating: " ", count: caret) + "^")
        if let fix = diagnostic.fixHint ?? Rule.named(diagnostic.rule)?.fixHint { lines.append("  fix: \(fix)") }
        if !diagnostic.citation.isEmpty { lines.append("  see: \(diagnostic.citation)") }
        return lines.joined(separator: "\n")
    }

    /// The line holding `offset`, line break included, every byte visible, cut to ``maxExcerpt``
    /// characters around it; and the caret's column in it.
    static func excerpt(_ bytes: [UInt8], at offset: Int) -> (text: String, caret: Int) {
        let offset = min(max(offset, 0), bytes.count)
        let newline = UInt8(ascii: "\n")
        let start = bytes[..<offset].lastIndex(of: newline).map { $0 + 1 } ?? 0
        let end = bytes[offset...].firstIndex(of: newline).map { $0 + 1 } ?? bytes.count
        var cells: [(text: String, byte: Int)] = []
        var index = start
        while index < end {
            let (text, length) = cell(bytes, at: index, end: end)
            cells.append((text, index))
            index += length
        }
        let caretCell = cells.firstIndex { $0.byte >= offset } ?? cells.count
        var first = 0
        var last = cells.count
        // Widths are display columns, so a caret under text after a Japanese name lands under its byte.
        var used = cells.reduce(0) { $0 + DisplayWidth.columns($1.text) }
        while used > maxExcerpt, first < caretCell - 20 {
            used -= DisplayWidth.columns(cells[first].text)
            first += 1
        }
        while used > maxExcerpt, last > caretCell + 1 {
            last -= 1
            used -= DisplayWidth.columns(cells[last].text)
        }
        let prefix = first > 0 ? "…" : ""
        let suffix = last < cells.count ? "…" : ""
        let text = prefix + cells[first..<last].map(\.text).joined() + suffix
        let caret = prefix.count + cells[first..<min(caretCell, last)].reduce(0) { $0 + DisplayWidth.columns($1.text) }
        return (text, caret)
    }

    /// One byte, or one valid UTF-8 character, as shown: CR, LF, tab, backslash and other controls
    /// escaped, bytes that are not UTF-8 as `\xHH`.
    private static func cell(_ bytes: [UInt8], at index: Int, end: Int) -> (String, Int) {
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: "\r"): return ("\\r", 1)
        case UInt8(ascii: "\n"): return ("\\n", 1)
        case UInt8(ascii: "\t"): return ("\\t", 1)
        case UInt8(ascii: "\\"): return ("\\\\", 1)
        case 0x20..<0x7F: return (String(UnicodeScalar(byte)), 1)
        default: break
        }
        let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC2 ? 2 : 0
        if length > 0, index + length <= end, let text = String(validating: bytes[index..<index + length], as: UTF8.self),
            let scalar = text.unicodeScalars.first, !scalar.properties.generalCategory.isInvisible
        {
            return (text, length)
        }
        let hex = String(byte, radix: 16, uppercase: true)
        return ("\\x" + (hex.count == 1 ? "0" + hex : hex), 1)
    }
}

extension Unicode.GeneralCategory {
    /// Characters that would not show, or would reorder the line: shown as bytes instead.
    fileprivate var isInvisible: Bool {
        switch self {
        case .control, .format, .lineSeparator, .paragraphSeparator, .spaceSeparator, .unassigned, .privateUse,
            .surrogate, .nonspacingMark, .enclosingMark:
            return true
        default:
            return false
        }
    }
}
