#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A read-only file descriptor, closed when the last reference goes: the core's only file access (POSIX, no Foundation).
final class POSIXFile {
    /// Why a file could not be sized, opened or read, in compiler style (`cannot open 'x': No such file or directory`).
    struct Failure: Swift.Error {
        var message: String
    }

    private let descriptor: Int32

    /// Opens a file for reading.
    init(path: String) throws(Failure) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Failure(message: "cannot open '\(path)': \(Self.lastError())") }
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    /// Returns the size of the regular file at `path` without opening it.
    static func regularFileSize(atPath path: String) throws(Failure) -> Int {
        var status = stat()
        guard stat(path, &status) == 0 else { throw Failure(message: "cannot stat '\(path)': \(lastError())") }
        return try size(of: status, path: path)
    }

    /// Returns the size of the open file, which must still be a regular file.
    func size(path: String) throws(Failure) -> Int {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw Failure(message: "cannot stat '\(path)': \(Self.lastError())") }
        return try Self.size(of: status, path: path)
    }

    /// Reads up to `buffer.count` bytes, retrying on EINTR; returns 0 at end of file.
    func read(into buffer: UnsafeMutableRawBufferPointer, path: String) throws(Failure) -> Int {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
        while true {
            #if canImport(Darwin)
            let count = Darwin.read(descriptor, base, buffer.count)
            #elseif canImport(Musl)
            let count = Musl.read(descriptor, base, buffer.count)
            #else
            let count = Glibc.read(descriptor, base, buffer.count)
            #endif
            if count >= 0 { return count }
            if errno == EINTR { continue }
            throw Failure(message: "cannot read '\(path)': \(Self.lastError())")
        }
    }

    private static func size(of status: stat, path: String) throws(Failure) -> Int {
        guard (status.st_mode & S_IFMT) == S_IFREG else {
            throw Failure(message: "'\(path)' is not a regular file, so its length is not known in advance")
        }
        return Int(status.st_size)
    }

    private static func lastError() -> String {
        String(cString: strerror(errno))
    }
}
