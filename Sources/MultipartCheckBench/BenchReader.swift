import MultipartForm
import MultipartFormCLI
import MultipartFormSystem

/// Reads a file in blocks of the size `validate` reads, for every bench operation alike.
enum BenchReader {
    /// Calls `body` with each block of the file in order and returns the number of bytes read.
    static func forEachBlock(
        of path: String, _ body: (UnsafeRawBufferPointer) -> Void
    ) throws(BenchError) -> Int {
        let descriptor = SystemCalls.openForReading(path)
        guard descriptor >= 0 else { throw BenchError(systemCall: "open", path: path) }
        defer { SystemCalls.close(descriptor) }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: BodyInput.chunkSize, alignment: 16)
        defer { buffer.deallocate() }
        var total = 0
        while true {
            let count = SystemCalls.read(descriptor, buffer.baseAddress, buffer.count)
            if count < 0 { throw BenchError(systemCall: "read", path: path) }
            if count == 0 { return total }
            body(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
            total += count
        }
    }
}

/// `/dev/null`, opened for writing: where the copy floor and the encoder send their bytes.
final class BenchSink {
    /// The open descriptor of `/dev/null`.
    let descriptor: Int32
    /// Whether a write failed.
    private(set) var failed = false

    init() throws(BenchError) {
        descriptor = SystemCalls.openForWriting("/dev/null")
        guard descriptor >= 0 else { throw BenchError(systemCall: "open", path: "/dev/null") }
    }

    deinit { SystemCalls.close(descriptor) }

    /// Writes all of `bytes`.
    func write(_ bytes: UnsafeRawBufferPointer) {
        guard bytes.count > 0 else { return }
        if !SystemCalls.writeAll(descriptor, bytes) { failed = true }
    }
}
