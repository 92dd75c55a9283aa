/// A malformed or truncated chunked body, with where in the capture it went wrong.
struct ChunkedError: Error {
    var message: String
}

/// Where one chunk's data starts, in the body and in the capture.
struct ChunkRecord {
    /// The offset of the chunk's first data byte in the decoded body.
    var bodyStart: Int
    /// The offset of the chunk's first data byte in the capture.
    var fileStart: Int
    /// The one-based capture line of that byte (its column is always 1: it follows the size line).
    var fileLine: Int
    /// The one-based body line of that byte.
    var bodyLine: Int
    /// The chunk's size.
    var size: Int
}

/// A streaming decoder of `Transfer-Encoding: chunked` (RFC 9112 §7.1): chunk sizes, extensions,
/// the last chunk and trailer fields. Bare LF line ends are accepted and remembered.
struct ChunkedDecoder {
    private enum LineKind { case size, dataEnd, trailer }
    private enum State {
        case size
        case sizeWhitespace
        case extensions
        case lineFeed(LineKind)
        case data
        case dataEnd
        case trailer
        case done
    }

    static let maxExtensionLength = 4096
    static let maxTrailerSize = 64 * 1024

    private var state: State = .size
    /// The capture offset and line of the next byte.
    private(set) var fileOffset: Int
    private(set) var fileLine: Int
    private var lineStart: Int
    /// The body offset and line of the next data byte.
    private(set) var bodyOffset: Int
    private(set) var bodyLine: Int
    private var size = 0
    private var sizeDigits = 0
    private var remaining = 0
    private var lineLength = 0
    private var trailerSize = 0
    private var trailerHasColon = false
    /// Where the last-chunk (`0`) line starts, once seen.
    private(set) var lastChunkPosition: (offset: Int, line: Int)?
    private var sizeLineStart: (offset: Int, line: Int)
    /// Whether a bare LF ended a framing line.
    private(set) var sawBareLF = false
    /// The number of data chunks seen.
    private(set) var chunkCount = 0

    var isDone: Bool { if case .done = state { true } else { false } }

    /// A decoder for a chunked body starting at `fileOffset` (at the start of line `fileLine`).
    init(fileOffset: Int, fileLine: Int) {
        self.fileOffset = fileOffset
        self.fileLine = fileLine
        lineStart = fileOffset
        bodyOffset = 0
        bodyLine = 1
        sizeLineStart = (fileOffset, fileLine)
    }

    /// A decoder resuming at the start of a recorded chunk's data.
    init(resumingAt record: ChunkRecord) {
        self.init(fileOffset: record.fileStart, fileLine: record.fileLine)
        bodyOffset = record.bodyStart
        bodyLine = record.bodyLine
        remaining = record.size
        state = .data
    }

    /// Decodes the next bytes of the capture; returns how many were used (fewer than given only when
    /// the body ended: the rest follows the chunked body).
    ///
    /// `data` receives each run of body bytes; `chunk` each chunk as it starts.
    mutating func feed(
        _ buffer: UnsafeRawBufferPointer, data: (UnsafeRawBufferPointer) -> Void, chunk: (ChunkRecord) -> Void
    ) throws(ChunkedError) -> Int {
        var index = 0
        while index < buffer.count {
            if case .done = state { return index }
            if case .data = state {
                let count = min(remaining, buffer.count - index)
                let run = UnsafeRawBufferPointer(rebasing: buffer[index..<index + count])
                for (position, byte) in run.enumerated() where byte == 0x0A {
                    bodyLine += 1
                    fileLine += 1
                    lineStart = fileOffset + position + 1
                }
                data(run)
                index += count
                fileOffset += count
                bodyOffset += count
                remaining -= count
                if remaining == 0 { state = .dataEnd }
                continue
            }
            let byte = buffer[index]
            try step(byte, chunk: chunk)
            index += 1
            fileOffset += 1
            if byte == 0x0A {
                fileLine += 1
                lineStart = fileOffset
            }
        }
        return index
    }

    private mutating func step(_ byte: UInt8, chunk: (ChunkRecord) -> Void) throws(ChunkedError) {
        switch state {
        case .size:
            if let digit = Self.hexValue(byte) {
                if sizeDigits > 0 || digit != 0 { sizeDigits += 1 }
                guard sizeDigits <= 15 else { throw failure("chunk size is too large") }
                size = size << 4 | digit
                lineLength += 1
                return
            }
            guard lineLength > 0 else { throw failure("expected a hexadecimal chunk size, found \(Self.describe(byte))") }
            switch byte {
            case 0x20, 0x09: state = .sizeWhitespace
            case UInt8(ascii: ";"): state = .extensions
            case 0x0D: state = .lineFeed(.size)
            case 0x0A: sawBareLF = true; try endLine(.size, chunk: chunk)
            default: throw failure("unexpected \(Self.describe(byte)) after the chunk size")
            }
        case .sizeWhitespace:
            switch byte {
            case 0x20, 0x09: break
            case UInt8(ascii: ";"): state = .extensions
            case 0x0D: state = .lineFeed(.size)
            case 0x0A: sawBareLF = true; try endLine(.size, chunk: chunk)
            default: throw failure("unexpected \(Self.describe(byte)) after the chunk size")
            }
        case .extensions:
            switch byte {
            case 0x0D: state = .lineFeed(.size)
            case 0x0A: sawBareLF = true; try endLine(.size, chunk: chunk)
            case 0x09, 0x20...0x7E, 0x80...0xFF:
                lineLength += 1
                guard lineLength <= Self.maxExtensionLength else {
                    throw failure("chunk extensions longer than \(Self.maxExtensionLength) bytes")
                }
            default: throw failure("control character \(Self.describe(byte)) in a chunk extension")
            }
        case .lineFeed(let kind):
            guard byte == 0x0A else { throw failure("expected LF after CR, found \(Self.describe(byte))") }
            try endLine(kind, chunk: chunk)
        case .dataEnd:
            switch byte {
            case 0x0D: state = .lineFeed(.dataEnd)
            case 0x0A: sawBareLF = true; try endLine(.dataEnd, chunk: chunk)
            default:
                throw failure("chunk data is longer than its declared size \(size) (expected CRLF, found \(Self.describe(byte)))")
            }
        case .trailer:
            trailerSize += 1
            guard trailerSize <= Self.maxTrailerSize else { throw failure("trailer section longer than \(Self.maxTrailerSize) bytes") }
            switch byte {
            case 0x0D: state = .lineFeed(.trailer)
            case 0x0A: sawBareLF = true; try endLine(.trailer, chunk: chunk)
            case 0x20 where lineLength == 0, 0x09 where lineLength == 0:
                throw failure("obsolete line folding (obs-fold) in the trailer section is not supported")
            case UInt8(ascii: ":"):
                trailerHasColon = true
                lineLength += 1
            default:
                lineLength += 1
            }
        case .data, .done:
            break
        }
    }

    private mutating func endLine(_ kind: LineKind, chunk: (ChunkRecord) -> Void) throws(ChunkedError) {
        switch kind {
        case .size:
            if size == 0 {
                lastChunkPosition = sizeLineStart
                state = .trailer
                lineLength = 0
                trailerHasColon = false
            } else {
                chunk(
                    ChunkRecord(
                        bodyStart: bodyOffset, fileStart: fileOffset + 1, fileLine: fileLine + 1, bodyLine: bodyLine,
                        size: size))
                chunkCount += 1
                remaining = size
                state = .data
            }
        case .dataEnd:
            startSizeLine(at: fileOffset + 1, line: fileLine + 1)
        case .trailer:
            if lineLength == 0 {
                state = .done
            } else {
                guard trailerHasColon else { throw failure("malformed trailer field (no ':')") }
                lineLength = 0
                trailerHasColon = false
                state = .trailer
            }
        }
    }

    private mutating func startSizeLine(at offset: Int, line: Int) {
        state = .size
        size = 0
        sizeDigits = 0
        lineLength = 0
        sizeLineStart = (offset, line)
    }

    /// The error for a capture that ends before the chunked body does.
    func truncation() -> ChunkedError? {
        let ending: String
        switch state {
        case .done: return nil
        case .data: ending = "inside chunk data (\(remaining) of the chunk's \(size) bytes are missing)"
        case .dataEnd, .lineFeed(.dataEnd): ending = "before the CRLF that ends chunk data"
        case .trailer, .lineFeed(.trailer): ending = "inside the trailer section (no blank line ends it)"
        default: ending = "before the last chunk ('0' line)"
        }
        return ChunkedError(
            message: "truncated chunked body: the capture ends \(ending) at byte \(fileOffset) (line \(fileLine))")
    }

    private func failure(_ message: String) -> ChunkedError {
        ChunkedError(
            message: "malformed chunked body at byte \(fileOffset) (line \(fileLine), column \(fileOffset - lineStart + 1)): \(message)")
    }

    private static func hexValue(_ byte: UInt8) -> Int? {
        switch byte {
        case 0x30...0x39: Int(byte - 0x30)
        case 0x41...0x46: Int(byte - 0x41 + 10)
        case 0x61...0x66: Int(byte - 0x61 + 10)
        default: nil
        }
    }

    static func describe(_ byte: UInt8) -> String {
        switch byte {
        case 0x0D: "'\\r'"
        case 0x0A: "'\\n'"
        case 0x09: "'\\t'"
        case 0x20...0x7E: "'\(Character(UnicodeScalar(byte)))'"
        default: "byte 0x" + String(byte, radix: 16, uppercase: true)
        }
    }
}
