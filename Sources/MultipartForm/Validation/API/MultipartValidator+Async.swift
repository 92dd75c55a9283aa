extension MultipartValidator {
    /// Validates a body that arrives as an async sequence of chunks, such as a server framework's
    /// body stream (`[UInt8]`, `ArraySlice<UInt8>`, `Data` or a `ByteBuffer`'s `readableBytesView` each).
    ///
    /// Each chunk is validated as it arrives and then released; the report is the one
    /// ``validate(_:contentType:options:chunkSize:)`` gives for the same bytes.
    /// - Parameters:
    ///   - chunks: The body, chunk by chunk.
    ///   - contentType: The request's `Content-Type` value, or `nil` to infer the boundary from the body.
    ///   - options: Limits and what the report keeps.
    /// - Returns: Every finding and the decoded parts.
    /// - Throws: Whatever the sequence throws; the body is then incomplete and no report is made.
    public static func validate<Chunks: AsyncSequence>(
        chunks: Chunks, contentType: String?, options: ValidationOptions = ValidationOptions()
    ) async throws -> ValidationReport where Chunks.Element: Sequence, Chunks.Element.Element == UInt8 {
        var validator = MultipartValidator(contentType: contentType, options: options)
        for try await chunk in chunks {
            validator.consume(chunk)
        }
        return validator.finish()
    }

    /// Validates a body that arrives as an async sequence of single bytes, such as the
    /// `URLSession.AsyncBytes` that `URLSession.bytes(for:)` returns.
    ///
    /// Bytes are gathered 64 KiB at a time before they are validated, so memory stays bounded.
    /// - Parameters:
    ///   - bytes: The body, byte by byte.
    ///   - contentType: The request's `Content-Type` value, or `nil` to infer the boundary from the body.
    ///   - options: Limits and what the report keeps.
    /// - Returns: Every finding and the decoded parts.
    /// - Throws: Whatever the sequence throws; the body is then incomplete and no report is made.
    public static func validate<Bytes: AsyncSequence>(
        bytes: Bytes, contentType: String?, options: ValidationOptions = ValidationOptions()
    ) async throws -> ValidationReport where Bytes.Element == UInt8 {
        var validator = MultipartValidator(contentType: contentType, options: options)
        var buffer: [UInt8] = []
        buffer.reserveCapacity(copyPieceSize)
        for try await byte in bytes {
            buffer.append(byte)
            if buffer.count == copyPieceSize {
                validator.consume(buffer)
                buffer.removeAll(keepingCapacity: true)
            }
        }
        validator.consume(buffer)
        return validator.finish()
    }
}
