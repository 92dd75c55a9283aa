#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file descriptor, closed when the last reference goes: the core's only file access (POSIX, no Foundation).
package final class POSIXFile {
    /// Why a file could not be sized, opened, read or written, in compiler style (`cannot open 'x': no such file or directory`).
    package struct Error: Swift.Error {
        /// The message, such as `cannot open 'x': no such file or directory`.
        package var message: String
    }

    private let descriptor: Int32
    private let ownsDescriptor: Bool
    private var isOpen = true

    /// Opens a file for reading.
    package init(path: String) throws(Error) {
        let descriptor = SystemCalls.openForReading(path)
        guard descriptor >= 0 else { throw Error(message: "cannot open '\(path)': \(Self.lastError())") }
        self.descriptor = descriptor
        ownsDescriptor = true
    }

    /// Creates or truncates a file for writing, with permissions `rw-r--r--` before the umask.
    package init(creatingAtPath path: String) throws(Error) {
        let descriptor = SystemCalls.create(path)
        guard descriptor >= 0 else { throw Error(message: "cannot create '\(path)': \(Self.lastError())") }
        self.descriptor = descriptor
        ownsDescriptor = true
    }

    /// Wraps a descriptor the caller keeps owning; it is never closed here.
    package init(borrowing descriptor: Int32) {
        self.descriptor = descriptor
        ownsDescriptor = false
    }

    deinit {
        if ownsDescriptor && isOpen { _ = SystemCalls.close(descriptor) }
    }

    /// Closes the descriptor now, reporting a failure (which can be the first sign of a failed write).
    package func close(path: String) throws(Error) {
        guard ownsDescriptor && isOpen else { return }
        isOpen = false
        guard SystemCalls.close(descriptor) == 0 else { throw Error(message: "cannot close '\(path)': \(Self.lastError())") }
    }

    /// Returns the size of the regular file at `path` without opening it.
    package static func regularFileSize(atPath path: String) throws(Error) -> Int {
        var status = stat()
        guard stat(path, &status) == 0 else { throw Error(message: "cannot stat '\(path)': \(lastError())") }
        return try size(of: status, path: path)
    }

    /// Returns the size of the open file, which must still be a regular file.
    package func size(path: String) throws(Error) -> Int {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw Error(message: "cannot stat '\(path)': \(Self.lastError())") }
        return try Self.size(of: status, path: path)
    }

    /// Whether the descriptor refers to a regular file (not a pipe, terminal or device).
    package var isRegularFile: Bool {
        FileStatus(descriptor: descriptor)?.kind == .regularFile
    }

    /// Reads up to `buffer.count` bytes, retrying on EINTR; returns 0 at end of file.
    package func read(into buffer: UnsafeMutableRawBufferPointer, path: String) throws(Error) -> Int {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
        let count = SystemCalls.read(descriptor, base, buffer.count)
        guard count >= 0 else { throw Error(message: "cannot read '\(path)': \(Self.lastError())") }
        return count
    }

    /// Writes every byte of `buffer`, retrying short and interrupted writes.
    package func write(_ buffer: UnsafeRawBufferPointer, path: String) throws(Error) {
        guard buffer.count > 0 else { return }
        if !SystemCalls.writeAll(descriptor, buffer) {
            throw Error(message: "cannot write '\(path)': \(Self.lastError())")
        }
    }

    /// Removes a file, ignoring failure (used to take back a partly written body).
    package static func remove(path: String) {
        SystemCalls.remove(path)
    }

    private static func size(of status: stat, path: String) throws(Error) -> Int {
        guard (status.st_mode & S_IFMT) == S_IFREG else {
            throw Error(message: "'\(path)' is not a regular file, so its length is not known in advance")
        }
        return Int(status.st_size)
    }

    private static func lastError() -> String {
        SystemCalls.lastError()
    }
}
