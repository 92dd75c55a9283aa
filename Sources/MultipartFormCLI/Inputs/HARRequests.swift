import MultipartFormConformanceCore
/// The multipart/form-data requests of a HAR file (HTTP Archive, as browser developer tools export it).
///
/// Reads `log.entries[].request` with `method`, `url`, `headers[{name, value}]` and
/// `postData{mimeType, text, params}`. The body is `postData.text`, decoded from its JSON string.
struct HARRequests {
    /// The largest HAR file read, in bytes.
    static let maxDocumentSize = 256 * 1024 * 1024

    /// The most JSON values kept from the requests of a HAR file; everything outside them is checked but never stored.
    static let maxKeptValues = 1_000_000

    /// Whether the value at `path` is one the requests are read from: the entries' `request` objects,
    /// their method, url, header names and values, and `postData`'s mimeType, text and (empty) params.
    /// Responses, timings, caches, cookies and anything else are parsed without being kept.
    @Sendable static func isKept(_ path: [String]) -> Bool {
        let prefix = ["log", "entries", "[]", "request"]
        for (index, key) in path.prefix(prefix.count).enumerated() where key != prefix[index] { return false }
        guard path.count > prefix.count else { return true }
        let rest = path[prefix.count...]
        switch rest.first {
        case "method", "url": return rest.count == 1
        case "headers": return rest.count <= 2 || (rest.count == 3 && ["name", "value"].contains(rest.last!))
        // params is kept empty: only its presence matters (the HAR then holds fields, not bytes).
        case "postData": return rest.count == 1 || (rest.count == 2 && ["mimeType", "text", "params"].contains(rest.last!))
        default: return false
        }
    }

    /// One request whose Content-Type is multipart/form-data.
    struct Entry {
        /// The one-based position of the entry in `log.entries`.
        var number: Int
        var method: String
        var url: String
        /// The request's Content-Type: its header, else `postData.mimeType`.
        var contentType: String
        /// The decoded `postData.text`, or empty when there is none.
        var body: [UInt8]
        /// Whether the entry has `postData.text` at all (without it there is no body to validate).
        var holdsBody: Bool
        /// Why the HAR cannot be trusted to hold the bytes actually sent, or `nil`.
        var fidelityNote: String?
    }

    /// The number of entries in `log.entries`.
    var entryCount: Int
    /// The multipart/form-data requests, in entry order.
    var entries: [Entry]

    /// Parses a HAR document; throws a message for malformed JSON or a document that is not a HAR.
    init(document: [UInt8]) throws(HARError) {
        var reader = StrictJSONReader(document, keeping: Self.isKept, maxKeptValues: Self.maxKeptValues)
        let root: ParsedJSON
        do throws(JSONSyntaxError) {
            root = try reader.parseDocument()
        } catch {
            if error.isOverBudget {
                throw HARError(
                    message: "its requests hold more than \(Self.maxKeptValues) JSON values, the most read from one HAR file; export fewer requests, or save the request's body and validate it with --content-type")
            }
            throw HARError(message: error.description)
        }
        guard case .object = root else { throw HARError(message: "not a HAR file: the document is not a JSON object") }
        guard let log = root.member("log"), case .object = log else {
            throw HARError(message: "not a HAR file: no 'log' object")
        }
        guard let list = log.member("entries")?.elements else {
            throw HARError(message: "not a HAR file: no 'log.entries' array")
        }
        entryCount = list.count
        entries = []
        for (position, entry) in list.enumerated() {
            let number = position + 1
            guard let request = entry.member("request"), case .object = request else {
                throw HARError(message: "not a HAR file: log.entries[\(position)] has no 'request' object")
            }
            let postData = request.member("postData")
            var contentType: String?
            if let headers = request.member("headers")?.elements {
                for header in headers {
                    guard let name = header.member("name")?.text, let value = header.member("value")?.text else {
                        continue
                    }
                    if Self.lowercased(name) == "content-type" {
                        contentType = value
                        break
                    }
                }
            }
            if contentType == nil { contentType = postData?.member("mimeType")?.text }
            guard let contentType, Self.isMultipartFormData(contentType) else { continue }

            let text = postData?.member("text")?.bytes
            var fidelityNote: String?
            if postData == nil {
                fidelityNote = "the request has no postData: the HAR file does not hold the body"
            } else if text == nil {
                if postData?.member("params") != nil {
                    fidelityNote = "postData has params but no text: the HAR file holds the fields, not the body's bytes"
                } else {
                    fidelityNote = "postData has no text: the HAR file does not hold the body"
                }
            } else if let text, Self.containsReplacementCharacter(text) {
                fidelityNote =
                    "postData.text contains U+FFFD replacement characters: the browser replaced bytes it could not store as text (a binary file?)"
            } else if let text, Self.containsC1Control(text) {
                fidelityNote =
                    "postData.text contains C1 control characters (U+0080 to U+009F): the exporter probably stored each byte of a binary file as one character, and the bytes validated are those characters in UTF-8, not the bytes sent"
            }
            entries.append(
                Entry(
                    number: number, method: request.member("method")?.text ?? "?",
                    url: request.member("url")?.text ?? "?", contentType: contentType, body: text ?? [], holdsBody: text != nil,
                    fidelityNote: text == nil
                        ? fidelityNote.map { $0 + "; it is not validated" }
                        : fidelityNote.map { $0 + "; findings may not reflect the bytes actually sent" }))
        }
    }

    /// Whether a Content-Type value's media type is multipart/form-data (case-insensitive).
    static func isMultipartFormData(_ value: String) -> Bool {
        let mediaType = value.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return lowercased(String(mediaType).trimmingSpaces) == "multipart/form-data"
    }

    /// ASCII lower-casing (header names and media types are ASCII).
    static func lowercased(_ text: String) -> String {
        String(decoding: text.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }, as: UTF8.self)
    }

    /// Whether the UTF-8 bytes hold a C1 control character (U+0080 to U+009F: C2 80 to C2 9F).
    ///
    /// Text never holds these; a byte-per-character (Latin-1) rendering of binary content does.
    static func containsC1Control(_ bytes: [UInt8]) -> Bool {
        var index = 0
        while index + 1 < bytes.count {
            if bytes[index] == 0xC2, (0x80...0x9F).contains(bytes[index + 1]) { return true }
            index += 1
        }
        return false
    }

    /// Whether the bytes hold U+FFFD (EF BF BD).
    static func containsReplacementCharacter(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 3 else { return false }
        var index = 0
        while index + 2 < bytes.count {
            if bytes[index] == 0xEF, bytes[index + 1] == 0xBF, bytes[index + 2] == 0xBD { return true }
            index += 1
        }
        return false
    }
}

/// A HAR file that cannot be read: malformed JSON or not the HAR shape.
struct HARError: Error {
    var message: String
}

extension String {
    /// The string without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        var scalars = Substring(self)
        while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
        while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
        return String(scalars)
    }
}
