/// A Content-Disposition value as parsed: the type and its parameters, plus every syntax problem.
struct Disposition {
    /// The disposition type as written (quotes removed).
    var type: [UInt8] = []
    /// The index of the type's first byte (the quote when quoted).
    var typeIndex = 0
    /// Whether the type was written as a quoted-string.
    var typeQuoted = false
    /// The parameters in order, duplicates included.
    var parameters: [HeaderParameter] = []
    /// Each syntax problem: the index of the offending byte and what was wrong.
    var syntaxErrors: [(index: Int, message: String)] = []
    /// Indices of whitespace next to `=` (first per parameter).
    var whitespaceAroundEquals: [Int] = []
    /// Indices of the `;` of empty parameters.
    var emptyParameters: [Int] = []

    /// Parses a Content-Disposition value, recovering at the next `;` after each syntax error.
    static func parse(_ bytes: [UInt8]) -> Disposition {
        var result = Disposition()
        var lexer = ParameterLexer(bytes, from: 0)
        lexer.skipWhitespace()
        result.typeIndex = lexer.index
        if !lexer.atEnd && lexer.current == ByteClass.quote {
            let quoted = lexer.readQuoted()
            result.type = quoted.value
            result.typeQuoted = true
            if !quoted.terminated { result.syntaxErrors.append((result.typeIndex, "unterminated quoted-string")) }
        } else {
            let range = lexer.readToken()
            result.type = Array(bytes[range])
            if range.isEmpty {
                result.syntaxErrors.append((lexer.index, "expected a disposition type"))
                lexer.skipToSemicolon()
            }
        }
        while true {
            lexer.skipWhitespace()
            if lexer.atEnd { break }
            if lexer.current != ByteClass.semicolon {
                result.syntaxErrors.append((lexer.index, "expected ';' before '\(escapedForMessage([lexer.current]))'"))
                lexer.skipToSemicolon()
                continue
            }
            let semicolon = lexer.index
            lexer.index += 1
            lexer.skipWhitespace()
            if lexer.atEnd || lexer.current == ByteClass.semicolon {
                result.emptyParameters.append(semicolon)
                continue
            }
            let nameRange = lexer.readToken()
            if nameRange.isEmpty {
                result.syntaxErrors.append((lexer.index, "expected a parameter name, found '\(escapedForMessage([lexer.current]))'"))
                lexer.skipToSemicolon()
                continue
            }
            let spaceBefore = lexer.skipWhitespace()
            guard !lexer.atEnd && lexer.current == ByteClass.equals else {
                let found = lexer.atEnd ? "the end of the line" : "'\(escapedForMessage([lexer.current]))'"
                result.syntaxErrors.append((lexer.index, "expected '=' after '\(escapedForMessage(bytes[nameRange]))', found \(found)"))
                lexer.skipToSemicolon()
                continue
            }
            lexer.index += 1
            let spaceAfter = lexer.skipWhitespace()
            if let space = spaceBefore ?? spaceAfter { result.whitespaceAroundEquals.append(space) }
            guard let read = lexer.readParameter(nameRange: nameRange) else {
                result.syntaxErrors.append((lexer.index, "expected a value after '='"))
                continue
            }
            let parameter = read.parameter
            result.parameters.append(parameter)
            if !read.terminated {
                result.syntaxErrors.append((parameter.valueIndex, "unterminated quoted-string"))
                continue
            }
            if let bad = parameter.nonTokenIndex {
                result.syntaxErrors.append((bad, "'\(escapedForMessage([bytes[bad]]))' is not allowed in an unquoted value"))
            }
            if parameter.quoted {
                lexer.skipWhitespace()
                if !lexer.atEnd && lexer.current != ByteClass.semicolon {
                    result.syntaxErrors.append(
                        (lexer.index, "unexpected '\(escapedForMessage([lexer.current]))' after the closing quote; an unescaped '\"' inside the value ends it early (browsers send '%22')"))
                    lexer.skipToSemicolon()
                }
            }
        }
        return result
    }
}
