/// A media type (`type/subtype; attribute=value ...`) as parsed from a Content-Type value.
struct MediaType {
    /// The type folded to lower case.
    var type: [UInt8] = []
    /// The subtype folded to lower case.
    var subtype: [UInt8] = []
    /// The parameters in order, duplicates included.
    var parameters: [HeaderParameter] = []
    /// The index of the first byte that breaks the grammar, and what was wrong.
    var syntaxError: (index: Int, message: String)?
    /// Indices of whitespace next to `=`.
    var whitespaceAroundEquals: [Int] = []
    /// Indices of the `;` of empty parameters.
    var emptyParameters: [Int] = []
    /// The index of the first upper-case letter of the type or subtype, as written.
    var firstUpperCaseIndex: Int?

    /// Whether the type is `type/subtype` (lower-case comparison).
    func isType(_ type: String, _ subtype: String) -> Bool {
        self.type == Array(type.utf8) && self.subtype == Array(subtype.utf8)
    }

    /// The first parameter with the given lower-case name.
    func parameter(_ name: [UInt8]) -> HeaderParameter? {
        parameters.first { $0.name == name }
    }

    /// Parses a Content-Type value; parsing stops at the first syntax error, keeping what was read.
    static func parse(_ bytes: [UInt8]) -> MediaType {
        var result = MediaType()
        var lexer = ParameterLexer(bytes, from: 0)
        lexer.skipWhitespace()
        let typeRange = lexer.readToken()
        if typeRange.isEmpty {
            result.syntaxError = (lexer.index, lexer.atEnd ? "expected a media type, found nothing" : "expected a media type")
            return result
        }
        result.type = bytes[typeRange].map(ByteClass.lowercased)
        result.firstUpperCaseIndex = typeRange.first { ByteClass.isUpperCase(bytes[$0]) }
        guard !lexer.atEnd && lexer.current == ByteClass.slash else {
            result.syntaxError = (lexer.index, "expected '/' after the type")
            return result
        }
        lexer.index += 1
        let subtypeRange = lexer.readToken()
        if subtypeRange.isEmpty {
            result.syntaxError = (lexer.index, "expected a subtype after '/'")
            return result
        }
        result.subtype = bytes[subtypeRange].map(ByteClass.lowercased)
        if result.firstUpperCaseIndex == nil {
            result.firstUpperCaseIndex = subtypeRange.first { ByteClass.isUpperCase(bytes[$0]) }
        }
        while true {
            lexer.skipWhitespace()
            if lexer.atEnd { break }
            guard lexer.current == ByteClass.semicolon else {
                result.syntaxError = (lexer.index, "expected ';' before the next parameter")
                return result
            }
            let semicolon = lexer.index
            lexer.index += 1
            lexer.skipWhitespace()
            if lexer.atEnd || lexer.current == ByteClass.semicolon {
                result.emptyParameters.append(semicolon)
                if lexer.atEnd { break }
                continue
            }
            let nameRange = lexer.readToken()
            if nameRange.isEmpty {
                result.syntaxError = (lexer.index, "expected a parameter name")
                return result
            }
            let spaceBefore = lexer.skipWhitespace()
            guard !lexer.atEnd && lexer.current == ByteClass.equals else {
                result.syntaxError = (lexer.index, "expected '=' after the parameter name")
                return result
            }
            lexer.index += 1
            let spaceAfter = lexer.skipWhitespace()
            if let space = spaceBefore ?? spaceAfter { result.whitespaceAroundEquals.append(space) }
            guard let read = lexer.readParameter(nameRange: nameRange) else {
                result.syntaxError = (lexer.index, "expected a value after '='")
                return result
            }
            result.parameters.append(read.parameter)
            if !read.terminated {
                result.syntaxError = (read.parameter.valueIndex, "unterminated quoted-string")
                return result
            }
        }
        return result
    }
}
