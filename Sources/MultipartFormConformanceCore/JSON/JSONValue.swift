/// A JSON value with object keys kept in the order they were written, for a stable output schema.
package indirect enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case string(String)
    case array([JSONValue])
    case object([(key: String, value: JSONValue)])

    package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        lhs.rendered() == rhs.rendered()
    }

    /// `.string` for a value, `.null` for `nil`.
    package static func string(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }

    /// `.int` for a value, `.null` for `nil`.
    package static func int(_ value: Int?) -> JSONValue { value.map(JSONValue.int) ?? .null }

    /// Pretty-printed with two-space indentation; the first line is not indented, nested lines are
    /// indented by `level` steps more.
    package func rendered(level: Int = 0) -> String {
        let indent = String(repeating: "  ", count: level + 1)
        let closing = String(repeating: "  ", count: level)
        switch self {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .int(let value): return String(value)
        case .string(let value): return Self.quote(value)
        case .array(let items):
            if items.isEmpty { return "[]" }
            let inner = items.map { indent + $0.rendered(level: level + 1) }
            return "[\n" + inner.joined(separator: ",\n") + "\n" + closing + "]"
        case .object(let members):
            if members.isEmpty { return "{}" }
            let inner = members.map { indent + Self.quote($0.key) + ": " + $0.value.rendered(level: level + 1) }
            return "{\n" + inner.joined(separator: ",\n") + "\n" + closing + "}"
        }
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped, the rest as UTF-8.
    package static func quote(_ string: String) -> String {
        var result = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{08}": result += "\\b"
            case "\u{0C}": result += "\\f"
            case "\u{00}"..."\u{1F}", "\u{7F}", "\u{2028}", "\u{2029}":
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}

extension JSONValue {
    /// On one line, without spaces: for JSON Lines output, one value per line.
    package func compactRendering() -> String {
        switch self {
        case .null, .bool, .int, .string: return rendered()
        case .array(let items): return "[" + items.map { $0.compactRendering() }.joined(separator: ",") + "]"
        case .object(let members):
            return "{" + members.map { Self.quote($0.key) + ":" + $0.value.compactRendering() }.joined(separator: ",") + "}"
        }
    }
}
