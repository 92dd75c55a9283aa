import MultipartForm

/// Feeds a validator as a server reading into one reused buffer does: each chunk is copied into a
/// scratch buffer, consumed, and the buffer is then overwritten, so a report that still read bytes
/// of an earlier chunk after `consume` returned would quote the overwritten bytes and differ.
enum ScribbledFeed {
    /// The byte written over the scratch buffer after every chunk.
    static let scribble: UInt8 = 0xA5

    /// Validates `body` fed as the chunks between consecutive `boundaries` (offsets into the body).
    static func validate(
        _ body: [UInt8], contentType: String?, options: ValidationOptions, chunkBoundaries boundaries: [Int]
    ) -> ValidationReport {
        var validator = MultipartValidator(contentType: contentType, options: options)
        var scratch = [UInt8](repeating: scribble, count: body.count)
        var start = 0
        for end in boundaries + [body.count] {
            let count = end - start
            scratch.withUnsafeMutableBytes { buffer in
                body.withUnsafeBytes { source in
                    buffer.baseAddress!.copyMemory(from: source.baseAddress! + start, byteCount: count)
                }
                validator.consume(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
                buffer.initializeMemory(as: UInt8.self, repeating: scribble)
            }
            start = end
        }
        return validator.finish()
    }

    /// Validates `body` fed `chunkSize` bytes at a time (the last chunk may be shorter).
    static func validate(
        _ body: [UInt8], contentType: String?, options: ValidationOptions, chunkSize: Int
    ) -> ValidationReport {
        precondition(chunkSize > 0, "chunk sizes are positive")
        let boundaries = stride(from: chunkSize, to: body.count, by: chunkSize).map { $0 }
        return validate(body, contentType: contentType, options: options, chunkBoundaries: boundaries)
    }
}
