/// A parsed JSON value: strings as their decoded UTF-8 bytes, numbers as their text.
package indirect enum ParsedJSON: Sendable {
    case null
    case bool(Bool)
    /// A number, kept as its text exactly as written.
    case number(String)
    /// A string's value as UTF-8 bytes, escapes decoded.
    case string([UInt8])
    case array([ParsedJSON])
    /// Members in document order; duplicate keys are kept (``member(_:)`` takes the last, as browsers do).
    case object([(key: String, value: ParsedJSON)])

    /// The value of the last member named `key`, if this is an object.
    package func member(_ key: String) -> ParsedJSON? {
        guard case .object(let members) = self else { return nil }
        return members.last { $0.key == key }?.value
    }

    /// The string's bytes, if this is a string.
    package var bytes: [UInt8]? {
        if case .string(let bytes) = self { return bytes }
        return nil
    }

    /// The string as text (invalid sequences cannot occur: the reader checks UTF-8).
    package var text: String? { bytes.map { String(decoding: $0, as: UTF8.self) } }

    /// The elements, if this is an array.
    package var elements: [ParsedJSON]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// The number as an `Int`, if this is a number written as an integer that fits.
    package var integer: Int? {
        if case .number(let text) = self { return Int(text) }
        return nil
    }
}

/// A document that is not strict RFC 8259 JSON, or exceeds the reader's limits.
package struct JSONSyntaxError: Error, CustomStringConvertible {
    /// What is wrong, in compiler style.
    package var message: String
    /// One-based line of the offending byte.
    package var line: Int
    /// One-based byte column of the offending byte.
    package var column: Int
    /// Whether the document is well-formed as far as it was read, but holds more values to keep than allowed.
    package var isOverBudget = false

    package var description: String {
        isOverBudget ? "\(message) (at line \(line), column \(column))" : "malformed JSON at line \(line), column \(column): \(message)"
    }
}

/// A small, strict, bounded JSON reader (RFC 8259): no comments, no trailing commas, no leading
/// zeros, no raw control characters in strings, UTF-8 only; nesting and string length are capped.
///
/// `\u` escapes are decoded exactly, surrogate pairs included. A lone surrogate escape cannot be
/// represented in UTF-8 and becomes U+FFFD, which is counted in ``replacedSurrogates``.
package struct StrictJSONReader {
    /// The deepest nesting of arrays and objects accepted.
    package static let defaultMaxDepth = 64
    /// The longest string accepted, in decoded bytes.
    package static let defaultMaxStringLength = 256 * 1024 * 1024

    let input: [UInt8]
    var index = 0
    let maxDepth: Int
    let maxStringLength: Int
    /// Decides, from the path of member names (`[]` for an array element), which values are kept.
    private let keep: (@Sendable ([String]) -> Bool)?
    /// The most values kept before the reader gives up.
    private let maxKeptValues: Int
    private var path: [String] = []
    private var keptValues = 0
    /// For each array or object the pull methods (`StrictJSONReader+Pull.swift`) are inside, whether it has had a member yet.
    var openContainers: [Bool] = []
    /// How many lone surrogate escapes were replaced by U+FFFD.
    package private(set) var replacedSurrogates = 0

    /// Creates a reader over a whole document.
    ///
    /// With `keep`, a value whose path it rejects is still read and checked, but nothing of it is
    /// stored: it parses as `null`, so a document's memory is its own bytes and the values kept,
    /// whatever it holds elsewhere. `maxKeptValues` bounds the values kept.
    package init(
        _ input: [UInt8], maxDepth: Int = StrictJSONReader.defaultMaxDepth,
        maxStringLength: Int = StrictJSONReader.defaultMaxStringLength,
        keeping keep: (@Sendable ([String]) -> Bool)? = nil, maxKeptValues: Int = .max
    ) {
        self.input = input
        self.maxDepth = maxDepth
        self.maxStringLength = maxStringLength
        self.keep = keep
        self.maxKeptValues = maxKeptValues
    }

    /// Parses the whole input as one JSON value (a leading UTF-8 byte order mark is skipped).
    package static func parse(_ input: [UInt8]) throws(JSONSyntaxError) -> ParsedJSON {
        var reader = StrictJSONReader(input)
        return try reader.parseDocument()
    }

    /// Parses the whole input as one JSON value; anything but whitespace after it is an error.
    package mutating func parseDocument() throws(JSONSyntaxError) -> ParsedJSON {
        if input.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        skipWhitespace()
        let value = try parseValue(depth: 0)
        skipWhitespace()
        guard index == input.count else { throw failure("unexpected \(describeCurrent()) after the document") }
        return value
    }

    // MARK: - Grammar

    private mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> ParsedJSON {
        try parseValue(depth: depth, storing: true) ?? .null
    }

    /// The value, or `nil` when it is not kept (read and checked all the same).
    mutating func parseValue(depth: Int, storing: Bool) throws(JSONSyntaxError) -> ParsedJSON? {
        guard index < input.count else { throw failure("unexpected end of input, expected a value") }
        let stores = storing && (keep?(path) ?? true)
        if stores {
            keptValues += 1
            guard keptValues <= maxKeptValues else {
                var error = failure("more than \(maxKeptValues) JSON values to keep")
                error.isOverBudget = true
                throw error
            }
        }
        let value = try parseAnyValue(depth: depth, storing: stores)
        return stores ? value : nil
    }

    private mutating func parseAnyValue(depth: Int, storing: Bool) throws(JSONSyntaxError) -> ParsedJSON {
        switch input[index] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth + 1, storing: storing)
        case UInt8(ascii: "["): return try parseArray(depth: depth + 1, storing: storing)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let start = index
            try parseNumber()
            return .number(String(decoding: input[start..<index], as: UTF8.self))
        default:
            throw failure("unexpected \(describeCurrent()), expected a value")
        }
    }

    /// Reads a member's name and its `:`, and the whitespace after them: the member's value comes next.
    mutating func memberName() throws(JSONSyntaxError) -> String {
        guard peek(UInt8(ascii: "\"")) else { throw failure("unexpected \(describeCurrent()), expected a member name") }
        let key = String(decoding: try parseString(), as: UTF8.self)
        skipWhitespace()
        guard peek(UInt8(ascii: ":")) else { throw failure("unexpected \(describeCurrent()), expected ':'") }
        index += 1
        skipWhitespace()
        return key
    }

    private mutating func parseObject(depth: Int, storing: Bool) throws(JSONSyntaxError) -> ParsedJSON {
        guard depth <= maxDepth else { throw failure("nesting deeper than \(maxDepth) levels") }
        index += 1
        var members: [(key: String, value: ParsedJSON)] = []
        skipWhitespace()
        if peek(UInt8(ascii: "}")) {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            let key = try memberName()
            // The path is needed only where `keep` still decides.
            let tracks = storing && keep != nil
            if tracks { path.append(key) }
            let value = try parseValue(depth: depth, storing: storing)
            if tracks { path.removeLast() }
            if let value { members.append((key, value)) }
            skipWhitespace()
            if peek(UInt8(ascii: ",")) {
                index += 1
                continue
            }
            if peek(UInt8(ascii: "}")) {
                index += 1
                return .object(members)
            }
            throw failure("unexpected \(describeCurrent()), expected ',' or '}' in an object")
        }
    }

    private mutating func parseArray(depth: Int, storing: Bool) throws(JSONSyntaxError) -> ParsedJSON {
        guard depth <= maxDepth else { throw failure("nesting deeper than \(maxDepth) levels") }
        index += 1
        var elements: [ParsedJSON] = []
        skipWhitespace()
        if peek(UInt8(ascii: "]")) {
            index += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            let tracks = storing && keep != nil
            if tracks { path.append("[]") }
            let element = try parseValue(depth: depth, storing: storing)
            if tracks { path.removeLast() }
            if let element { elements.append(element) }
            skipWhitespace()
            if peek(UInt8(ascii: ",")) {
                index += 1
                continue
            }
            if peek(UInt8(ascii: "]")) {
                index += 1
                return .array(elements)
            }
            throw failure("unexpected \(describeCurrent()), expected ',' or ']' in an array")
        }
    }

    mutating func parseNumber() throws(JSONSyntaxError) {
        if peek(UInt8(ascii: "-")) { index += 1 }
        guard index < input.count, isDigit(input[index]) else { throw failure("expected a digit in a number") }
        if input[index] == UInt8(ascii: "0") {
            index += 1
            if index < input.count, isDigit(input[index]) { throw failure("leading zero in a number") }
        } else {
            while index < input.count, isDigit(input[index]) { index += 1 }
        }
        if peek(UInt8(ascii: ".")) {
            index += 1
            guard index < input.count, isDigit(input[index]) else { throw failure("expected a digit after '.'") }
            while index < input.count, isDigit(input[index]) { index += 1 }
        }
        if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
            index += 1
            if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { index += 1 }
            guard index < input.count, isDigit(input[index]) else { throw failure("expected a digit in an exponent") }
            while index < input.count, isDigit(input[index]) { index += 1 }
        }
    }

    mutating func parseString() throws(JSONSyntaxError) -> [UInt8] {
        index += 1  // the opening quote
        var output: [UInt8] = []
        while true {
            guard index < input.count else { throw failure("unterminated string") }
            if output.count > maxStringLength {
                throw failure("string longer than \(maxStringLength) bytes")
            }
            let byte = input[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return output
            case UInt8(ascii: "\\"):
                try parseEscape(into: &output)
            case 0x00..<0x20:
                throw failure("raw control character \(hex(byte)) in a string (must be escaped)")
            case 0x00..<0x80:
                // A run of plain ASCII, copied at once.
                var end = index + 1
                while end < input.count {
                    let next = input[end]
                    if next < 0x20 || next >= 0x80 || next == UInt8(ascii: "\"") || next == UInt8(ascii: "\\") { break }
                    end += 1
                }
                output.append(contentsOf: input[index..<end])
                index = end
            default:
                let length = try utf8SequenceLength(at: index)
                output.append(contentsOf: input[index..<index + length])
                index += length
            }
        }
    }

    private mutating func parseEscape(into output: inout [UInt8]) throws(JSONSyntaxError) {
        index += 1
        guard index < input.count else { throw failure("unterminated escape") }
        let byte = input[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""): output.append(0x22)
        case UInt8(ascii: "\\"): output.append(0x5C)
        case UInt8(ascii: "/"): output.append(0x2F)
        case UInt8(ascii: "b"): output.append(0x08)
        case UInt8(ascii: "f"): output.append(0x0C)
        case UInt8(ascii: "n"): output.append(0x0A)
        case UInt8(ascii: "r"): output.append(0x0D)
        case UInt8(ascii: "t"): output.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try parseHex4()
            if (0xD800..<0xDC00).contains(scalar) {
                // A high surrogate: a low one must follow as another \u escape.
                if index + 1 < input.count, input[index] == UInt8(ascii: "\\"), input[index + 1] == UInt8(ascii: "u") {
                    let save = index
                    index += 2
                    let low = try parseHex4()
                    if (0xDC00..<0xE000).contains(low) {
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else {
                        index = save
                        scalar = 0xFFFD
                        replacedSurrogates += 1
                    }
                } else {
                    scalar = 0xFFFD
                    replacedSurrogates += 1
                }
            } else if (0xDC00..<0xE000).contains(scalar) {
                scalar = 0xFFFD
                replacedSurrogates += 1
            }
            Self.appendUTF8(scalar, to: &output)
        default:
            index -= 1
            throw failure("invalid escape '\\\(describe(byte))'")
        }
    }

    private mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < input.count, let digit = hexValue(input[index]) else {
                throw failure("expected four hexadecimal digits after '\\u'")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    /// The length of the well-formed UTF-8 sequence at `start` (no overlongs, no surrogates, at most U+10FFFF).
    private func utf8SequenceLength(at start: Int) throws(JSONSyntaxError) -> Int {
        let lead = input[start]
        let length: Int
        var lower: UInt8 = 0x80
        var upper: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; lower = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; upper = 0x9F
        case 0xF0: length = 4; lower = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; upper = 0x8F
        default: throw failure("invalid UTF-8 byte \(hex(lead))")
        }
        guard start + length <= input.count else { throw failure("truncated UTF-8 sequence") }
        for offset in 1..<length {
            let byte = input[start + offset]
            let (low, high) = offset == 1 ? (lower, upper) : (0x80, 0xBF)
            guard byte >= low, byte <= high else { throw failure("invalid UTF-8 sequence") }
        }
        return length
    }

    package static func appendUTF8(_ scalar: UInt32, to output: inout [UInt8]) {
        switch scalar {
        case 0..<0x80:
            output.append(UInt8(scalar))
        case 0x80..<0x800:
            output.append(UInt8(0xC0 | scalar >> 6))
            output.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            output.append(UInt8(0xE0 | scalar >> 12))
            output.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            output.append(UInt8(0x80 | scalar & 0x3F))
        default:
            output.append(UInt8(0xF0 | scalar >> 18))
            output.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            output.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            output.append(UInt8(0x80 | scalar & 0x3F))
        }
    }

    // MARK: - Helpers

    mutating func expectLiteral(_ word: StaticString) throws(JSONSyntaxError) {
        let bytes = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        for byte in bytes {
            guard index < input.count, input[index] == byte else {
                throw failure("unexpected \(describeCurrent()), expected '\(word)'")
            }
            index += 1
        }
    }

    mutating func skipWhitespace() {
        while index < input.count {
            switch input[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    func peek(_ byte: UInt8) -> Bool { index < input.count && input[index] == byte }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    private func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }

    private func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return "0x" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0xF)])
    }

    private func describe(_ byte: UInt8) -> String {
        byte >= 0x20 && byte < 0x7F ? String(UnicodeScalar(byte)) : hex(byte)
    }

    func describeCurrent() -> String {
        index < input.count ? "'\(describe(input[index]))'" : "end of input"
    }

    func failure(_ message: String) -> JSONSyntaxError {
        let position = min(index, input.count)
        var line = 1
        var lineStart = 0
        for i in 0..<position where input[i] == 0x0A {
            line += 1
            lineStart = i + 1
        }
        return JSONSyntaxError(message: message, line: line, column: position - lineStart + 1)
    }
}
