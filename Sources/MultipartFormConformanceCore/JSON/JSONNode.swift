/// Why a JSON document does not have the shape its reader expects, naming the offending value's path.
package struct JSONShapeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The path of the offending value, for example `parts[0].name`; empty for the document itself.
    package var path: String
    /// What is wrong, in compiler style.
    package var message: String

    /// Creates an error for the value at `path`.
    package init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// `path: message`, with `top level` for the document itself.
    package var description: String { "\(path.isEmpty ? "top level" : path): \(message)" }
}

/// A parsed JSON value and its path in the document, with typed accessors that fail with the path named.
///
/// Readers of strict formats (vector sidecars, certification forms) use it so that a typo or a value
/// of the wrong type is reported as `parts[0].name: expected a string or null, found a number`.
package struct JSONNode: Sendable {
    /// The value.
    package let value: ParsedJSON
    /// Where the value sits, for example `parts[0].name`.
    package let path: String

    /// Wraps a document's root value.
    package init(root value: ParsedJSON) {
        self.value = value
        self.path = ""
    }

    init(value: ParsedJSON, path: String) {
        self.value = value
        self.path = path
    }

    /// Parses a whole document strictly; syntax errors are reported as shape errors at the top level.
    ///
    /// With `maxValues`, a document holding more values than that is refused as it is read, before
    /// they are stored: a tree of many small values costs many times the document's own size.
    package static func parse(_ bytes: [UInt8], maxValues: Int = .max) throws(JSONShapeError) -> JSONNode {
        do {
            var reader = StrictJSONReader(bytes, maxKeptValues: maxValues)
            return JSONNode(root: try reader.parseDocument())
        } catch {
            throw JSONShapeError(path: "", message: error.description)
        }
    }

    /// Whether the value is `null`.
    package var isNull: Bool {
        if case .null = value { return true }
        return false
    }

    /// An error about this value.
    package func failure(_ message: String) -> JSONShapeError {
        JSONShapeError(path: path, message: message)
    }

    /// The string's UTF-8 bytes.
    package func bytes() throws(JSONShapeError) -> [UInt8] {
        guard let bytes = value.bytes else { throw failure("expected a string, found \(kind)") }
        return bytes
    }

    /// The string.
    package func string() throws(JSONShapeError) -> String {
        String(decoding: try bytes(), as: UTF8.self)
    }

    /// The string, or `nil` for `null`.
    package func optionalString() throws(JSONShapeError) -> String? {
        if isNull { return nil }
        guard let text = value.text else { throw failure("expected a string or null, found \(kind)") }
        return text
    }

    /// The integer.
    package func integer() throws(JSONShapeError) -> Int {
        guard let integer = value.integer else { throw failure("expected an integer, found \(kind)") }
        return integer
    }

    /// The Boolean.
    package func bool() throws(JSONShapeError) -> Bool {
        guard case .bool(let flag) = value else { throw failure("expected true or false, found \(kind)") }
        return flag
    }

    /// The elements, each with its index in the path.
    package func array() throws(JSONShapeError) -> [JSONNode] {
        guard let elements = value.elements else { throw failure("expected an array, found \(kind)") }
        return elements.enumerated().map { JSONNode(value: $1, path: "\(path)[\($0)]") }
    }

    /// The members of an object that may only use `allowedKeys`, each at most once.
    package func object(allowing allowedKeys: [String]) throws(JSONShapeError) -> JSONObjectNode {
        guard case .object(let members) = value else { throw failure("expected an object, found \(kind)") }
        var seen: Set<String> = []
        for member in members {
            let memberPath = path.isEmpty ? member.key : "\(path).\(member.key)"
            guard allowedKeys.contains(member.key) else {
                throw JSONShapeError(
                    path: memberPath,
                    message: "unknown key \"\(member.key)\"; expected one of \(allowedKeys.sorted().joined(separator: ", "))")
            }
            guard seen.insert(member.key).inserted else {
                throw JSONShapeError(path: memberPath, message: "duplicate key \"\(member.key)\"")
            }
        }
        return JSONObjectNode(members: members, path: path)
    }

    /// The kind of value, for messages: `a string`, `null`, `an object`...
    var kind: String {
        switch value {
        case .null: "null"
        case .bool: "a Boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// The members of a JSON object whose keys were checked, looked up by key with their paths.
package struct JSONObjectNode: Sendable {
    private let members: [(key: String, value: ParsedJSON)]
    private let path: String

    init(members: [(key: String, value: ParsedJSON)], path: String) {
        self.members = members
        self.path = path
    }

    /// Whether the object has the key.
    package func contains(_ key: String) -> Bool {
        members.contains { $0.key == key }
    }

    /// The member's value, or `nil` when the key is absent.
    package func optional(_ key: String) -> JSONNode? {
        guard let member = members.first(where: { $0.key == key }) else { return nil }
        return JSONNode(value: member.value, path: path.isEmpty ? key : "\(path).\(key)")
    }

    /// The member's value, or `nil` when the key is absent or `null`.
    package func nonNull(_ key: String) -> JSONNode? {
        guard let node = optional(key), !node.isNull else { return nil }
        return node
    }

    /// The member's value; a missing key is an error.
    package func required(_ key: String) throws(JSONShapeError) -> JSONNode {
        guard let node = optional(key) else {
            throw JSONShapeError(path: path.isEmpty ? key : "\(path).\(key)", message: "required key is missing")
        }
        return node
    }
}
