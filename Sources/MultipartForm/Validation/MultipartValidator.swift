/// A streaming strict validator for multipart/form-data bodies.
///
/// Feed the body in chunks of any size with ``consume(_:)-(UnsafeRawBufferPointer)`` and call
/// ``finish()`` once; the report is identical for every chunking of the same bytes. Memory stays
/// bounded by the options' limits, whatever the body's size.
///
/// ```swift
/// var validator = MultipartValidator(contentType: "multipart/form-data; boundary=AaB03x")
/// validator.consume(bodyBytes)
/// let report = validator.finish()
/// ```
public struct MultipartValidator {
    var engine: ValidationEngine

    /// Creates a validator for a body sent with the given `Content-Type` value (`nil` infers the boundary).
    public init(contentType: String?, options: ValidationOptions = ValidationOptions()) {
        engine = ValidationEngine(contentType: contentType.map { Array($0.utf8) }, options: options, depth: 0)
    }

    /// Validates the next bytes of the body.
    ///
    /// - Complexity: O(n) in the chunk's length; no consumed byte is scanned twice.
    public mutating func consume(_ chunk: UnsafeRawBufferPointer) {
        engine.consume(chunk)
    }

    /// Validates the next bytes of the body.
    public mutating func consume(_ chunk: [UInt8]) {
        chunk.withUnsafeBytes { engine.consume($0) }
    }

    /// Validates the next bytes of the body.
    public mutating func consume(_ chunk: ArraySlice<UInt8>) {
        chunk.withUnsafeBytes { engine.consume($0) }
    }

    /// Ends the body and returns every finding and the decoded parts.
    public mutating func finish() -> ValidationReport {
        engine.finish()
    }

    /// Validates a whole body held in memory, fed to the validator `chunkSize` bytes at a time.
    ///
    /// The last piece may be shorter. The report is the same for every chunk size; a small one feeds
    /// the body as a stream delivering it in pieces would, which is how tests and fuzzers check that.
    /// - Precondition: `chunkSize` is positive.
    public static func validate(
        _ body: [UInt8], contentType: String?, options: ValidationOptions = ValidationOptions(),
        chunkSize: Int = .max
    ) -> ValidationReport {
        precondition(chunkSize > 0, "chunk sizes are positive")
        var validator = MultipartValidator(contentType: contentType, options: options)
        body.withUnsafeBytes { raw in
            var start = 0
            while start < raw.count {
                let end = start + min(chunkSize, raw.count - start)
                validator.consume(UnsafeRawBufferPointer(rebasing: raw[start..<end]))
                start = end
            }
        }
        return validator.finish()
    }
}
