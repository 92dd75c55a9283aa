/// One field turned into the bytes of its part header and a sized value, ready for any boundary.
struct PreparedPart: Sendable {
    /// Where a part's content comes from.
    enum Value: Sendable {
        /// Bytes held in memory, already normalised if asked.
        case bytes([UInt8])
        /// A regular file and the size `stat` reported for it when the body was prepared.
        case file(path: String, size: Int)
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
    static func make(_ form: FormData, options: ReferenceEncoder.Options) throws(ReferenceEncoder.Error) -> [PreparedPart] {
        var parts: [PreparedPart] = []
        parts.reserveCapacity(form.fields.count)
        for (index, field) in form.fields.enumerated() {
            parts.append(try PreparedPart(field, index: index, options: options))
        }
        return parts
    }

    private init(_ field: FormData.Field, index: Int, options: ReferenceEncoder.Options) throws(ReferenceEncoder.Error) {
        var name = Array(field.name.utf8)
        if options.normalizesNewlines { name = ParameterEscaping.normalizingNewlines(name) }
        var header = Self.dispositionStart
        header += try Self.parameter(name, code: .unrepresentableName, label: "name", index: index)
        if field.isFile {
            header += Self.filenameStart
            header += try Self.parameter(
                Self.filename(of: field), code: .unrepresentableFilename, label: "filename", index: index)
            header += [ByteClass.quote] + Self.crlf + Self.contentTypeStart
            header += try Self.contentType(of: field, index: index) + Self.crlf
        } else {
            header += [ByteClass.quote] + Self.crlf
        }
        header += Self.crlf
        try Self.checkLimits(header, index: index)
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

    /// Refuses a header the strict validator's default limits would skip, so every body the encoder writes validates.
    ///
    /// Receivers cap header sizes too (``ValidationOptions/maxHeaderLineLength``,
    /// ``ValidationOptions/maxHeaderBytes``): a name or filename long enough to pass them would be
    /// dropped, and the part with it.
    private static func checkLimits(_ header: [UInt8], index: Int) throws(ReferenceEncoder.Error) {
        let limits = ValidationOptions()
        let section = header.count - crlf.count  // the blank line that ends the section is not counted
        var lineStart = 0
        var position = 0
        while position + 1 < header.count {
            if header[position] == ByteClass.cr && header[position + 1] == ByteClass.lf {
                let length = position - lineStart
                if length > limits.maxHeaderLineLength {
                    throw ReferenceEncoder.Error(
                        .headerTooLong, fieldIndex: index,
                        "a header line of \(length) bytes passes the limit of \(limits.maxHeaderLineLength) that receivers and the validator apply; shorten the name or filename")
                }
                position += 2
                lineStart = position
            } else {
                position += 1
            }
        }
        if section > limits.maxHeaderBytes {
            throw ReferenceEncoder.Error(
                .headerTooLong, fieldIndex: index,
                "the part's header of \(section) bytes passes the limit of \(limits.maxHeaderBytes) that receivers and the validator apply; shorten the name or filename")
        }
    }

    /// A name or filename escaped for its quoted-string, or the reason it cannot be written.
    ///
    /// Two things escaping cannot fix: a NUL byte, which no header may hold (RFC 9110 §5.5), and an
    /// odd run of backslashes at the end, which a receiver that reads RFC 9110 quoted-pairs takes as
    /// escaping the closing quote, so the rest of the header would become part of the value.
    private static func parameter(
        _ bytes: [UInt8], code: ReferenceEncoder.Error.Code, label: String, index: Int
    ) throws(ReferenceEncoder.Error) -> [UInt8] {
        if bytes.contains(ByteClass.nul) {
            throw ReferenceEncoder.Error(
                code, fieldIndex: index,
                "the \(label) '\(escapedForMessage(bytes))' contains '\\x00', which no header can hold")
        }
        let trailingBackslashes = bytes.reversed().prefix { $0 == ByteClass.backslash }.count
        if trailingBackslashes % 2 == 1 {
            throw ReferenceEncoder.Error(
                code, fieldIndex: index,
                "the \(label) '\(escapedForMessage(bytes))' ends with '\\\\', which receivers read as escaping the closing quote")
        }
        return ParameterEscaping.escaped(bytes)
    }

    /// The given filename, else a file path's last `/`-separated component, else `blob`.
    private static func filename(of field: FormData.Field) -> [UInt8] {
        if let filename = field.filename { return Array(filename.utf8) }
        if let path = field.value.filePath {
            return Array(path.utf8.split(separator: ByteClass.slash, omittingEmptySubsequences: false).last ?? [])
        }
        return blobFilename
    }

    /// The given media type, which must be a well-formed non-multipart media type, else `application/octet-stream`.
    private static func contentType(of field: FormData.Field, index: Int) throws(ReferenceEncoder.Error) -> [UInt8] {
        guard let type = field.contentType else { return defaultFileType }
        let bytes = Array(type.utf8)
        func failure(_ reason: String) -> ReferenceEncoder.Error {
            ReferenceEncoder.Error(
                .invalidContentType, fieldIndex: index, "the content type '\(escapedForMessage(bytes))' \(reason)")
        }
        if let bad = bytes.first(where: { $0 < 0x20 || $0 > 0x7E }) {
            throw failure("contains '\(escapedForMessage([bad]))'; only printable ASCII is allowed")
        }
        let media = MediaType.parse(bytes)
        if let error = media.syntaxError {
            throw failure("is not type/subtype with parameters: \(error.message) at column \(error.index + 1)")
        }
        if bytes.first == ByteClass.space || bytes.last == ByteClass.space {
            throw failure("has leading or trailing spaces")
        }
        if media.type == ByteClass.multipart {
            throw failure("is multipart; RFC 7578 §4.3 sends several files as separate parts with the same name")
        }
        return bytes
    }
}
