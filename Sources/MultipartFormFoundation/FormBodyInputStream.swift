import Foundation
import MultipartForm

/// An `InputStream` that reads a prepared form body on demand, files included, in constant memory.
///
/// Give it to `URLRequest.httpBodyStream` (`URLRequest.setMultipartBodyStream(_:method:)`
/// also sets the headers) or read it yourself. Each `read(_:maxLength:)` fills the caller's buffer
/// straight from the body's chunk iterator. If a file cannot be read, changed size since the body
/// was prepared, or turns out to contain the boundary, `read` returns -1, ``streamStatus`` becomes
/// `.error` and ``streamError`` holds the `ReferenceEncoder.Error`.
public final class FormBodyInputStream: InputStream {
    /// The body this stream reads.
    public let body: ReferenceEncoder.Body
    private var iterator: ReferenceEncoder.ChunkIterator?
    private var status: Stream.Status = .notOpen
    private var failure: ReferenceEncoder.Error?

    /// Creates a stream over `body`; nothing is read until the stream is opened and read.
    /// - Parameter body: The prepared body to stream.
    public init(body: ReferenceEncoder.Body) {
        self.body = body
        super.init(data: Data())
    }

    /// Opens the stream; the body's files are opened as the reading reaches them.
    public override func open() {
        guard status == .notOpen else { return }
        iterator = body.makeChunkIterator()
        status = .open
    }

    /// Closes the stream and any file it was reading.
    public override func close() {
        iterator = nil
        status = .closed
    }

    /// Copies up to `len` bytes of the body into `buffer`; 0 at the end, -1 on failure or when not open.
    public override func read(_ buffer: UnsafeMutablePointer<UInt8>, maxLength len: Int) -> Int {
        switch status {
        case .atEnd: return 0
        case .open: break
        default: return -1
        }
        guard len > 0 else { return 0 }
        do {
            let count = try iterator!.read(into: UnsafeMutableRawBufferPointer(start: buffer, count: len))
            if count == 0 {
                status = .atEnd
                iterator = nil
            }
            return count
        } catch {
            failure = error
            status = .error
            iterator = nil
            return -1
        }
    }

    /// The stream never lends its internal buffer.
    public override func getBuffer(
        _ buffer: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>, length len: UnsafeMutablePointer<Int>
    ) -> Bool {
        false
    }

    /// Whether a read would return bytes or an error rather than block: true while open and not at the end.
    public override var hasBytesAvailable: Bool { status == .open }

    /// Where the stream is: not open, open, at the end, closed, or failed.
    public override var streamStatus: Stream.Status { status }

    /// The `ReferenceEncoder.Error` that stopped the stream, if any.
    public override var streamError: (any Error)? { failure }

    #if canImport(ObjectiveC)
    /// The stream has no properties.
    public override func property(forKey key: Stream.PropertyKey) -> Any? { nil }

    /// The stream has no properties to set.
    public override func setProperty(_ property: Any?, forKey key: Stream.PropertyKey) -> Bool { false }

    /// The stream is synchronous; run-loop scheduling does nothing.
    public override func schedule(in aRunLoop: RunLoop, forMode mode: RunLoop.Mode) {}

    /// The stream is synchronous; run-loop scheduling does nothing.
    public override func remove(from aRunLoop: RunLoop, forMode mode: RunLoop.Mode) {}

    // CFNetwork drives an NSInputStream subclass used as an HTTP body through these CFReadStream
    // entry points; a subclass without them crashes with "unrecognized selector". The stream is
    // synchronous and always readable, so they do nothing.

    @objc(_scheduleInCFRunLoop:forMode:)
    func scheduleInCFRunLoop(_ runLoop: CFRunLoop, forMode mode: CFString) {}

    @objc(_unscheduleFromCFRunLoop:forMode:)
    func unscheduleFromCFRunLoop(_ runLoop: CFRunLoop, forMode mode: CFString) {}

    @objc(_setCFClientFlags:callback:context:)
    func setCFClientFlags(
        _ flags: CFOptionFlags, callback: CFReadStreamClientCallBack?,
        context: UnsafeMutablePointer<CFStreamClientContext>?
    ) -> Bool {
        false
    }
    #endif
}
