#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import MultipartForm

/// A request saved by `--save DIR` as the raw bytes it arrived as (head, then the body in its
/// transfer coding), which `validate` and `vectors new` read as an HTTP capture.
struct RequestCapture {
    /// A file that could not be created.
    struct Error: Swift.Error {
        var message: String
    }

    /// The file's path.
    let path: String
    private var descriptor: Int32
    /// Why saving stopped, once it has.
    private(set) var failure: String?

    /// Creates the file, never replacing one (`O_EXCL`) or following a symbolic link.
    init(directory: String, name: String) throws(Error) {
        path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
        descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard descriptor >= 0 else {
            throw Error(message: "cannot save '\(VisibleBytes.escape(path))': \(SystemCalls.lastError())")
        }
    }

    /// Appends bytes; after a failed write nothing more is written and ``failure`` says why.
    mutating func write(_ bytes: UnsafeRawBufferPointer) {
        guard failure == nil, descriptor >= 0, bytes.count > 0 else { return }
        if !SystemCalls.writeAll(descriptor, bytes) {
            failure = "cannot write '\(VisibleBytes.escape(path))': \(SystemCalls.lastError())"
        }
    }

    /// Closes the file; a failure to close is a failure to save.
    mutating func close() {
        guard descriptor >= 0 else { return }
        if SystemCalls.close(descriptor) != 0 && failure == nil {
            failure = "cannot write '\(VisibleBytes.escape(path))': \(SystemCalls.lastError())"
        }
        descriptor = -1
    }
}
