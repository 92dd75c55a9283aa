/// One `-F` or `--form-string` argument, read with curl's `-F` rules.
///
/// `name=content`: the name is everything before the first `=`. The content is
/// - `@path`: a file upload (`@-` reads standard input), named after the path's last component;
/// - `<path`: a text field whose value is the file's content (`<-` reads standard input);
/// - anything else: a text value.
///
/// A value, path or filename holding `;` (or `,` after `@`) is written in double quotes, inside which
/// `\"` and `\\` stand for `"` and `\`; a missing closing quote makes the quote an ordinary character,
/// as in curl. Unquoted words lose their leading and trailing whitespace. Modifiers follow after `;`:
/// `type=<media type>` (later `;`-separated parameters such as `;charset=utf-8` belong to it) and
/// `filename=<name>`. `--form-string` takes the content literally.
///
/// Where curl warns and carries on, this reader stops with a usage error, because each of those
/// cases would send something else than what was typed: an unknown modifier (often the rest of an
/// unquoted value holding `;`), text after a closing quote, `filename=` on a `<file` field, several
/// files in one `@a,b` (curl nests them in a multipart/mixed part, which RFC 7578 §4.3 forbids),
/// `headers=` and `encoder=` (RFC 7578 §4.7 and §4.8 rule out the headers they add), and curl's
/// `name=(` … `=)` nested parts.
struct FormArgument: Equatable, Sendable {
    /// Where the field's content comes from.
    enum Content: Equatable, Sendable {
        /// A text value given on the command line.
        case text(String)
        /// A file uploaded as a file part (`@path`); `-` is standard input.
        case file(path: String)
        /// A text field whose value is a file's content (`<path`); `-` is standard input.
        case textFromFile(path: String)
    }

    /// The field name: everything before the first `=`.
    var name: String
    /// The field's content.
    var content: Content
    /// The `type=` modifier, verbatim.
    var contentType: String?
    /// The `filename=` modifier.
    var filename: String?

    /// The modifiers this reader accepts, for "Did you mean" suggestions.
    static let modifiers = ["type", "filename"]

    /// Reads an argument; `literal` is `--form-string`, where the content has no special characters.
    static func parse(_ argument: String, literal: Bool = false) throws(FormArgumentError) -> FormArgument {
        let bytes = Array(argument.utf8)
        guard let equals = bytes.firstIndex(of: UInt8(ascii: "=")) else {
            throw FormArgumentError("expected 'name=content'")
        }
        let name = String(decoding: bytes[..<equals], as: UTF8.self)
        let content = Array(bytes[(equals + 1)...])
        if literal {
            return FormArgument(name: name, content: .text(String(decoding: content, as: UTF8.self)))
        }
        if content.first == UInt8(ascii: "(") || (name.isEmpty && content == [UInt8(ascii: ")")]) {
            throw FormArgumentError(
                "nested multipart parts ('name=(' ... '=)') are not supported: RFC 7578 §4.3 sends each file as its own part")
        }
        var reader = Reader(bytes: content, index: 0)
        switch content.first {
        case UInt8(ascii: "@"):
            reader.index = 1
            let part = try reader.readPart(endByte: UInt8(ascii: ","))
            if reader.separator == UInt8(ascii: ",") {
                throw FormArgumentError(
                    "several files in one field ('@a,b') would be nested in a multipart/mixed part, which RFC 7578 §4.3 forbids; give each file its own -F with the same name, and quote a path that holds ',' (@\"a,b.txt\")"
                )
            }
            return FormArgument(name: name, content: .file(path: part.word), contentType: part.type, filename: part.filename)
        case UInt8(ascii: "<"):
            reader.index = 1
            let part = try reader.readPart(endByte: nil)
            if part.filename != nil {
                throw FormArgumentError("'filename=' cannot be used with '<file': the file's content is sent as a text value")
            }
            return FormArgument(name: name, content: .textFromFile(path: part.word), contentType: part.type)
        default:
            let part = try reader.readPart(endByte: nil)
            return FormArgument(name: name, content: .text(part.word), contentType: part.type, filename: part.filename)
        }
    }

    /// A cursor over the content's bytes, reading words and modifiers the way curl's `get_param_part` does.
    private struct Reader {
        let bytes: [UInt8]
        var index: Int
        /// The byte that ended the last part: `;`, the end byte, or `nil` at the end.
        var separator: UInt8?

        private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

        /// C's `isspace`: space, tab, LF, VT, FF and CR.
        private static func isSpace(_ byte: UInt8) -> Bool {
            byte == 0x20 || (0x09...0x0D).contains(byte)
        }

        private mutating func skipSpaces() {
            while let byte = current, Self.isSpace(byte) { index += 1 }
        }

        private func isEnd(_ byte: UInt8, endByte: UInt8?) -> Bool {
            byte == UInt8(ascii: ";") || byte == endByte
        }

        /// Reads a word: a double-quoted string with `\"` and `\\` escapes, or bytes up to `;` or the end byte.
        private mutating func readWord(endByte: UInt8?) throws(FormArgumentError) -> String {
            skipSpaces()
            let start = index
            if current == UInt8(ascii: "\"") {
                var word: [UInt8] = []
                var position = index + 1
                while position < bytes.count {
                    let byte = bytes[position]
                    if byte == UInt8(ascii: "\\"), position + 1 < bytes.count,
                        bytes[position + 1] == UInt8(ascii: "\\") || bytes[position + 1] == UInt8(ascii: "\"")
                    {
                        word.append(bytes[position + 1])
                        position += 2
                        continue
                    }
                    if byte == UInt8(ascii: "\"") {
                        index = position + 1
                        skipSpaces()
                        if let byte = current, !isEnd(byte, endByte: endByte) {
                            let rest = String(decoding: bytes[index...], as: UTF8.self)
                            throw FormArgumentError("unexpected '\(rest)' after the closing quote")
                        }
                        return String(decoding: word, as: UTF8.self)
                    }
                    word.append(byte)
                    position += 1
                }
                // No closing quote: curl reads the quote as an ordinary character.
            }
            while let byte = current, !isEnd(byte, endByte: endByte) { index += 1 }
            var end = index
            while end > start && Self.isSpace(bytes[end - 1]) { end -= 1 }
            return String(decoding: bytes[start..<end], as: UTF8.self)
        }

        /// Reads the content word and its `;` modifiers, stopping at the end byte or the end.
        mutating func readPart(endByte: UInt8?) throws(FormArgumentError) -> (word: String, type: String?, filename: String?) {
            let word = try readWord(endByte: endByte)
            var type: String?
            var filename: String?
            // While a type is open, `;parameter` segments that are not modifiers extend it.
            var typeRange: Range<Int>?
            func closeType() {
                if let range = typeRange { type = String(decoding: bytes[range], as: UTF8.self) }
                typeRange = nil
            }
            while current == UInt8(ascii: ";") {
                index += 1
                skipSpaces()
                let rest = bytes[index...]
                if typeRange == nil && rest.starts(with: "type=".utf8) {
                    guard type == nil else { throw FormArgumentError("'type=' is given twice") }
                    index += 5
                    skipSpaces()
                    // curl's check: `%127[^/ ]/%127[^;, \n]`, a type and a subtype around a slash.
                    let start = index
                    let major = bytes[start...].prefix { $0 != UInt8(ascii: "/") && $0 != 0x20 }.count
                    let slash = start + major
                    let minor =
                        slash < bytes.count && bytes[slash] == UInt8(ascii: "/")
                        ? bytes[(slash + 1)...].prefix { !";, \n".utf8.contains($0) }.count : 0
                    guard major > 0, minor > 0 else {
                        let shown = String(decoding: bytes[start...].prefix { !isEnd($0, endByte: endByte) }, as: UTF8.self)
                        throw FormArgumentError("'type=\(shown)' is not a media type; write type=<type>/<subtype>")
                    }
                    index = slash + 1 + minor
                    typeRange = start..<index
                    extendType(&typeRange, endByte: endByte)
                } else if rest.starts(with: "filename=".utf8) {
                    closeType()
                    index += 9
                    filename = try readWord(endByte: endByte)
                } else if rest.starts(with: "headers=".utf8) || rest.starts(with: "encoder=".utf8) {
                    let modifier = String(decoding: rest.prefix(7), as: UTF8.self)
                    let reason =
                        modifier == "headers"
                        ? "RFC 7578 §4.8 allows no part headers but Content-Disposition, Content-Type and Content-Transfer-Encoding"
                        : "RFC 7578 §4.7 says senders should not use Content-Transfer-Encoding"
                    throw FormArgumentError("'\(modifier)=' is not supported: \(reason)")
                } else if typeRange != nil {
                    extendType(&typeRange, endByte: endByte)
                } else {
                    let unknown = String(decoding: rest.prefix { !isEnd($0, endByte: endByte) }, as: UTF8.self)
                    let key = String(unknown.prefix { $0 != "=" })
                    let hint =
                        Suggestion.closest(to: key, among: Self.modifierNames).map { " Did you mean '\($0)='?" }
                        ?? " Quote a value that holds ';': name=\"a;b\"."
                    throw FormArgumentError("unknown modifier '\(unknown)'.\(hint)")
                }
            }
            closeType()
            separator = current
            return (word, type, filename)
        }

        private static let modifierNames = FormArgument.modifiers

        /// Extends an open type to the next `;` or end byte, ending at its last non-space byte.
        private mutating func extendType(_ range: inout Range<Int>?, endByte: UInt8?) {
            guard let start = range?.lowerBound else { return }
            var end = range!.upperBound
            while let byte = current, !isEnd(byte, endByte: endByte) {
                index += 1
                if !Self.isSpace(byte) { end = index }
            }
            range = start..<end
        }
    }
}

/// Why a `-F` argument could not be read; the message follows `The value '…' is invalid for '-F <name=content>':`.
struct FormArgumentError: Error, Equatable, Sendable {
    var message: String

    init(_ message: String) {
        self.message = message
    }
}
