extension JSONValue {
    /// A member holding bytes: `key: "text"` for valid UTF-8, `key_base64: "…"` otherwise, `key: null` for `nil`.
    package static func bytesMember(_ key: String, _ bytes: [UInt8]?) -> (key: String, value: JSONValue) {
        guard let bytes else { return (key, .null) }
        if let text = String(validating: bytes, as: UTF8.self) { return (key, .string(text)) }
        return (key + "_base64", .string(Base64.encode(bytes)))
    }
}
