/// A streaming strict validator for multipart/form-data bodies.
///
/// Feed the body in chunks of any size with ``consume(_:)-(UnsafeRawBufferPointer)`` (or any byte
/// sequence) and call ``finish()`` once; the report is identical for every chunking of the same
/// bytes. Memory stays bounded by the options' limits, whatever the body's size. A body that arrives
/// as an async sequence (`URLSession.bytes`, a server framework's body stream) goes through
/// ``validate(chunks:contentType:options:)`` or ``validate(bytes:contentType:options:)``.
///
/// A validator is a value: a copy taken part-way through a body goes on independently.
///
/// ```swift
/// var validator = MultipartValidator(contentType: "multipart/form-data; boundary=AaB03x")
/// validator.consume(bodyBytes)
/// let report = validator.finish()
/// ```
public struct MultipartValidator {
    var engine: ValidationEngine

    /// Creates a validator for a body sent with the given `Content-Type` value.
    /// - Parameters:
    ///   - contentType: The request's `Content-Type` value, or `nil` to infer the boundary from the body.
    ///   - options: Limits and what the report keeps.
    public init(contentType: String?, options: ValidationOptions = ValidationOptions()) {
        engine = ValidationEngine(contentType: contentType.map { Array($0.utf8) }, options: options, depth: 0)
    }

    /// Validates the next bytes of the body.
    ///
    /// - Parameter chunk: The bytes that follow the ones consumed so far. The validator keeps no
    ///   pointer into them once this returns (it copies what it keeps), so the buffer may be reused at once.
    /// - Complexity: O(n) in the chunk's length; no consumed byte is scanned twice.
    public mutating func consume(_ chunk: UnsafeRawBufferPointer) {
        engine.consume(chunk)
    }

    /// Validates the next bytes of the body, from any byte sequence: `[UInt8]`, `ArraySlice<UInt8>`,
    /// `Data`, a `ByteBuffer`'s `readableBytesView`.
    ///
    /// Contiguous sequences are read in place; others are copied 64 KiB at a time.
    /// - Parameter chunk: The bytes that follow the ones consumed so far.
    /// - Complexity: O(n) in the chunk's length.
    public mutating func consume(_ chunk: some Sequence<UInt8>) {
        let readInPlace: Void? = chunk.withContiguousStorageIfAvailable { engine.consume(UnsafeRawBufferPointer($0)) }
        guard readInPlace == nil else { return }
        var buffer: [UInt8] = []
        buffer.reserveCapacity(Self.copyPieceSize)
        for byte in chunk {
            buffer.append(byte)
            if buffer.count == Self.copyPieceSize {
                buffer.withUnsafeBytes { engine.consume($0) }
                buffer.removeAll(keepingCapacity: true)
            }
        }
        buffer.withUnsafeBytes { engine.consume($0) }
    }

    /// The findings made so far, from the `index`th on, in the order they were found.
    ///
    /// A server validating a body as it arrives shows each finding while the rest is still on its
    /// way: keep the number already shown and ask for the ones after it. ``finish()`` reports the
    /// same findings sorted by position, plus those only the end of the body can give (a missing
    /// close delimiter, say) and the `limit-diagnostics` note. Only the first
    /// ``ValidationOptions/maxDiagnostics`` found are listed here; the rest are counted. The report
    /// lists the first ones by position instead, so once the limit is reached it may hold a finding
    /// found late (a `--boundary` in content that spanned two chunks) in place of one listed here.
    /// - Parameter index: How many findings the caller already has.
    /// - Returns: The findings after the first `index`, oldest first; empty when there are none yet.
    /// - Complexity: O(k) for the k findings returned.
    public func diagnosticsFound(after index: Int) -> [Diagnostic] {
        let kept = engine.collector.found
        guard index < kept.count else { return [] }
        return Array(kept[max(0, index)...])
    }

    /// How many parts so far the one-step path read whole, without the byte-at-a-time readers: for
    /// the tests and the engine's measuring tools, which check that the path is taken. `nil` in builds
    /// without the engine's observer (`MULTIPART_ENGINE_OBSERVER`, defined for debug builds), which
    /// count nothing.
    package var partsReadInOneStep: Int? {
        #if MULTIPART_ENGINE_OBSERVER
        return engine.observer.partsReadInOneStep
        #else
        return nil
        #endif
    }

    /// How many bytes of a non-contiguous sequence are gathered before they are validated.
    static let copyPieceSize = 64 * 1024

    /// Ends the body and returns every finding and the decoded parts.
    ///
    /// Call it once; the validator is spent afterwards.
    /// - Returns: The report on the whole body.
    public mutating func finish() -> ValidationReport {
        engine.finish()
    }

    /// Validates a whole body held in memory, fed to the validator `chunkSize` bytes at a time.
    ///
    /// The last piece may be shorter. The report is the same for every chunk size; a small one feeds
    /// the body as a stream delivering it in pieces would, which is how tests and fuzzers check that.
    /// - Parameters:
    ///   - body: The whole body: `[UInt8]`, `Data`, or any other byte sequence.
    ///   - contentType: The request's `Content-Type` value, or `nil` to infer the boundary from the body.
    ///   - options: Limits and what the report keeps.
    ///   - chunkSize: How many bytes each call to ``consume(_:)-(UnsafeRawBufferPointer)`` gets.
    /// - Returns: Every finding and the decoded parts.
    /// - Precondition: `chunkSize` is positive.
    public static func validate(
        _ body: some Sequence<UInt8>, contentType: String?, options: ValidationOptions = ValidationOptions(),
        chunkSize: Int = .max
    ) -> ValidationReport {
        precondition(chunkSize > 0, "chunk sizes are positive")
        var validator = MultipartValidator(contentType: contentType, options: options)
        let fedInPlace: Void? = body.withContiguousStorageIfAvailable { elements in
            validator.consume(UnsafeRawBufferPointer(elements), inPiecesOf: chunkSize)
        }
        if fedInPlace == nil {
            Array(body).withUnsafeBytes { validator.consume($0, inPiecesOf: chunkSize) }
        }
        return validator.finish()
    }

    private mutating func consume(_ raw: UnsafeRawBufferPointer, inPiecesOf chunkSize: Int) {
        var start = 0
        while start < raw.count {
            let end = start + min(chunkSize, raw.count - start)
            consume(UnsafeRawBufferPointer(rebasing: raw[start..<end]))
            start = end
        }
    }
}
