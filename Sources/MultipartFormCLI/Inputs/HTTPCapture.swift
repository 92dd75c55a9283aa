import MultipartForm

/// A capture that is not a readable HTTP/1.x request: bad head, bad or truncated chunked body.
struct HTTPCaptureError: Error {
    var message: String
}

/// The head of an HTTP/1.x request: request line and header fields.
struct HTTPRequestHead {
    /// The longest head read before giving up.
    static let maxSize = 64 * 1024

    var method: String
    var target: String
    var version: String
    var fields: [(name: String, value: String)]
    /// Whether a head line ended with a bare LF.
    var usesBareLF: Bool

    /// The values of the fields named `name` (compared case-insensitively).
    func values(_ name: String) -> [String] {
        let wanted = HARRequests.lowercased(name)
        return fields.filter { HARRequests.lowercased($0.name) == wanted }.map(\.value)
    }

    /// Where the head ends in `bytes` (the offset just past the blank line), or `nil` if it has not yet.
    static func end(in bytes: [UInt8]) -> Int? {
        var lineStart = 0
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x0A {
                let length = index - lineStart
                let empty = length == 0 || (length == 1 && bytes[lineStart] == 0x0D)
                if empty && lineStart > 0 { return index + 1 }
                lineStart = index + 1
            }
            index += 1
        }
        return nil
    }

    /// Whether `line` (without its line end) is an HTTP/1.x request line: `METHOD SP target SP HTTP/1.d`.
    static func isRequestLine(_ line: ArraySlice<UInt8>) -> Bool {
        let words = line.split(separator: 0x20, omittingEmptySubsequences: false)
        guard words.count == 3, !words[0].isEmpty, words[0].allSatisfy(isTokenByte), !words[1].isEmpty,
            words[1].allSatisfy({ $0 > 0x20 && $0 < 0x7F })
        else { return false }
        let version = Array(words[2])
        return version.count == 8 && version.starts(with: Array("HTTP/1.".utf8)) && (0x30...0x39).contains(version[7])
    }

    /// Parses a complete head (request line, fields, blank line).
    init(_ bytes: ArraySlice<UInt8>) throws(HTTPCaptureError) {
        var lines: [ArraySlice<UInt8>] = []
        var bareLF = false
        var lineStart = bytes.startIndex
        for index in bytes.indices where bytes[index] == 0x0A {
            var end = index
            if end > lineStart, bytes[end - 1] == 0x0D { end -= 1 } else { bareLF = true }
            lines.append(bytes[lineStart..<end])
            lineStart = index + 1
        }
        usesBareLF = bareLF
        guard let requestLine = lines.first, Self.isRequestLine(requestLine) else {
            let shown = String(decoding: (lines.first ?? bytes).prefix(80), as: UTF8.self)
            throw HTTPCaptureError(message: "the first line is not an HTTP/1.x request line ('METHOD target HTTP/1.1'): '\(shown)'")
        }
        let words = requestLine.split(separator: 0x20)
        method = String(decoding: words[0], as: UTF8.self)
        target = String(decoding: words[1], as: UTF8.self)
        version = String(decoding: words[2], as: UTF8.self)
        fields = []
        for (number, line) in lines.enumerated().dropFirst() where !line.isEmpty {
            let lineNumber = number + 1
            if line.first == 0x20 || line.first == 0x09 {
                throw HTTPCaptureError(
                    message:
                        "obsolete line folding (obs-fold) at line \(lineNumber): a header field continues on a line starting with whitespace; unfold it onto one line (RFC 9112 §5.2)"
                )
            }
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > line.startIndex,
                line[line.startIndex..<colon].allSatisfy(Self.isTokenByte)
            else {
                throw HTTPCaptureError(
                    message: "malformed header field at line \(lineNumber): '\(String(decoding: line.prefix(80), as: UTF8.self))'")
            }
            let name = String(decoding: line[line.startIndex..<colon], as: UTF8.self)
            // RFC 9110 §5.5: a value holding NUL, CR or LF is invalid and dangerous (readers that stop
            // at NUL, or take a lone CR for a line end, see another head): refused, never passed on.
            if let bad = line[(colon + 1)...].first(where: { $0 == 0x00 || $0 == 0x0D }) {
                throw HTTPCaptureError(
                    message:
                        "header field '\(name)' at line \(lineNumber) holds \(bad == 0 ? "a NUL byte" : "a CR byte not followed by LF"), which no field value may hold (RFC 9110 §5.5)"
                )
            }
            let value = String(decoding: line[(colon + 1)...], as: UTF8.self).trimmingSpaces
            fields.append((name, value))
        }
    }

    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
        }
    }
}

/// Streams a raw HTTP/1.1 request capture: parses its head, then passes the body (per Content-Length
/// or chunked) to the validator, remembering enough to map body positions back to the capture.
struct HTTPCaptureReader {
    /// The most chunk records kept; past it every other one is dropped and gaps are re-decoded.
    let maxChunkRecords: Int

    enum Framing {
        case contentLength(Int)
        case chunked
        case restOfCapture
    }

    private enum Stage {
        case head([UInt8])
        case body
        case chunked(ChunkedDecoder)
        case after
    }

    private let explicitContentType: String?
    private let options: ValidationOptions
    private var stage: Stage = .head([])
    private(set) var head: HTTPRequestHead?
    private(set) var framing: Framing = .restOfCapture
    private(set) var validator: MultipartValidator?
    /// The Content-Type the body is validated against (`--content-type` wins over the header).
    private(set) var contentType: String?
    /// The capture offset and line where the body starts.
    private(set) var bodyStart = 0
    private(set) var bodyStartLine = 1
    /// Body bytes passed to the validator.
    private(set) var bodyBytes = 0
    /// Bytes after the body's end.
    private(set) var trailingBytes = 0
    /// Bytes read from the capture.
    private(set) var captureBytes = 0
    /// Each finding's line and column in the body, as `serve` numbers them, parallel to the report's
    /// findings after ``finish(input:)`` (`nil` for a finding in the Content-Type).
    private(set) var bodyPositions: [(line: Int, column: Int)?] = []
    /// Notes and warnings about the capture, in order.
    private(set) var messages: [CLIMessage] = []
    private(set) var records: [ChunkRecord] = []
    /// The capture bytes read again to place findings in chunks whose records were dropped (kept for tests).
    let rereadBytes = ByteCounter()
    private var recordStride = 1
    private(set) var lastChunkPosition: (offset: Int, line: Int)?
    private var sawBareLFInChunks = false

    init(contentType: String?, options: ValidationOptions, maxChunkRecords: Int = 1 << 16) {
        explicitContentType = contentType
        self.options = options
        self.maxChunkRecords = max(2, maxChunkRecords)
    }

    /// Reads the next bytes of the capture.
    mutating func consume(_ buffer: UnsafeRawBufferPointer) throws(HTTPCaptureError) {
        captureBytes += buffer.count
        switch stage {
        case .head(var bytes):
            let previous = bytes.count
            bytes.append(contentsOf: buffer)
            guard let end = HTTPRequestHead.end(in: bytes) else {
                if bytes.count > HTTPRequestHead.maxSize {
                    throw HTTPCaptureError(message: "the request head is longer than \(HTTPRequestHead.maxSize) bytes")
                }
                stage = .head(bytes)
                return
            }
            try startBody(head: bytes[..<end], headLength: end)
            let rest = UnsafeRawBufferPointer(rebasing: buffer[(end - previous)...])
            captureBytes -= rest.count
            try consume(rest)
        case .body:
            var used = buffer.count
            if case .contentLength(let length) = framing { used = min(buffer.count, length - bodyBytes) }
            if used > 0 {
                validator?.consume(UnsafeRawBufferPointer(rebasing: buffer[..<used]))
                bodyBytes += used
            }
            trailingBytes += buffer.count - used
            if case .contentLength(let length) = framing, bodyBytes == length { stage = .after }
        case .chunked(var decoder):
            var validator = self.validator
            let used: Int
            do throws(ChunkedError) {
                used = try decoder.feed(buffer, data: { validator?.consume($0) }, chunk: { self.record($0) })
            } catch {
                throw HTTPCaptureError(message: error.message)
            }
            self.validator = validator
            bodyBytes = decoder.bodyOffset
            if decoder.isDone {
                lastChunkPosition = decoder.lastChunkPosition
                sawBareLFInChunks = decoder.sawBareLF
                stage = .after
                trailingBytes += buffer.count - used
            } else {
                stage = .chunked(decoder)
            }
        case .after:
            trailingBytes += buffer.count
        }
    }

    private mutating func record(_ record: ChunkRecord) {
        chunkIndex += 1
        guard (chunkIndex - 1) % recordStride == 0 else { return }
        if records.count == maxChunkRecords {
            records = records.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
            recordStride *= 2
            guard (chunkIndex - 1) % recordStride == 0 else { return }
        }
        records.append(record)
    }
    private var chunkIndex = 0

    private mutating func startBody(head bytes: ArraySlice<UInt8>, headLength: Int) throws(HTTPCaptureError) {
        let head = try HTTPRequestHead(bytes)
        self.head = head
        bodyStart = headLength
        bodyStartLine = 1 + bytes.lazy.filter { $0 == 0x0A }.count
        if head.usesBareLF {
            messages.append(.init(.note, "the request head ends lines with a bare LF instead of CRLF; read anyway"))
        }
        let types = head.values("Content-Type")
        if types.count > 1 { messages.append(.init(.warning, "\(types.count) Content-Type header fields; the first is used")) }
        if let explicitContentType {
            contentType = explicitContentType
        } else if let first = types.first {
            contentType = first
        } else {
            messages.append(.init(.warning, "the request has no Content-Type header field; the boundary is inferred"))
        }
        let read: (framing: HTTPBodyFraming, bothPresent: Bool)
        do throws(HTTPBodyFraming.Error) {
            read = try HTTPBodyFraming.read(head)
        } catch {
            throw HTTPCaptureError(message: error.message)
        }
        if read.bothPresent { messages.append(.init(.warning, HTTPBodyFraming.bothPresentWarning)) }
        switch read.framing {
        case .chunked:
            framing = .chunked
            stage = .chunked(ChunkedDecoder(fileOffset: bodyStart, fileLine: bodyStartLine))
        case .length(let length):
            framing = .contentLength(length)
            stage = length == 0 ? .after : .body
        case .none:
            messages.append(
                .init(.note, "the request has neither Content-Length nor Transfer-Encoding; the rest of the capture is taken as the body"))
            framing = .restOfCapture
            stage = .body
        }
        validator = MultipartValidator(contentType: contentType, options: options)
    }

    /// Ends the capture: throws for a truncated head or chunked body, else returns the report with
    /// positions mapped into the capture.
    mutating func finish(input: BodyInput) throws(HTTPCaptureError) -> ValidationReport {
        switch stage {
        case .head(let bytes):
            if bytes.isEmpty { throw HTTPCaptureError(message: "the capture is empty") }
            if let newline = bytes.firstIndex(of: 0x0A) {
                var line = bytes[..<newline]
                if line.last == 0x0D { line = line.dropLast() }
                if !HTTPRequestHead.isRequestLine(line) { _ = try HTTPRequestHead(bytes[...]) }
            }
            throw HTTPCaptureError(message: "truncated capture: the request head has no blank line ending it")
        case .chunked(let decoder):
            throw HTTPCaptureError(message: decoder.truncation()?.message ?? "truncated chunked body")
        case .body, .after:
            break
        }
        if sawBareLFInChunks {
            messages.append(.init(.note, "the chunked framing ends lines with a bare LF instead of CRLF; read anyway"))
        }
        if case .contentLength(let length) = framing {
            if bodyBytes < length {
                messages.append(
                    .init(
                        .warning,
                        "Content-Length is \(length) but only \(bodyBytes) body bytes are present: the capture is truncated"))
            }
        }
        if trailingBytes > 0 {
            let what: String
            switch framing {
            case .contentLength(let length): what = "after the \(length) bytes of Content-Length"
            default: what = "after the end of the chunked body"
            }
            messages.append(.init(.warning, "\(trailingBytes) trailing bytes \(what) are not part of the body"))
        }
        var validator = self.validator ?? MultipartValidator(contentType: contentType, options: options)
        var report = validator.finish()
        bodyPositions = report.diagnostics.map { $0.origin == .body ? ($0.line, $0.column) : nil }
        report.diagnostics = report.diagnostics.map { map($0, input: input) }
        return report
    }

    /// The finding with its body position moved into the capture.
    func map(_ diagnostic: Diagnostic, input: BodyInput) -> Diagnostic {
        guard diagnostic.origin == .body else { return diagnostic }
        let position: (offset: Int, line: Int, column: Int)
        switch framing {
        case .contentLength, .restOfCapture:
            position = (
                bodyStart + diagnostic.offset, bodyStartLine + diagnostic.line - 1, diagnostic.column
            )
        case .chunked:
            position = chunkedPosition(diagnostic.offset, line: diagnostic.line, column: diagnostic.column, input: input)
        }
        return Diagnostic(
            rule: diagnostic.rule, severity: diagnostic.severity, origin: .body, offset: position.offset,
            line: position.line, column: position.column, partIndex: diagnostic.partIndex,
            message: diagnostic.message, fixHint: diagnostic.fixHint)
    }

    /// Maps a decoded-body position to the capture through the chunk layout.
    func chunkedPosition(_ offset: Int, line: Int, column: Int, input: BodyInput) -> (offset: Int, line: Int, column: Int) {
        // The last record starting at or before the offset.
        var low = 0
        var high = records.count
        while low < high {
            let middle = (low + high) / 2
            if records[middle].bodyStart <= offset { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else {
            let end = lastChunkPosition ?? (bodyStart, bodyStartLine)
            return (end.offset, end.line, 1)
        }
        let record = records[low - 1]
        let end = record.bodyStart + record.size
        if offset < end || (offset == end && offset == bodyBytes) {
            return Self.position(in: record, offset: offset, line: line, column: column)
        }
        // A chunk whose record was dropped: decode again from the record before it, reading only up
        // to the next record kept, so each finding costs the gap between two records (about the
        // capture's size divided by maxChunkRecords), not a fixed 64 KiB window.
        var decoder = ChunkedDecoder(resumingAt: record)
        var found: ChunkRecord?
        var fileOffset = record.fileStart
        let gapEnd = low < records.count ? records[low].fileStart : Int.max
        while found == nil && fileOffset < gapEnd {
            let bytes = input.bytes(in: fileOffset..<min(fileOffset + BodyInput.chunkSize, gapEnd))
            rereadBytes.count += bytes.count
            if bytes.isEmpty { break }
            let used: Int? = bytes.withUnsafeBytes { buffer in
                try? decoder.feed(
                    buffer, data: { _ in },
                    chunk: { chunk in
                        if found == nil, chunk.bodyStart <= offset,
                            offset < chunk.bodyStart + chunk.size || offset == bodyBytes
                        {
                            found = chunk
                        }
                    })
            }
            guard let used, used == bytes.count, !decoder.isDone else { break }
            fileOffset += bytes.count
        }
        if let found {
            return Self.position(in: found, offset: offset, line: line, column: column)
        }
        // The capture could not be read again: the best estimate from the record.
        return Self.position(in: record, offset: offset, line: line, column: column)
    }

    private static func position(
        in record: ChunkRecord, offset: Int, line: Int, column: Int
    ) -> (offset: Int, line: Int, column: Int) {
        let fileOffset = record.fileStart + (offset - record.bodyStart)
        if line == record.bodyLine {
            return (fileOffset, record.fileLine, offset - record.bodyStart + 1)
        }
        return (fileOffset, record.fileLine + line - record.bodyLine, column)
    }
}

/// A note or warning about an input, printed on standard error (and in JSON output).
struct CLIMessage {
    enum Severity: String { case note, warning }
    var severity: Severity
    var text: String

    init(_ severity: Severity, _ text: String) {
        self.severity = severity
        self.text = text
    }
}

/// A count shared by copies of a value, for work done inside non-mutating methods.
final class ByteCounter: @unchecked Sendable {
    var count = 0
}
