extension ValidationEngine {
    /// Checks a Content-Disposition value and records the part's name and filename.
    ///
    /// The value is parsed into the reader's reused ``Disposition``, which is emptied afterwards so
    /// that it keeps no slice of the value.
    ///
    /// A value `cut` where the header section passed its limit is read as far as it goes: its last
    /// parameter (from its `;`) may be shortened, so nothing is reported about it, but a `name` or
    /// `filename` there is still recorded, and a missing name is not reported.
    mutating func readDisposition(_ value: HeaderValue, cut: Bool = false) {
        var disposition = Disposition()
        swap(&disposition, &reader.dispositionBuffer)
        disposition.read(value.bytes)
        check(disposition, value, reportsBefore: cut ? disposition.lastSemicolon ?? 0 : Int.max)
        disposition.clear()
        swap(&disposition, &reader.dispositionBuffer)
    }

    /// Checks a parsed value; findings at or after byte `reportsBefore` of the value are left out.
    private mutating func check(_ disposition: Disposition, _ value: HeaderValue, reportsBefore: Int) {
        /// Notes `event` at byte `index` of the value.
        func add(_ event: DispositionEvent, _ index: Int) {
            guard index < reportsBefore else { return }
            note(event, at: reader.field.locate(value.offset(index)))
        }
        for error in disposition.syntaxErrors { add(.syntax(error.message, fix: error.fix), error.index) }
        if disposition.typeQuoted {
            add(.typeQuoted, disposition.typeIndex)
        }
        if !disposition.type.isEmpty {
            if !ByteClass.equalsIgnoringCase(disposition.type, ByteClass.formData) {
                add(.notFormData(Array(disposition.type)), disposition.typeIndex)
            } else if !disposition.type.elementsEqual(ByteClass.formData) && !disposition.typeQuoted {
                add(.typeCase(Array(disposition.type)), disposition.typeIndex)
            }
        }
        for index in disposition.whitespaceAroundEquals {
            add(.whitespaceAroundEquals, index)
        }
        for index in disposition.emptyParameters {
            add(.emptyParameter, index)
        }
        for index in disposition.separatorWhitespace {
            add(.separatorWhitespace, index)
        }
        var nameParameter: HeaderParameter?
        var filenameParameter: HeaderParameter?
        let parameters = disposition.parameters
        var nameEndedEarly = false
        var filenameEndedEarly = false
        for (position, parameter) in parameters.enumerated() {
            let name = parameter.name
            if parameters[..<position].contains(where: { $0.name == name }) {
                add(.repeatedParameter(Array(name)), parameter.nameIndex)
                continue
            }
            if name == ByteClass.filenameStar {
                add(.filenameStar, parameter.nameIndex)
            } else if name.contains(ByteClass.asterisk) {
                add(.extendedParameter(Array(name)), parameter.nameIndex)
            } else if name == ByteClass.nameParameter {
                nameParameter = parameter
                nameEndedEarly = disposition.valuesEndedEarly.contains(position)
            } else if name == ByteClass.filenameParameter {
                filenameParameter = parameter
                filenameEndedEarly = disposition.valuesEndedEarly.contains(position)
            } else {
                add(.unknownParameter(Array(name)), parameter.nameIndex)
            }
        }
        for parameter in [nameParameter, filenameParameter].compactMap({ $0 }) {
            if let upper = Self.firstUpperCase(in: value.bytes, at: parameter.nameIndex, count: parameter.name.count) {
                add(.parameterNameCase(Array(parameter.name)), upper)
            }
        }
        if let nameParameter, let filenameParameter, filenameParameter.nameIndex < nameParameter.nameIndex {
            add(.filenameFirst, filenameParameter.nameIndex)
        }
        if let nameParameter {
            Self.checkNameValue(nameParameter, .name, endedEarly: nameEndedEarly) { add($0, $1) }
        }
        if let filenameParameter {
            Self.checkNameValue(filenameParameter, .filename, endedEarly: filenameEndedEarly) { add($0, $1) }
        }
        if let nameParameter {
            setPartName(nameParameter.value)
        } else if let place = part.headers.dispositionName, reportsBefore == Int.max {
            note(.nameMissing, at: place)
        }
        if let filenameParameter {
            let attribute = reader.field.locate(value.offset(filenameParameter.nameIndex))
            filenameParameter.value.withUnsafeBytes { setPartFilename(copying: $0, attribute: attribute) }
        }
    }

    /// The value checks shared by `name` and `filename`: hands `add` each event and the index in the
    /// value where it is.
    ///
    /// A value a raw `"` `endedEarly` already has its `parameter-syntax` error; its end is where the
    /// stray quote cut it, not where the sender ended it, so what its end looks like (empty, trailing
    /// whitespace) is a side effect of that error and is not reported again.
    static func checkNameValue(
        _ parameter: HeaderParameter, _ which: DispositionEvent.Parameter, endedEarly: Bool = false,
        _ add: (DispositionEvent, _ index: Int) -> Void
    ) {
        let isName = which == .name
        let start = parameter.valueIndex
        let count = parameter.value.count
        func byte(_ position: Int) -> UInt8 { parameter.valueByte(position) }
        if !parameter.quoted {
            if count >= 2 && byte(0) == ByteClass.apostrophe && byte(count - 1) == ByteClass.apostrophe {
                add(.singleQuoted(which), start)
            } else {
                add(.unquoted(which), start)
            }
        }
        if let index = parameter.quotedPairIndex {
            add(.quotedPair(which), index)
        }
        if let index = parameter.otherBackslashIndex {
            add(.backslash(which), index)
        }
        if count == 0 {
            if !endedEarly { add(.empty(which), start) }
            return
        }
        if let opening = (0..<max(0, count - 1)).first(where: { byte($0) == ByteClass.equals && byte($0 + 1) == ByteClass.questionMark }),
            ((opening + 2)..<max(opening + 2, count - 1)).contains(where: { byte($0) == ByteClass.questionMark && byte($0 + 1) == ByteClass.equals })
        {
            add(.encodedWord(which), start)
        }
        if parameter.quoted, let separator = (0..<count).first(where: { byte($0) == ByteClass.semicolon || byte($0) == ByteClass.equals }) {
            add(.separatorInValue(byte(separator), which), parameter.valueIndices[separator])
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
            add(.percentEncoded(Array(parameter.value[(base + percent)..<(base + percent + 3)]), which), parameter.valueIndices[percent])
        }
        if isName, let high {
            add(.nameNonASCII, parameter.valueIndices[high])
        }
        if isName, let open = (0..<count).first(where: { byte($0) == UInt8(ascii: "[") }),
            (open..<count).contains(where: { byte($0) == UInt8(ascii: "]") })
        {
            add(.nameBrackets, parameter.valueIndices[open])
        }
        if !isName && (ByteClass.isWhitespace(byte(0)) || (!endedEarly && ByteClass.isWhitespace(byte(count - 1)))) {
            add(.filenameWhitespace, start)
        }
        if !isName {
            let isDrive = count >= 2 && byte(1) == ByteClass.colon
                && ((byte(0) | 0x20) >= UInt8(ascii: "a") && (byte(0) | 0x20) <= UInt8(ascii: "z"))
            let isDots = (count == 1 || count == 2) && byte(0) == ByteClass.dot && byte(count - 1) == ByteClass.dot
            if hasSeparator || isDrive || isDots {
                add(.filenamePath(Array(parameter.value)), start)
            }
        }
    }
}
