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
        let ends = boundaries + [body.count]
        let largest = zip([0] + ends, ends).map { $1 - $0 }.max() ?? 0
        var scratch = [UInt8](repeating: scribble, count: largest)
        var start = 0
        for end in ends {
            scratch.withUnsafeMutableBytes { buffer in
                // Only the chunk's own bytes are overwritten: overwriting the whole buffer after every
                // chunk made a replay a byte at a time quadratic in the body's length.
                let chunk = UnsafeMutableRawBufferPointer(rebasing: buffer[0..<(end - start)])
                body.withUnsafeBytes { chunk.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[start..<end])) }
                validator.consume(UnsafeRawBufferPointer(chunk))
                chunk.initializeMemory(as: UInt8.self, repeating: scribble)
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
        let boundaries = Array(stride(from: chunkSize, to: body.count, by: chunkSize))
        return validate(body, contentType: contentType, options: options, chunkBoundaries: boundaries)
    }
}
