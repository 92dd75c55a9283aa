extension ValidationEngine {
    /// Checks a Content-Disposition value and records the part's name and filename.
    ///
    /// A value in the canonical form (``CanonicalDisposition``) is only recorded; anything else is
    /// parsed into the engine's reused ``Disposition``, which is emptied afterwards so that it keeps
    /// no slice of the value.
    mutating func readDisposition(_ value: HeaderValue) {
        if usesCanonicalHeaders, let canonical = CanonicalDisposition.match(value.bytes[...]) {
            // The value the general path would accept without a finding: only record what it says.
            let attribute = field.locate(value.offset(canonical.filenameAttribute))
            value.bytes.withUnsafeBytes { record(canonical, in: $0, filenameAttribute: attribute) }
            return
        }
        var disposition = Disposition()
        swap(&disposition, &dispositionBuffer)
        disposition.read(value.bytes)
        check(disposition, value)
        disposition.clear()
        swap(&disposition, &dispositionBuffer)
    }

    private mutating func check(_ disposition: Disposition, _ value: HeaderValue) {
        func add(_ rule: Rule.ID, _ index: Int, _ message: @autoclosure () -> String) {
            let offset = value.offset(index)
            let place = field.locate(offset)
            collector.add(rule, offset: offset, line: place.line, column: place.column, part: part.index, message())
        }
        for error in disposition.syntaxErrors { add(.parameterSyntax, error.index, error.message) }
        if disposition.typeQuoted {
            add(.contentDispositionTypeQuoted, disposition.typeIndex, "the disposition type is quoted")
        }
        if !disposition.type.isEmpty {
            if !ByteClass.equalsIgnoringCase(disposition.type, ByteClass.formData) {
                add(.contentDispositionNotFormData, disposition.typeIndex,
                    "disposition type is '\(escapedForMessage(disposition.type))', not 'form-data'")
            } else if !disposition.type.elementsEqual(ByteClass.formData) && !disposition.typeQuoted {
                add(.contentDispositionTypeCase, disposition.typeIndex,
                    "disposition type '\(escapedForMessage(disposition.type))' is not lower case")
            }
        }
        for index in disposition.whitespaceAroundEquals {
            add(.parameterWhitespaceAroundEquals, index, "whitespace around '=' in a parameter")
        }
        for index in disposition.emptyParameters {
            add(.parameterEmpty, index, "empty parameter")
        }
        for index in disposition.separatorWhitespace {
            add(.parameterSeparatorWhitespace, index, "write '; ' between parameters: no whitespace before ';' and one space after it")
        }
        var nameParameter: HeaderParameter?
        var filenameParameter: HeaderParameter?
        let parameters = disposition.parameters
        for (position, parameter) in parameters.enumerated() {
            let name = parameter.name
            var shown: String { escapedForMessage(name) }
            if parameters[..<position].contains(where: { $0.name == name }) {
                add(.parameterDuplicate, parameter.nameIndex, "parameter '\(shown)' is given more than once; the first is used")
                continue
            }
            if name == ByteClass.filenameStar {
                add(.filenameStar, parameter.nameIndex, "'filename*' must not be used in multipart/form-data")
            } else if name.contains(ByteClass.asterisk) {
                add(.parameterExtended, parameter.nameIndex, "RFC 2231 parameter '\(shown)' must not be used in multipart/form-data")
            } else if name == ByteClass.nameParameter {
                nameParameter = parameter
            } else if name == ByteClass.filenameParameter {
                filenameParameter = parameter
            } else {
                add(.parameterUnknown, parameter.nameIndex, "unknown parameter '\(shown)'")
            }
        }
        for parameter in [nameParameter, filenameParameter].compactMap({ $0 }) {
            if let upper = Self.firstUpperCase(in: value.bytes, at: parameter.nameIndex, count: parameter.name.count) {
                add(.parameterNameCase, upper, "the parameter name '\(escapedForMessage(parameter.name))' is not written in lower case")
            }
        }
        if let nameParameter, let filenameParameter, filenameParameter.nameIndex < nameParameter.nameIndex {
            add(.parameterOrder, filenameParameter.nameIndex, "'filename' comes before 'name'")
        }
        if let nameParameter {
            Self.checkNameValue(nameParameter, isName: true) { add($0, $1, $2()) }
        }
        if let filenameParameter {
            Self.checkNameValue(filenameParameter, isName: false) { add($0, $1, $2()) }
        }
        if let nameParameter {
            setPartName(nameParameter.value)
        } else if let place = part.dispositionName {
            collector.add(.nameMissing, offset: place.offset, line: place.line, column: place.column, part: part.index,
                "Content-Disposition has no 'name' parameter")
        }
        if let filenameParameter {
            setPartFilename(filenameParameter.value)
            part.filenameParameter = field.locate(value.offset(filenameParameter.nameIndex))
        }
    }

    /// The value checks shared by `name` and `filename`: reports each finding's rule, value index and message.
    static func checkNameValue(
        _ parameter: HeaderParameter, isName: Bool, _ add: (_ rule: Rule.ID, _ index: Int, _ message: @autoclosure () -> String) -> Void
    ) {
        let label = isName ? "name" : "filename"
        let start = parameter.valueIndex
        let count = parameter.value.count
        func byte(_ position: Int) -> UInt8 { parameter.valueByte(position) }
        if !parameter.quoted {
            if count >= 2 && byte(0) == ByteClass.apostrophe && byte(count - 1) == ByteClass.apostrophe {
                add(.parameterSingleQuoted, start, "single quotes do not quote the \(label); they are part of the value")
            } else {
                add(.parameterUnquoted, start, "the \(label) is not a quoted-string")
            }
        }
        if let index = parameter.quotedPairIndex {
            add(.parameterQuotedPair, index, "backslash escape in the \(label)")
        }
        if let index = parameter.otherBackslashIndex {
            add(.parameterBackslash, index, "backslash in the \(label) escapes the next character")
        }
        if count == 0 {
            add(isName ? .nameEmpty : .filenameEmpty, start, "the \(label) is empty")
            return
        }
        if let opening = (0..<max(0, count - 1)).first(where: { byte($0) == ByteClass.equals && byte($0 + 1) == ByteClass.questionMark }),
            ((opening + 2)..<max(opening + 2, count - 1)).contains(where: { byte($0) == ByteClass.questionMark && byte($0 + 1) == ByteClass.equals })
        {
            add(.parameterEncodedWord, start, "the \(label) holds an RFC 2047 encoded-word")
        }
        if parameter.quoted, let separator = (0..<count).first(where: { byte($0) == ByteClass.semicolon || byte($0) == ByteClass.equals }) {
            add(.parameterValueSeparator, parameter.valueIndices[separator],
                "'\(escapedForMessage([byte(separator)]))' inside the quoted \(label): receivers that split the header at it cut the value")
        }
        var percent: Int? = nil
        var high: Int? = nil
        var hasSeparator = false
        for position in 0..<count {
            let value = byte(position)
            if value == ByteClass.percent && percent == nil && position + 2 < count && ByteClass.isHexDigit(byte(position + 1))
                && ByteClass.isHexDigit(byte(position + 2))
            {
                percent = position
            }
            if value >= 0x80 && high == nil { high = position }
            if value == ByteClass.slash || value == ByteClass.backslash { hasSeparator = true }
        }
        if let percent {
            let base = parameter.value.startIndex
            add(.parameterPercentEncoded, parameter.valueIndices[percent],
                "'\(escapedForMessage(parameter.value[(base + percent)..<(base + percent + 3)]))' in the \(label) may or may not be decoded by receivers")
        }
        if isName, let high {
            add(.nameNonASCII, parameter.valueIndices[high], "the field name contains non-ASCII bytes")
        }
        if isName, let open = (0..<count).first(where: { byte($0) == UInt8(ascii: "[") }),
            (open..<count).contains(where: { byte($0) == UInt8(ascii: "]") })
        {
            add(.nameBrackets, parameter.valueIndices[open], "PHP and Rack read the brackets in the name as array syntax")
        }
        if !isName && (ByteClass.isWhitespace(byte(0)) || ByteClass.isWhitespace(byte(count - 1))) {
            add(.filenameWhitespace, start, "the filename starts or ends with whitespace, which some receivers strip")
        }
        if !isName {
            let isDrive = count >= 2 && byte(1) == ByteClass.colon
                && ((byte(0) | 0x20) >= UInt8(ascii: "a") && (byte(0) | 0x20) <= UInt8(ascii: "z"))
            let isDots = (count == 1 || count == 2) && byte(0) == ByteClass.dot && byte(count - 1) == ByteClass.dot
            if hasSeparator || isDrive || isDots {
                add(.filenamePath, start, "the filename '\(escapedForMessage(parameter.value))' contains directory information")
            }
        }
    }
}
