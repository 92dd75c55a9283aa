/// A Content-Disposition value as parsed: the type and its parameters, plus every syntax problem.
///
/// The type and the parameter values are slices of the parsed bytes; ``clear()`` drops them, so a
/// value kept for reuse holds no reference to a header value.
struct Disposition {
    /// The disposition type as written (quotes removed).
    var type: ArraySlice<UInt8> = []
    /// The index of the type's first byte (the quote when quoted).
    var typeIndex = 0
    /// Whether the type was written as a quoted-string.
    var typeQuoted = false
    /// The parameters in order, duplicates included.
    var parameters: [HeaderParameter] = []
    /// Each syntax problem: the index of the offending byte, what was wrong and, when the rule's
    /// general fix does not fit the case, the fix that does.
    var syntaxErrors: [(index: Int, message: String, fix: String?)] = []
    /// The positions in ``parameters`` of quoted values that a raw `"` ended early: what follows the
    /// quote was not read as part of the value, so the value is only its first piece.
    var valuesEndedEarly: [Int] = []
    /// Indices of whitespace next to `=` (first per parameter).
    var whitespaceAroundEquals: [Int] = []
    /// Indices of the `;` of empty parameters.
    var emptyParameters: [Int] = []
    /// Indices of whitespace before a `;`, or of the byte after a `;` when it is not exactly one space.
    var separatorWhitespace: [Int] = []
    /// The index of the last `;` that separates parameters (not one inside a quoted value).
    var lastSemicolon: Int?

    /// Forgets everything parsed, keeping the arrays' capacity.
    mutating func clear() {
        type = []
        typeIndex = 0
        typeQuoted = false
        parameters.removeAll(keepingCapacity: true)
        syntaxErrors.removeAll(keepingCapacity: true)
        whitespaceAroundEquals.removeAll(keepingCapacity: true)
        emptyParameters.removeAll(keepingCapacity: true)
        separatorWhitespace.removeAll(keepingCapacity: true)
        valuesEndedEarly.removeAll(keepingCapacity: true)
        lastSemicolon = nil
    }

    /// The fix for a quoted value that a raw `"` inside it ended early.
    static let rawQuoteFix =
        "write a '\"' inside a quoted value as `%22`, as browsers and the reference encoder do (or leave it out)"
    /// The fix for a quoted-string that never closes.
    static let closeQuoteFix = "end the quoted value with '\"'; write a '\"' inside it as `%22`"
    /// What is wrong with a quoted-string whose closing quote a final backslash escapes, as in `name="a\"`.
    static let escapedCloseQuote =
        "unterminated quoted-string: a final '\\\\' escapes its closing '\"'"
    /// The fix for a quoted value that ends in a backslash.
    static let trailingBackslashFix =
        "a quoted value cannot end in a single backslash: write it as `\\\\` (receivers that do not unescape quoted-pairs keep both) or leave it out; an encoder refuses such a name or filename"
    /// The fix for parameters that are not `; attribute=value`.
    static let separatorFix = "separate parameters with `; ` and write each as `attribute=\"value\"`"

    /// Parses a Content-Disposition value into this empty value, reusing its arrays, and recovers at
    /// the next `;` after each syntax error.
    mutating func read(_ bytes: [UInt8]) {
        var lexer = ParameterLexer(bytes, from: 0)
        lexer.skipWhitespace()
        typeIndex = lexer.index
        if !lexer.atEnd && lexer.current == ByteClass.quote {
            let quoted = lexer.readQuoted()
            type = quoted.value
            typeQuoted = true
            if !quoted.terminated { syntaxErrors.append((typeIndex, "unterminated quoted-string", Self.closeQuoteFix)) }
        } else {
            let range = lexer.readToken()
            type = bytes[range]
            if range.isEmpty {
                syntaxErrors.append((lexer.index, "expected a disposition type", "start the value with `form-data`"))
                lexer.skipToSemicolon()
            }
        }
        while true {
            let spaceBeforeSemicolon = lexer.skipWhitespace()
            if lexer.atEnd { break }
            if let space = spaceBeforeSemicolon, lexer.current == ByteClass.semicolon { separatorWhitespace.append(space) }
            if lexer.current != ByteClass.semicolon {
                syntaxErrors.append((lexer.index, "expected ';' before '\(escapedForMessage([lexer.current]))'", Self.separatorFix))
                lexer.skipToSemicolon()
                continue
            }
            let semicolon = lexer.index
            lastSemicolon = semicolon
            lexer.index += 1
            let afterSemicolon = lexer.index
            lexer.skipWhitespace()
            if lexer.atEnd || lexer.current == ByteClass.semicolon {
                emptyParameters.append(semicolon)
                continue
            }
            if lexer.index != afterSemicolon + 1 || bytes[afterSemicolon] != ByteClass.space {
                separatorWhitespace.append(afterSemicolon)
            }
            let nameRange = lexer.readToken()
            if nameRange.isEmpty {
                syntaxErrors.append((lexer.index, "expected a parameter name, found '\(escapedForMessage([lexer.current]))'", Self.separatorFix))
                lexer.skipToSemicolon()
                continue
            }
            let spaceBefore = lexer.skipWhitespace()
            guard !lexer.atEnd && lexer.current == ByteClass.equals else {
                let found = lexer.atEnd ? "the end of the line" : "'\(escapedForMessage([lexer.current]))'"
                syntaxErrors.append((lexer.index, "expected '=' after '\(escapedForMessage(bytes[nameRange]))', found \(found)", Self.separatorFix))
                lexer.skipToSemicolon()
                continue
            }
            lexer.index += 1
            let spaceAfter = lexer.skipWhitespace()
            if let space = spaceBefore ?? spaceAfter { whitespaceAroundEquals.append(space) }
            guard let read = lexer.readParameter(nameRange: nameRange) else {
                syntaxErrors.append((lexer.index, "expected a value after '='", nil))
                continue
            }
            let parameter = read.parameter
            parameters.append(parameter)
            if !read.terminated {
                if Self.endsInEscapedQuote(bytes) {
                    syntaxErrors.append((parameter.valueIndex, Self.escapedCloseQuote, Self.trailingBackslashFix))
                } else {
                    syntaxErrors.append((parameter.valueIndex, "unterminated quoted-string", Self.closeQuoteFix))
                }
                continue
            }
            if let bad = parameter.nonTokenIndex {
                syntaxErrors.append((bad, "'\(escapedForMessage([bytes[bad]]))' is not allowed in an unquoted value", nil))
            }
            if parameter.quoted {
                let space = lexer.skipWhitespace()
                if let space, !lexer.atEnd && lexer.current == ByteClass.semicolon { separatorWhitespace.append(space) }
                if !lexer.atEnd && lexer.current != ByteClass.semicolon {
                    syntaxErrors.append(
                        (lexer.index, "unexpected '\(escapedForMessage([lexer.current]))' after the closing quote; an unescaped '\"' inside the value ends it early (browsers send '%22')",
                        Self.rawQuoteFix))
                    valuesEndedEarly.append(parameters.count - 1)
                    lexer.skipToSemicolon()
                }
            }
        }
    }

    /// Whether `bytes` end, but for whitespace, in a `"` that an odd run of backslashes escapes: a
    /// quoted value whose closing quote its own final backslash took.
    static func endsInEscapedQuote(_ bytes: [UInt8]) -> Bool {
        var end = bytes.count
        while end > 0 && ByteClass.isWhitespace(bytes[end - 1]) { end -= 1 }
        guard end > 0, bytes[end - 1] == ByteClass.quote else { return false }
        let backslashes = bytes[..<(end - 1)].reversed().prefix { $0 == ByteClass.backslash }.count
        return backslashes % 2 == 1
    }
}
