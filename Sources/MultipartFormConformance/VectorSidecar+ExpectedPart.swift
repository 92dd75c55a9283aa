import Foundation

extension VectorSidecar {
    /// One part a vector expects to be decoded: its name, filename, Content-Type and content, as bytes.
    ///
    /// In JSON each value is a UTF-8 string or `null`; a value that is not valid UTF-8 is given under
    /// the same key with a `_base64` suffix instead (`name_base64`, `filename_base64`,
    /// `content_type_base64`, `body_base64`). Exactly one of the two spellings must be present.
    public struct ExpectedPart: Sendable, Hashable, Codable {
        /// The `name` parameter with quoted-pairs removed, or `nil` when the part has none.
        public var name: [UInt8]?
        /// The `filename` parameter with quoted-pairs removed, or `nil` when the part has none.
        public var filename: [UInt8]?
        /// The part's Content-Type value with surrounding whitespace removed, or `nil` when it has none.
        public var contentType: [UInt8]?
        /// The part's content.
        public var body: [UInt8]

        /// Creates an expected part.
        public init(name: [UInt8]?, filename: [UInt8]?, contentType: [UInt8]?, body: [UInt8]) {
            self.name = name
            self.filename = filename
            self.contentType = contentType
            self.body = body
        }

        enum CodingKeys: String, CodingKey, CaseIterable {
            case name
            case nameBase64 = "name_base64"
            case filename
            case filenameBase64 = "filename_base64"
            case contentType = "content_type"
            case contentTypeBase64 = "content_type_base64"
            case body
            case bodyBase64 = "body_base64"
        }

        /// Decodes an expected part, rejecting unknown keys and values given in both spellings.
        public init(from decoder: any Decoder) throws {
            try decoder.rejectUnknownKeys(CodingKeys.self)
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try Self.decodeBytes(container, text: .name, base64: .nameBase64)
            filename = try Self.decodeBytes(container, text: .filename, base64: .filenameBase64)
            contentType = try Self.decodeBytes(container, text: .contentType, base64: .contentTypeBase64)
            guard let body = try Self.decodeBytes(container, text: .body, base64: .bodyBase64) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .body, in: container, debugDescription: "a part's body must not be null")
            }
            self.body = body
        }

        /// Encodes the part: valid UTF-8 as text, anything else as base64.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try Self.encodeBytes(name, &container, text: .name, base64: .nameBase64)
            try Self.encodeBytes(filename, &container, text: .filename, base64: .filenameBase64)
            try Self.encodeBytes(contentType, &container, text: .contentType, base64: .contentTypeBase64)
            try Self.encodeBytes(body, &container, text: .body, base64: .bodyBase64)
        }

        private static func decodeBytes(
            _ container: KeyedDecodingContainer<CodingKeys>, text: CodingKeys, base64: CodingKeys
        ) throws -> [UInt8]? {
            switch (container.contains(text), container.contains(base64)) {
            case (true, true):
                throw DecodingError.dataCorruptedError(
                    forKey: base64, in: container,
                    debugDescription: "give either \"\(text.stringValue)\" or \"\(base64.stringValue)\", not both")
            case (false, false):
                throw DecodingError.keyNotFound(
                    text,
                    DecodingError.Context(
                        codingPath: container.codingPath,
                        debugDescription:
                            "a part needs \"\(text.stringValue)\" (a string or null) or \"\(base64.stringValue)\""))
            case (true, false):
                return try container.decode(String?.self, forKey: text).map { Array($0.utf8) }
            case (false, true):
                guard let encoded = try container.decode(String?.self, forKey: base64) else { return nil }
                guard let data = Data(base64Encoded: encoded) else {
                    throw DecodingError.dataCorruptedError(
                        forKey: base64, in: container, debugDescription: "\"\(encoded)\" is not valid base64")
                }
                return Array(data)
            }
        }

        private static func encodeBytes(
            _ bytes: [UInt8]?, _ container: inout KeyedEncodingContainer<CodingKeys>, text: CodingKeys,
            base64: CodingKeys
        ) throws {
            guard let bytes else {
                try container.encodeNil(forKey: text)
                return
            }
            if let string = String(validating: bytes, as: UTF8.self) {
                try container.encode(string, forKey: text)
            } else {
                try container.encode(Data(bytes).base64EncodedString(), forKey: base64)
            }
        }
    }
}
