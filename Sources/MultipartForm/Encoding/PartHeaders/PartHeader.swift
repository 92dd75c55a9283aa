import MultipartFormSystem

/// A field's part header (`Content-Disposition: ...` through the blank line that ends the section),
/// written into a buffer the caller reuses, and the length of the field's value.
///
/// The encoder keeps no part once it is written: preparing a body writes each header once into a
/// count (``HeaderLength``) to check and measure it, and streaming writes it again just before the
/// part's bytes go out. So a form of any number of fields costs one header's worth of memory beyond
/// the form itself. The boundary collision check reads the header's pieces from the field instead
/// (``forEachVariablePiece(of:atLeast:_:)``).
///
/// Each function reads its field in place, through a pointer into the form's storage: a copy of a
/// ``FormData/Field`` retains and releases its four strings, and a field passed by value was copied
/// at every call, several times a part.
enum PartHeader {
    private static let defaultFileType = Array("application/octet-stream".utf8)
    private static let blobFilename = Array("blob".utf8)

    /// Appends the part header of `field` (the field at `index` in its form) to `output`.
    /// - Throws: ``ReferenceEncoder/Error`` when the name, filename or content type cannot be written
    ///   faithfully, or the header would pass the receivers' limits.
    static func write<Output: HeaderOutput>(
        _ field: UnsafePointer<FormData.Field>, index: Int, options: ReferenceEncoder.Options, into output: inout Output
    ) throws(ReferenceEncoder.Error) {
        let start = output.written
        output.put("Content-Disposition: form-data; name=\"")
        var name = field.pointee.name
        var failure: ReferenceEncoder.Error?
        name.withUTF8 { name in
            do throws(ReferenceEncoder.Error) {
                if options.normalizesNewlines && ParameterEscaping.needsNormalizing(name) {
                    try ParameterEscaping.normalizingNewlines(name).withUnsafeBufferPointer { normalized throws(ReferenceEncoder.Error) in
                        try appendParameter(normalized, code: .unrepresentableName, label: "name", index: index, to: &output)
                    }
                } else {
                    try appendParameter(name, code: .unrepresentableName, label: "name", index: index, to: &output)
                }
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        let isFile = field.pointee.isFile
        if isFile {
            output.put("\"; filename=\"")
            try filename(of: field).withUnsafeBufferPointer { filename throws(ReferenceEncoder.Error) in
                try appendParameter(filename, code: .unrepresentableFilename, label: "filename", index: index, to: &output)
            }
        }
        output.put("\"")
        let dispositionLine = output.written - start
        var contentTypeLine = 0
        if isFile {
            let type = try contentType(of: field, index: index)
            output.put("\r\nContent-Type: ")
            type.withUnsafeBufferPointer { output.put($0) }
            contentTypeLine = output.written - start - dispositionLine - 2
        }
        output.put("\r\n\r\n")
        // The section runs through the last line's CRLF; the blank line is not counted.
        try checkLimits(lines: dispositionLine, contentTypeLine, section: output.written - start - 2, index: index)
    }

    /// The length of `field`'s part header, and a check that it can be written.
    /// - Throws: ``ReferenceEncoder/Error`` as ``write(_:index:options:into:)`` does.
    static func length(
        of field: UnsafePointer<FormData.Field>, index: Int, options: ReferenceEncoder.Options
    ) throws(ReferenceEncoder.Error) -> Int {
        var length = HeaderLength()
        try write(field, index: index, options: options, into: &length)
        return length.written
    }

    /// Calls `body` with each piece of the header that comes from the field (its name, filename and
    /// content type, as given) that is at least `minimumCount` bytes long, for the boundary collision
    /// check: the rest of a header is fixed text without `--`, and neither escaping nor newline
    /// normalisation can make or break a `--boundary`, which holds no `"`, `%`, CR or LF. Stops at
    /// the first piece for which `body` returns `true`, and returns whether one did.
    static func forEachVariablePiece(
        of field: UnsafePointer<FormData.Field>, atLeast minimumCount: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Bool
    ) -> Bool {
        if field.pointee.name.utf8.count >= minimumCount {
            var name = field.pointee.name
            if name.withUTF8(body) { return true }
        }
        guard field.pointee.isFile else { return false }
        let filename = filename(of: field)
        if filename.count >= minimumCount && filename.withUnsafeBufferPointer(body) { return true }
        guard var type = field.pointee.contentType, type.utf8.count >= minimumCount else { return false }
        return type.withUTF8(body)
    }

    /// The number of bytes `field`'s value streams: a text's UTF-8 (with lone CR and LF counted as
    /// CRLF when normalising), the bytes, or the size `stat` reports for a file, which is not read.
    /// - Throws: ``ReferenceEncoder/Error`` with ``ReferenceEncoder/Error/Code/fileUnreadable`` when a
    ///   file cannot be sized or is not a regular file.
    static func valueLength(
        of field: UnsafePointer<FormData.Field>, index: Int, options: ReferenceEncoder.Options
    ) throws(ReferenceEncoder.Error) -> Int {
        switch field.pointee.value.storage {
        case .text(var text):
            guard options.normalizesNewlines && ParameterEscaping.needsNormalizing(&text) else { return text.utf8.count }
            return ParameterEscaping.normalizedLength(text.utf8)
        case .bytes(let bytes):
            return bytes.count
        case .file(let path):
            do {
                return try POSIXFile.regularFileSize(atPath: path)
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
    ///
    /// Escaping leaves no CR or LF in a name or filename and a content type is printable, so the
    /// header's lines are the Content-Disposition line and, for a file, the Content-Type line
    /// (`0` when there is none); `section` counts every byte but the closing blank line.
    private static func checkLimits(
        lines disposition: Int, _ contentType: Int, section: Int, index: Int
    ) throws(ReferenceEncoder.Error) {
        let limits = ValidationOptions()
        func lineTooLong(_ length: Int) -> ReferenceEncoder.Error {
            ReferenceEncoder.Error(
                .headerTooLong, fieldIndex: index,
                "a header line of \(length) bytes passes the limit of \(limits.maxHeaderLineLength) that receivers and the validator apply; shorten the name or filename")
        }
        if disposition > limits.maxHeaderLineLength { throw lineTooLong(disposition) }
        if contentType > limits.maxHeaderLineLength { throw lineTooLong(contentType) }
        if section > limits.maxHeaderBytes {
            throw ReferenceEncoder.Error(
                .headerTooLong, fieldIndex: index,
                "the part's header of \(section) bytes passes the limit of \(limits.maxHeaderBytes) that receivers and the validator apply; shorten the name or filename")
        }
    }

    /// Appends a name or filename escaped for its quoted-string, or throws the reason it cannot be written.
    ///
    /// Two things escaping cannot fix: a NUL byte, which no header may hold (RFC 9110 §5.5), and an
    /// odd run of backslashes at the end, which a receiver that reads RFC 9110 quoted-pairs takes as
    /// escaping the closing quote, so the rest of the header would become part of the value.
    ///
    /// Bytes with nothing to escape or refuse, the common case, are put as they are, inline; the
    /// rest take ``appendEscapedParameter(_:code:label:index:to:)``.
    @inline(__always)
    private static func appendParameter<Output: HeaderOutput>(
        _ bytes: UnsafeBufferPointer<UInt8>, code: ReferenceEncoder.Error.Code, label: String, index: Int,
        to header: inout Output
    ) throws(ReferenceEncoder.Error) {
        if ParameterEscaping.isPlain(bytes) && bytes.last != ByteClass.backslash {
            header.put(bytes)
        } else {
            try appendEscapedParameter(bytes, code: code, label: label, index: index, to: &header)
        }
    }

    /// Appends a name or filename that holds a byte below 0x23 or ends with a backslash: escaped, or
    /// refused with the reason.
    private static func appendEscapedParameter<Output: HeaderOutput>(
        _ bytes: UnsafeBufferPointer<UInt8>, code: ReferenceEncoder.Error.Code, label: String, index: Int,
        to header: inout Output
    ) throws(ReferenceEncoder.Error) {
        if UnsafeRawBufferPointer(bytes).index(of: ByteClass.nul, from: 0) < bytes.count {
            throw ReferenceEncoder.Error(
                code, fieldIndex: index,
                "the \(label) '\(escapedForMessage(bytes))' contains '\\x00', which no header can hold")
        }
        if bytes.last == ByteClass.backslash && bytes.reversed().prefix(while: { $0 == ByteClass.backslash }).count % 2 == 1 {
            throw ReferenceEncoder.Error(
                code, fieldIndex: index,
                "the \(label) '\(escapedForMessage(bytes))' ends with '\\\\', which receivers read as escaping the closing quote")
        }
        ParameterEscaping.appendEscaped(bytes, to: &header)
    }

    /// The given filename, else a file path's last `/`-separated component, else `blob`.
    private static func filename(of field: UnsafePointer<FormData.Field>) -> [UInt8] {
        if let filename = field.pointee.filename { return Array(filename.utf8) }
        if let path = field.pointee.value.filePath {
            return Array(path.utf8.split(separator: ByteClass.slash, omittingEmptySubsequences: false).last ?? [])
        }
        return blobFilename
    }

    /// The given media type, which must be a well-formed non-multipart media type, else `application/octet-stream`.
    private static func contentType(
        of field: UnsafePointer<FormData.Field>, index: Int
    ) throws(ReferenceEncoder.Error) -> [UInt8] {
        guard let type = field.pointee.contentType else { return defaultFileType }
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

/// Where a part header's bytes go: a buffer, or only their count (``HeaderLength``).
protocol HeaderOutput {
    /// How many bytes have been put so far.
    var written: Int { get }
    /// Puts `bytes` after those already put.
    mutating func put(_ bytes: UnsafeBufferPointer<UInt8>)
}

extension HeaderOutput {
    /// Puts a literal's UTF-8.
    mutating func put(_ text: StaticString) {
        put(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }
}

extension Array: HeaderOutput where Element == UInt8 {
    var written: Int { count }
    mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) { append(contentsOf: bytes) }
}

/// Counts a header's bytes without keeping them.
struct HeaderLength: HeaderOutput {
    private(set) var written = 0
    mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) { written += bytes.count }
}

/// Writes a header straight into a caller's buffer from a given offset, counting what does not fit.
///
/// ``written`` keeps counting past the buffer's end, so the header's line lengths stay exact and
/// ``fits`` says afterwards whether every byte was copied.
struct BufferOutput: HeaderOutput {
    private let buffer: UnsafeMutableRawBufferPointer
    private(set) var written: Int

    /// An output that writes into `buffer` from `offset`.
    init(_ buffer: UnsafeMutableRawBufferPointer, from offset: Int) {
        self.buffer = buffer
        self.written = offset
    }

    /// Whether every byte put so far lies within the buffer.
    var fits: Bool { written <= buffer.count }

    mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) {
        let end = written + bytes.count
        if end <= buffer.count, let source = bytes.baseAddress, let target = buffer.baseAddress {
            (target + written).copyMemory(from: source, byteCount: bytes.count)
        }
        written = end
    }
}
