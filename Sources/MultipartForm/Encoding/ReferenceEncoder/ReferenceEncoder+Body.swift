extension ReferenceEncoder {
    /// A prepared body: its boundary, Content-Type and exact length, streamed on demand.
    ///
    /// Preparing reads no file; each stream opens and reads the files again, so a body can be
    /// streamed more than once (for a retried upload) and fails if a file changed size meanwhile.
    /// A body holds the form's fields (shared with the caller's form, not copied) and writes each
    /// part's header as it streams, so its memory beyond the form is one header and one chunk,
    /// whatever the number of fields.
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

        /// The boundary's bytes, without the leading dashes.
        let boundaryBytes: [UInt8]
        /// The fields, shared with the caller's form (arrays and strings are copied on write, so
        /// holding them costs nothing); each part's header is written again as the body streams.
        let form: FormData
        /// How names and text values are written.
        let options: ReferenceEncoder.Options
        /// The size of each file value when the body was prepared, in field order.
        let fileSizes: [Int]

        /// The boundary, without the leading dashes.
        public var boundary: String { String(decoding: boundaryBytes, as: UTF8.self) }
        /// The request's `Content-Type` value: `multipart/form-data; boundary=B`, B quoted only when needed.
        public let contentType: String
        /// The exact number of bytes the body streams, known without reading any file.
        public let contentLength: Int

        /// A body of `form`, whose headers and values were measured at `partBytes` in all.
        init(boundary: [UInt8], form: FormData, options: ReferenceEncoder.Options, fileSizes: [Int], partBytes: Int) {
            self.boundaryBytes = boundary
            self.form = form
            self.options = options
            self.fileSizes = fileSizes
            self.contentType = ReferenceEncoder.contentType(boundary: boundary)
            // Each part: `--B` CRLF, its header and value, CRLF; then the close delimiter `--B--` CRLF.
            let delimiterLine = 2 + boundary.count + 2
            self.contentLength = form.fields.count * (delimiterLine + 2) + partBytes + delimiterLine + 2
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
