extension ValidationEngine {
    /// Checks a Content-Type's media type and boundary parameter; returns the boundary to frame with.
    ///
    /// For the outer header (`outer`), findings point into the Content-Type value; for a nested part
    /// they point into the body through `locate`.
    mutating func checkBoundaryParameters(
        _ media: MediaType, value: HeaderValue, outer: Bool, locate: ((Int) -> Located)? = nil
    ) -> [UInt8]? {
        /// Notes `event` at byte `index` of the value: in the request's Content-Type, or where a
        /// nested part's value is in the body.
        func add(_ event: BoundaryEvent, _ index: Int) {
            if outer {
                note(event, at: Located(offset: index, line: 1, column: index + 1), origin: .contentType, part: nil)
            } else if let place = locate?(index) {
                note(event, at: place, part: hasPart ? part.index : nil)
            }
        }
        if outer {
            if let error = media.syntaxError { add(.syntax(error.message), error.index) }
            if !media.type.isEmpty && !media.isType("multipart", "form-data") {
                add(.notFormData(media.type + [ByteClass.slash] + media.subtype), 0)
            }
            if media.isType("multipart", "form-data"), let index = media.firstUpperCaseIndex {
                add(.mediaTypeCase, index)
            }
            for index in media.whitespaceAroundEquals {
                add(.parameterWhitespace, index)
            }
            for index in media.emptyParameters {
                add(.emptyParameter, index)
            }
        }
        var seen: Set<[UInt8]> = []  // a hash set: a header of a million parameters stays linear
        for parameter in media.parameters {
            let name = parameter.name
            if !seen.insert(name).inserted {
                if outer {
                    add(.repeatedParameter(name), parameter.nameIndex)
                }
                continue
            }
            if name.starts(with: Array("boundary*".utf8)) {
                add(.extendedBoundary(name), parameter.nameIndex)
            } else if name != ByteClass.boundaryParameter && outer {
                add(.unexpectedParameter(name), parameter.nameIndex)
            }
        }
        guard let parameter = media.parameter(ByteClass.boundaryParameter) else {
            if outer || locate != nil {
                add(.boundaryMissing, value.bytes.count)
            }
            return nil
        }
        let boundary = Array(parameter.value)
        if outer, let upper = Self.firstUpperCase(in: value.bytes, at: parameter.nameIndex, count: parameter.name.count) {
            add(.boundaryNameCase, upper)
        }
        if parameter.quoted && outer {
            add(.boundaryQuoted, parameter.valueIndex)
        }
        if boundary.isEmpty {
            add(.boundaryEmpty, parameter.valueIndex)
            return boundary
        }
        for fault in Self.boundaryFaults(boundary) {
            add(fault.event, parameter.valueIndices[fault.index])
        }
        if !parameter.quoted, let bad = parameter.nonTokenIndex,
            let position = parameter.valueIndices.position(of: bad, count: boundary.count),
            ByteClass.isBoundaryChar(boundary[position])
        {
            add(.boundaryNeedsQuotes(boundary[position]), bad)
        }
        return boundary
    }

    /// The index of the first upper-case letter among `count` bytes at `start`, as written.
    static func firstUpperCase(in bytes: [UInt8], at start: Int, count: Int) -> Int? {
        guard start >= 0, start + count <= bytes.count else { return nil }
        return (start..<(start + count)).first { ByteClass.isUpperCase(bytes[$0]) }
    }

    // MARK: Inferring the boundary

    /// Reads the first line of a body whose boundary is unknown (``Phase/inferring``), and infers
    /// the boundary from it once it is complete. The line's bytes are the first ones of the stream,
    /// which ``BodySoFar/ends`` holds: only how far the line goes is looked for here.
    mutating func collectInferenceLine(_ chunk: UnsafeRawBufferPointer, _ start: Int) -> Int {
        var index = start
        while index < chunk.count {
            let byte = chunk[index]
            index += 1
            if byte == ByteClass.lf || position + (index - start) >= Self.inferenceLineLimit {
                position += index - start
                finishInference()
                return index
            }
        }
        position += index - start
        return index
    }

    /// The most bytes of the first line read to infer the boundary from (within ``headCapacity``).
    static let inferenceLineLimit = 200

    /// Takes the boundary from the first line (the bytes read so far) and replays them.
    mutating func finishInference() {
        let line = Array(shown.ends.head.prefix(position))
        // The boundary ends at the line's first CR or LF: one that holds either cannot frame a body.
        var candidate = line.prefix { $0 != ByteClass.cr && $0 != ByteClass.lf }
        while let last = candidate.last, ByteClass.isWhitespace(last) { candidate = candidate.dropLast() }
        var inferred: [UInt8]? = nil
        if candidate.starts(with: [ByteClass.dash, ByteClass.dash]) {
            var name = candidate.dropFirst(2)
            if name.count > 2 && name.hasSuffix([ByteClass.dash, ByteClass.dash]) { name = name.dropLast(2) }
            if !name.isEmpty && name.count <= 200 { inferred = Array(name) }
        }
        let replayed = position
        position = 0
        if let inferred {
            if boundary == nil && formData && depth == 0 && !configuration.hadContentType {
                note(BoundaryEvent.boundaryInferred(inferred), at: Located(offset: 0, line: 1, column: 1), part: nil)
                checkInferredBoundary(inferred)
            }
            setBoundary(inferred)
        } else {
            stopFraming()
        }
        line.withUnsafeBytes { bytes in
            var index = 0
            while index < bytes.count { index = step(bytes, index) }
        }
        precondition(position == replayed, "replaying the first line must end where reading stopped")
    }
}

extension ValidationEngine {
    /// What breaks RFC 2046 §5.1.1's grammar in a boundary, by the index of the offending byte in it:
    /// more than 70 characters, a byte outside `bchars`, a final space.
    static func boundaryFaults(_ boundary: [UInt8]) -> [(event: BoundaryEvent, index: Int)] {
        var faults: [(event: BoundaryEvent, index: Int)] = []
        if boundary.count > 70 {
            faults.append((.boundaryTooLong(boundary.count), 70))
        }
        if let bad = boundary.firstIndex(where: { !ByteClass.isBoundaryChar($0) }) {
            faults.append((.boundaryCharacter(boundary[bad]), bad))
        }
        if boundary.last == ByteClass.space {
            faults.append((.boundaryTrailingSpace, boundary.count - 1))
        }
        return faults
    }

    /// Holds a boundary read off the first line to the rules a declared one meets.
    ///
    /// The first line is `--` and the boundary, so its byte `i` is at body offset `2 + i`, line 1.
    mutating func checkInferredBoundary(_ boundary: [UInt8]) {
        for fault in Self.boundaryFaults(boundary) {
            note(fault.event, at: Located(offset: 2 + fault.index, line: 1, column: 3 + fault.index), part: nil)
        }
    }
}

extension ArraySlice where Element == UInt8 {
    fileprivate func hasSuffix(_ suffix: [UInt8]) -> Bool { count >= suffix.count && self.suffix(suffix.count).elementsEqual(suffix) }
}
