/// Escaping for text placed in XML, HTML and Markdown documents.
enum MarkupEscaping {
    /// Replaces `&`, `<`, `>`, `"` and `'` with entities, and control characters that XML 1.0 forbids with `\xHH`.
    static func escaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars { appendEscaped(scalar, to: &out) }
        return out
    }

    /// Escapes text for a Markdown table cell or heading, so that a report's text (an adapter's
    /// name, a headline) is shown as written and never becomes a link, an image or formatting.
    ///
    /// HTML is escaped as ``escaped(_:)`` does (Markdown renders raw HTML and entities), `|` as
    /// `\|` (a table cell's end), and a backslash is put before each ASCII punctuation character
    /// that opens or closes an inline construct in CommonMark or GitHub's Markdown: links and
    /// images (`[`, `]`, `(`, `)`, `!`), code spans (`` ` ``), emphasis and strikethrough (`*`,
    /// `_`, `~`), math (`$`), a heading's closing `#`, and the backslash itself; also the `:` and
    /// `@` of bare URLs and mail addresses and the `.` after `www`, which GitHub turns into links
    /// (an escaped character is a text node of its own, which its autolinking does not join).
    static func escapedForMarkdown(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        // How many `w` or `W` came last, for a `www.`.
        var ws = 0
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\", "`", "*", "_", "~", "[", "]", "(", ")", "!", "$", "#", "|", ":", "@":
                out += "\\"
                out.unicodeScalars.append(scalar)
            case "." where ws >= 3:
                out += "\\."
            default:
                appendEscaped(scalar, to: &out)
            }
            ws = scalar == "w" || scalar == "W" ? ws + 1 : 0
        }
        return out
    }

    /// Appends `scalar` to `out` as ``escaped(_:)`` writes it.
    private static func appendEscaped(_ scalar: Unicode.Scalar, to out: inout String) {
        switch scalar {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        case "'": out += "&#39;"
        case "\n", "\t": out.unicodeScalars.append(scalar)
        case "\u{00}"..."\u{1F}", "\u{7F}", "\u{FFFE}", "\u{FFFF}":
            let hex = String(scalar.value, radix: 16, uppercase: true)
            out += "\\x" + (hex.count < 2 ? "0" + hex : hex)
        default: out.unicodeScalars.append(scalar)
        }
    }
}
