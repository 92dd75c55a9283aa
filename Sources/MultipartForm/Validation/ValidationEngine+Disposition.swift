extension ValidationEngine {
    /// Checks a Content-Disposition value and records the part's name and filename.
    mutating func readDisposition(_ value: HeaderValue) {
        let disposition = Disposition.parse(value.bytes)
        func add(_ rule: Rule.ID, _ index: Int, _ message: String) {
            let offset = value.offset(index)
            let place = field.locate(offset)
            collector.add(rule, offset: offset, line: place.line, column: place.column, part: part!.index, message)
        }
        for error in disposition.syntaxErrors { add(.parameterSyntax, error.index, error.message) }
        if disposition.typeQuoted {
            add(.contentDispositionTypeQuoted, disposition.typeIndex, "the disposition type is quoted")
        }
        if !disposition.type.isEmpty {
            if !ByteClass.equalsIgnoringCase(disposition.type, ByteClass.formData) {
                add(.contentDispositionNotFormData, disposition.typeIndex,
                    "disposition type is '\(escapedForMessage(disposition.type))', not 'form-data'")
            } else if disposition.type != ByteClass.formData && !disposition.typeQuoted {
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
        var seen: [[UInt8]] = []
        var nameParameter: HeaderParameter?
        var filenameParameter: HeaderParameter?
        for parameter in disposition.parameters {
            let name = parameter.name
            var shown: String { escapedForMessage(name) }
            if seen.contains(name) {
                add(.parameterDuplicate, parameter.nameIndex, "parameter '\(shown)' is given more than once; the first is used")
                continue
            }
            seen.append(name)
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
        if let nameParameter, let filenameParameter, filenameParameter.nameIndex < nameParameter.nameIndex {
            add(.parameterOrder, filenameParameter.nameIndex, "'filename' comes before 'name'")
        }
        if let nameParameter {
            for finding in Self.nameValueFindings(nameParameter, isName: true) { add(finding.rule, finding.index, finding.message) }
        }
        if let filenameParameter {
            for finding in Self.nameValueFindings(filenameParameter, isName: false) { add(finding.rule, finding.index, finding.message) }
        }
        if let nameParameter {
            part!.name = nameParameter.value
        } else {
            let place = part!.dispositionName!
            collector.add(.nameMissing, offset: place.offset, line: place.line, column: place.column, part: part!.index,
                "Content-Disposition has no 'name' parameter")
        }
        if let filenameParameter {
            part!.filename = filenameParameter.value
            part!.filenameParameter = field.locate(value.offset(filenameParameter.nameIndex))
        }
    }

    /// The value checks shared by `name` and `filename`: each finding's rule, value index and message.
    static func nameValueFindings(_ parameter: HeaderParameter, isName: Bool) -> [(rule: Rule.ID, index: Int, message: String)] {
        var findings: [(rule: Rule.ID, index: Int, message: String)] = []
        func add(_ rule: Rule.ID, _ index: Int, _ message: String) { findings.append((rule, index, message)) }
        let value = parameter.value
        let label = isName ? "name" : "filename"
        let start = parameter.valueIndex
        if !parameter.quoted {
            if value.count >= 2 && value.first == ByteClass.apostrophe && value.last == ByteClass.apostrophe {
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
        if value.isEmpty {
            add(isName ? .nameEmpty : .filenameEmpty, start, "the \(label) is empty")
            return findings
        }
        if value.count >= 4 && value.starts(with: Array("=?".utf8)) && value.suffix(2).elementsEqual("?=".utf8) {
            add(.parameterEncodedWord, start, "the \(label) is an RFC 2047 encoded-word")
        }
        if let percent = (0..<value.count).first(where: {
            value[$0] == ByteClass.percent && $0 + 2 < value.count && ByteClass.isHexDigit(value[$0 + 1])
                && ByteClass.isHexDigit(value[$0 + 2])
        }) {
            add(.parameterPercentEncoded, parameter.valueIndices[percent],
                "'\(escapedForMessage(value[percent..<(percent + 3)]))' in the \(label) may or may not be decoded by receivers")
        }
        if isName, let high = value.firstIndex(where: { $0 >= 0x80 }) {
            add(.nameNonASCII, parameter.valueIndices[high], "the field name contains non-ASCII bytes")
        }
        if !isName {
            let hasSeparator = value.contains(ByteClass.slash) || value.contains(ByteClass.backslash)
            let isDrive = value.count >= 2 && value[1] == ByteClass.colon
                && ((value[0] | 0x20) >= UInt8(ascii: "a") && (value[0] | 0x20) <= UInt8(ascii: "z"))
            let isDots = value == [ByteClass.dot] || value == [ByteClass.dot, ByteClass.dot]
            if hasSeparator || isDrive || isDots {
                add(.filenamePath, start, "the filename '\(escapedForMessage(value))' contains directory information")
            }
        }
        return findings
    }
}
