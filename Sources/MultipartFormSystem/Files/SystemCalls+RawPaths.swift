#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The file calls that take a path as a C string, so a command-line argument's bytes that are not
/// UTF-8 reach the system as typed. A `String` path is passed to them as it is: Swift hands the
/// call its UTF-8 bytes.
extension SystemCalls {
    /// Opens `path` for reading (`O_RDONLY | O_CLOEXEC`): a descriptor, or -1 with `errno` set.
    package static func openForReading(_ path: UnsafePointer<CChar>) -> Int32 {
        open(path, O_RDONLY | O_CLOEXEC)
    }

    /// Creates or truncates `path` for writing, `rw-r--r--` before the umask: a descriptor, or -1
    /// with `errno` set.
    package static func create(_ path: UnsafePointer<CChar>) -> Int32 {
        open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    }

    /// Whether this process may read `path` (`access(2)` with `R_OK`); `false` with `errno` set.
    package static func isReadable(_ path: UnsafePointer<CChar>) -> Bool {
        access(path, R_OK) == 0
    }

    /// Removes the file `path` names (`unlink(2)`); `false` with `errno` set.
    @discardableResult
    package static func remove(_ path: UnsafePointer<CChar>) -> Bool {
        unlink(path) == 0
    }
}
