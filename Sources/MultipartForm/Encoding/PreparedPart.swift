/// One field turned into the bytes of its part header and a sized value, ready for any boundary.
struct PreparedPart: Sendable {
    /// Where a part's content comes from.
    enum Value: Sendable {
        /// Bytes held in memory, already normalised if asked.
        case bytes([UInt8])
        /// A regular file and the size `stat` reported for it when the body was prepared.
        case file(path: String, size: Int)

        /// The number of content bytes.
        var count: Int {
            switch self {
            case .bytes(let bytes): return bytes.count
            case .file(_, let size): return size
            }
        }
    }

    /// `Content-Disposition: ...` through the blank line that ends the header section.
    var header: [UInt8]
    /// The part's content.
    var value: Value

    private static let dispositionStart = Array("Content-Disposition: form-data; name=\"".utf8)
    private static let filenameStart = Array("\"; filename=\"".utf8)
    private static let contentTypeStart = Array("Content-Type: ".utf8)
    private static let crlf: [UInt8] = [ByteClass.cr, ByteClass.lf]
    private static let defaultFileType = Array("application/octet-stream".utf8)
    private static let blobFilename = Array("blob".utf8)

    /// Prepares every field of a form, sizing files with `stat` and reading none.
    static func make(_ form: Form, options: ReferenceEncoder.Options) throws(ReferenceEncoder.Error) -> [PreparedPart] {
        var parts: [PreparedPart] = []
        parts.reserveCapacity(form.fields.count)
        for (index, field) in form.fields.enumerated() {
            parts.append(try PreparedPart(field, index: index, options: options))
        }
        return parts
    }

    private init(_ field: Form.Field, index: Int, options: ReferenceEncoder.Options) throws(ReferenceEncoder.Error) {
        var name = Array(field.name.utf8)
        if options.normalizesNewlines { name = ParameterEscaping.normalizingNewlines(name) }
        var header = Self.dispositionStart + ParameterEscaping.escaped(name)
        if field.isFile {
            header += Self.filenameStart + ParameterEscaping.escaped(Self.filename(of: field))
            header += [ByteClass.quote] + Self.crlf + Self.contentTypeStart
            header += try Self.contentType(of: field, index: index) + Self.crlf
        } else {
            header += [ByteClass.quote] + Self.crlf
        }
        header += Self.crlf
        self.header = header

        switch field.value.storage {
        case .text(let text):
            let bytes = Array(text.utf8)
            value = .bytes(options.normalizesNewlines ? ParameterEscaping.normalizingNewlines(bytes) : bytes)
        case .bytes(let bytes):
            value = .bytes(bytes)
        case .file(let path):
            do {
                value = .file(path: path, size: try POSIXFile.regularFileSize(atPath: path))
            } catch {
                throw ReferenceEncoder.Error(.fileUnreadable, fieldIndex: index, error.message)
            }
        }
    }

    /// The given filename, else a file path's last `/`-separated component, else `blob`.
    private static func filename(of field: Form.Field) -> [UInt8] {
        if let filename = field.filename { return Array(filename.utf8) }
        if let path = field.value.filePath {
            return Array(path.utf8.split(separator: ByteClass.slash, omittingEmptySubsequences: false).last ?? [])
        }
        return blobFilename
    }

    /// The given media type, which must be non-empty printable ASCII, else `application/octet-stream`.
    private static func contentType(of field: Form.Field, index: Int) throws(ReferenceEncoder.Error) -> [UInt8] {
        guard let type = field.contentType else { return defaultFileType }
        let bytes = Array(type.utf8)
        guard !bytes.isEmpty else {
            throw ReferenceEncoder.Error(.invalidContentType, fieldIndex: index, "the content type is empty")
        }
        if let bad = bytes.first(where: { $0 < 0x20 || $0 > 0x7E }) {
            throw ReferenceEncoder.Error(
                .invalidContentType, fieldIndex: index,
                "the content type '\(escapedForMessage(bytes))' contains '\(escapedForMessage([bad]))'; only printable ASCII is allowed")
        }
        return bytes
    }
}
