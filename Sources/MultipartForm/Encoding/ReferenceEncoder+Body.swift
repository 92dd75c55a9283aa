extension ReferenceEncoder {
    /// A prepared body: its boundary, Content-Type and exact length, streamed on demand.
    ///
    /// Preparing reads no file; each stream opens and reads the files again, so a body can be
    /// streamed more than once (for a retried upload) and fails if a file changed size meanwhile.
    ///
    /// ```swift
    /// let body = try ReferenceEncoder().prepare(form)
    /// request.setValue(body.contentType, forHTTPHeaderField: "Content-Type")
    /// request.setValue(String(body.contentLength), forHTTPHeaderField: "Content-Length")
    /// try body.write(toFileAtPath: "/tmp/upload.body")      // or makeChunkIterator(), or bytes()
    /// ```
    public struct Body: Sendable {
        /// The default size of streamed chunks: 64 KiB.
        public static let defaultChunkSize = 64 * 1024

        /// A piece of the body: bytes in memory, or a file of known size that belongs to a field.
        enum Segment: Sendable {
            case bytes([UInt8])
            case file(path: String, size: Int, fieldIndex: Int)
        }

        /// The boundary's bytes, without the leading dashes.
        let boundaryBytes: [UInt8]
        /// The body in order; no segment is empty bytes.
        let segments: [Segment]

        /// The boundary, without the leading dashes.
        public var boundary: String { String(decoding: boundaryBytes, as: UTF8.self) }
        /// The request's `Content-Type` value: `multipart/form-data; boundary=B`, B quoted only when needed.
        public let contentType: String
        /// The exact number of bytes the body streams, known without reading any file.
        public let contentLength: Int

        init(boundary: [UInt8], parts: [PreparedPart]) {
            let delimiter = [ByteClass.dash, ByteClass.dash] + boundary
            let crlf = [ByteClass.cr, ByteClass.lf]
            var segments: [Segment] = []
            var pending = delimiter
            for (index, part) in parts.enumerated() {
                pending += crlf + part.header
                switch part.value {
                case .bytes(let bytes):
                    if bytes.isEmpty {
                        pending += crlf + delimiter
                        continue
                    }
                    segments.append(.bytes(pending))
                    segments.append(.bytes(bytes))
                case .file(let path, let size):
                    segments.append(.bytes(pending))
                    segments.append(.file(path: path, size: size, fieldIndex: index))
                }
                pending = crlf + delimiter
            }
            segments.append(.bytes(pending + [ByteClass.dash, ByteClass.dash] + crlf))
            self.boundaryBytes = boundary
            self.segments = segments
            self.contentType = ReferenceEncoder.contentType(boundary: boundary)
            self.contentLength = segments.reduce(0) { total, segment in
                switch segment {
                case .bytes(let bytes): return total + bytes.count
                case .file(_, let size, _): return total + size
                }
            }
        }

        /// Returns an iterator over the body in chunks of at most `chunkSize` bytes, reading files as it goes.
        /// - Parameter chunkSize: The most bytes one chunk holds.
        /// - Returns: An iterator that reads files only as it reaches them.
        public func makeChunkIterator(chunkSize: Int = defaultChunkSize) -> ChunkIterator {
            ChunkIterator(body: self, chunkSize: chunkSize)
        }

        /// Calls `handle` with each chunk in order, in constant memory; errors from reading files are ``Error``s.
        /// - Parameters:
        ///   - chunkSize: The most bytes one chunk holds.
        ///   - handle: Called with each chunk, in order.
        /// - Throws: ``Error`` when a file cannot be read or changed, or what `handle` throws.
        public func forEachChunk(chunkSize: Int = defaultChunkSize, _ handle: ([UInt8]) throws -> Void) throws {
            var iterator = makeChunkIterator(chunkSize: chunkSize)
            while let chunk = try iterator.next() {
                try handle(chunk)
            }
        }

        /// Returns the whole body in memory.
        /// - Returns: The whole body, ``contentLength`` bytes.
        /// - Throws: ``Error`` when a file cannot be read or changed since the body was prepared.
        public func bytes() throws(Error) -> [UInt8] {
            var iterator = makeChunkIterator(chunkSize: Swift.max(1, contentLength))
            var failure: Error?
            let bytes = [UInt8](unsafeUninitializedCapacity: contentLength) { buffer, count in
                count = 0
                do throws(Error) {
                    while count < buffer.count {
                        let rest = UnsafeMutableBufferPointer(rebasing: buffer[count...])
                        let read = try iterator.read(into: UnsafeMutableRawBufferPointer(rest))
                        if read == 0 { break }
                        count += read
                    }
                } catch {
                    failure = error
                }
            }
            if let failure { throw failure }
            return bytes
        }
    }
}
