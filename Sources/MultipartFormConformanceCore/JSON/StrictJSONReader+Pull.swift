/// Reading a document a value at a time, without building a tree: for readers of untrusted
/// answers and reports, which check each key and value as they reach it and keep only what they use.
///
/// A reader built over a whole document steps through it with ``startDocument()``, ``enterObject()``
/// and ``nextKey()``, ``enterArray()`` and ``nextElement()``, the scalar readers, ``skipValue()``
/// (checked, nothing kept) and ``finishDocument()``. A shape error can be thrown at the first
/// unexpected key, before its value is read: a document's memory is its own bytes and what the
/// caller keeps, whatever else it holds. The same strictness and limits apply as to
/// ``parseDocument()``; nesting is counted across both.
extension StrictJSONReader {
    /// What the next value is, from its first byte.
    package enum ValueKind: Sendable, Equatable {
        case object, array, string, number, bool, null

        /// `an object`, `a string`, `null`...: for messages.
        package var described: String {
            switch self {
            case .object: "an object"
            case .array: "an array"
            case .string: "a string"
            case .number: "a number"
            case .bool: "a Boolean"
            case .null: "null"
            }
        }
    }

    /// The offset of the next byte to read.
    package var offset: Int { index }

    /// Skips a leading UTF-8 byte order mark and whitespace, before the document's value.
    package mutating func startDocument() {
        if index == 0, input.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        skipWhitespace()
    }

    /// Checks that only whitespace follows the document's value.
    package mutating func finishDocument() throws(JSONSyntaxError) {
        skipWhitespace()
        guard index == input.count else { throw failure("unexpected \(describeCurrent()) after the document") }
    }

    /// The kind of the next value, without reading it.
    package mutating func peekKind() throws(JSONSyntaxError) -> ValueKind {
        skipWhitespace()
        guard index < input.count else { throw failure("unexpected end of input, expected a value") }
        switch input[index] {
        case UInt8(ascii: "{"): return .object
        case UInt8(ascii: "["): return .array
        case UInt8(ascii: "\""): return .string
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool
        case UInt8(ascii: "n"): return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
        default: throw failure("unexpected \(describeCurrent()), expected a value")
        }
    }

    /// Reads the `{` that opens an object; then ``nextKey()`` until it returns `nil`.
    package mutating func enterObject() throws(JSONSyntaxError) {
        try enter(UInt8(ascii: "{"), "an object")
    }

    /// Reads the `[` that opens an array; then ``nextElement()`` until it returns `false`.
    package mutating func enterArray() throws(JSONSyntaxError) {
        try enter(UInt8(ascii: "["), "an array")
    }

    /// The next member's key, with its `:` read (its value comes next), or `nil` once the object's
    /// `}` has been read.
    package mutating func nextKey() throws(JSONSyntaxError) -> String? {
        guard try advance(closing: UInt8(ascii: "}"), inside: "an object") else { return nil }
        return try memberName()
    }

    /// Whether another element follows (its value comes next), or `false` once the array's `]` has been read.
    package mutating func nextElement() throws(JSONSyntaxError) -> Bool {
        try advance(closing: UInt8(ascii: "]"), inside: "an array")
    }

    /// Reads a string's bytes, escapes decoded.
    package mutating func readString() throws(JSONSyntaxError) -> [UInt8] {
        skipWhitespace()
        guard peek(UInt8(ascii: "\"")) else { throw failure("unexpected \(describeCurrent()), expected a string") }
        return try parseString()
    }

    /// Reads `null`.
    package mutating func readNull() throws(JSONSyntaxError) {
        skipWhitespace()
        try expectLiteral("null")
    }

    /// Reads and checks the next value, keeping nothing of it.
    package mutating func skipValue() throws(JSONSyntaxError) {
        skipWhitespace()
        _ = try parseValue(depth: openContainers.count, storing: false)
    }

    private mutating func enter(_ opening: UInt8, _ what: String) throws(JSONSyntaxError) {
        skipWhitespace()
        guard peek(opening) else { throw failure("unexpected \(describeCurrent()), expected \(what)") }
        guard openContainers.count < maxDepth else { throw failure("nesting deeper than \(maxDepth) levels") }
        index += 1
        openContainers.append(false)
    }

    /// Reads the `,` before a member or element, or the closing byte; whether a member or element follows.
    private mutating func advance(closing: UInt8, inside what: String) throws(JSONSyntaxError) -> Bool {
        guard let hadMembers = openContainers.last else { preconditionFailure("not inside \(what)") }
        skipWhitespace()
        if peek(closing) {
            index += 1
            openContainers.removeLast()
            return false
        }
        if hadMembers {
            guard peek(UInt8(ascii: ",")) else {
                let expected = closing == UInt8(ascii: "}") ? "',' or '}' in an object" : "',' or ']' in an array"
                throw failure("unexpected \(describeCurrent()), expected \(expected)")
            }
            index += 1
            skipWhitespace()
        }
        openContainers[openContainers.count - 1] = true
        return true
    }
}
