/// A child's answer read a value at a time, each key and value checked as it is reached and only
/// what the contract uses kept: an unknown or repeated key is refused before its value is read, and
/// nothing of the document is held as a tree, so reading costs the output and what it yields.
///
/// Errors are ``JSONSyntaxError`` and ``JSONShapeError``; ``ProcessExchange/readAnswer(_:_:)``
/// turns them into a malformed-response error.
struct ProcessAnswerReader {
    private var json: StrictJSONReader

    /// The most bytes of a refusal's reason kept for the report; the rest is counted, not kept.
    static let maxReasonLength = 4096

    init(_ output: [UInt8]) {
        json = StrictJSONReader(output, maxStringLength: output.count)
        json.startDocument()
    }

    /// Reads an object, handing each member's key to `member`, which must read its value. A key
    /// outside `keys`, or one seen before, is an error before its value is read.
    mutating func readObject(
        at path: String, allowing keys: [String], _ member: (inout ProcessAnswerReader, String, String) throws -> Void
    ) throws {
        try expect(.object, at: path)
        try json.enterObject()
        var seen: Set<String> = []
        while let key = try json.nextKey() {
            let memberPath = path.isEmpty ? key : "\(path).\(key)"
            guard keys.contains(key) else {
                throw JSONShapeError(
                    path: memberPath,
                    message: "unknown key \"\(Self.shortened(key))\"; expected one of \(keys.sorted().joined(separator: ", "))")
            }
            guard seen.insert(key).inserted else { throw JSONShapeError(path: memberPath, message: "duplicate key \"\(key)\"") }
            try member(&self, key, memberPath)
        }
    }

    /// Reads an array, calling `element` with each element's path; `element` must read the value.
    /// More than `maxCount` elements is an error at the first one past it.
    mutating func readArray(at path: String, maxCount: Int, tooMany: String, _ element: (inout ProcessAnswerReader, String) throws -> Void) throws {
        try expect(.array, at: path)
        try json.enterArray()
        var count = 0
        while try json.nextElement() {
            guard count < maxCount else { throw JSONShapeError(path: "\(path)[\(count)]", message: tooMany) }
            try element(&self, "\(path)[\(count)]")
            count += 1
        }
    }

    /// A string's bytes.
    mutating func string(at path: String) throws -> [UInt8] {
        try expect(.string, at: path)
        return try json.readString()
    }

    /// A string's bytes, or `nil` for `null`.
    mutating func optionalString(at path: String) throws -> [UInt8]? {
        if try json.peekKind() == .null {
            try json.readNull()
            return nil
        }
        let found = try json.peekKind()
        guard found == .string else {
            if found == .bool || found == .number { try json.skipValue() }
            throw JSONShapeError(path: path, message: "expected a string or null, found \(found.described)")
        }
        return try json.readString()
    }

    /// The bytes of a padded standard base64 string.
    mutating func base64(at path: String, what: String = "valid base64") throws -> [UInt8] {
        let text = try string(at: path)
        guard let bytes = Base64.decode(text) else {
            throw JSONShapeError(path: path, message: "\"\(Self.shortened(String(decoding: text, as: UTF8.self)))\" is not \(what)")
        }
        return bytes
    }

    /// A refusal's reason: its first ``maxReasonLength`` bytes, and how long it was past that.
    mutating func reason(at path: String) throws -> String {
        let bytes = try string(at: path)
        guard bytes.count > Self.maxReasonLength else { return String(decoding: bytes, as: UTF8.self) }
        return String(decoding: bytes.prefix(Self.maxReasonLength), as: UTF8.self) + "… (\(bytes.count) bytes in all)"
    }

    /// Checks that nothing but whitespace follows the answer.
    mutating func finish() throws {
        try json.finishDocument()
    }

    private mutating func expect(_ kind: StrictJSONReader.ValueKind, at path: String) throws {
        let found = try json.peekKind()
        guard found == kind else {
            // A misspelt literal (`nul`, `not-json`) is a syntax error before it is a value of the wrong kind.
            if found == .null || found == .bool || found == .number { try json.skipValue() }
            throw JSONShapeError(path: path, message: "expected \(kind.described), found \(found.described)")
        }
    }

    /// A key or value cut to 64 characters for a message.
    private static func shortened(_ text: String) -> String {
        text.count > 64 ? text.prefix(64) + "…" : text
    }
}
