import MultipartForm

/// Feeds a validator in chunks, as a server reading into one reused buffer does: each chunk is
/// copied into a scratch buffer, consumed, and the buffer is then overwritten.
///
/// The one chunked-feed helper of the test targets. Overwriting the buffer makes a report that
/// still read bytes of an earlier chunk after `consume` returned quote the overwritten bytes, so
/// comparing chunkings also checks that the validator copies what it keeps.
package enum ChunkedFeed {
    /// The byte written over the scratch buffer after every chunk.
    package static let scribble: UInt8 = 0xA5

    /// Feeds `body` to `validator` as the chunks between consecutive `boundaries` (offsets into the body).
    package static func feed(_ body: [UInt8], chunkBoundaries boundaries: [Int], into validator: inout MultipartValidator) {
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
    }

    /// Feeds `body` to `validator` `chunkSize` bytes at a time (the last chunk may be shorter; `Int.max` feeds it whole).
    package static func feed(_ body: [UInt8], chunkSize: Int, into validator: inout MultipartValidator) {
        feed(body, chunkBoundaries: boundaries(count: body.count, chunkSize: chunkSize), into: &validator)
    }

    /// Validates `body` fed as the chunks between consecutive `boundaries` (offsets into the body).
    package static func validate(
        _ body: [UInt8], contentType: String?, options: ValidationOptions = ValidationOptions(), chunkBoundaries boundaries: [Int]
    ) -> ValidationReport {
        var validator = MultipartValidator(contentType: contentType, options: options)
        feed(body, chunkBoundaries: boundaries, into: &validator)
        return validator.finish()
    }

    /// Validates `body` fed `chunkSize` bytes at a time (the last chunk may be shorter; `Int.max` feeds it whole).
    package static func validate(
        _ body: [UInt8], contentType: String?, options: ValidationOptions = ValidationOptions(), chunkSize: Int
    ) -> ValidationReport {
        validate(body, contentType: contentType, options: options, chunkBoundaries: boundaries(count: body.count, chunkSize: chunkSize))
    }

    /// Validates the given chunks fed in turn.
    package static func validate(
        chunks: [[UInt8]], contentType: String?, options: ValidationOptions = ValidationOptions()
    ) -> ValidationReport {
        let boundaries = chunks.dropLast().reduce(into: [Int]()) { $0.append(($0.last ?? 0) + $1.count) }
        return validate(Array(chunks.joined()), contentType: contentType, options: options, chunkBoundaries: boundaries)
    }

    /// The offsets that cut `count` bytes into chunks of `chunkSize` bytes.
    static func boundaries(count: Int, chunkSize: Int) -> [Int] {
        precondition(chunkSize > 0, "chunk sizes are positive")
        return Array(stride(from: chunkSize, to: count, by: chunkSize))
    }
}
