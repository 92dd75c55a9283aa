#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What the system says about a file (`stat`): its kind, so a reader can refuse a directory or tell
/// a pipe it must keep from a file it can read again, and its identity, so two paths that name one
/// file are noticed.
package struct FileStatus: Sendable, Hashable {
    /// What kind of file it is.
    package enum Kind: Sendable, Hashable {
        case regularFile, directory, pipe, socket, symbolicLink, other
    }

    /// What kind of file it is.
    package var kind: Kind
    /// The device the file is on; with ``inode``, the file's identity whatever path reached it.
    package var device: UInt64
    /// The file's number on its device.
    package var inode: UInt64

    /// The status of the file `path` names, following a symbolic link; `nil` with `errno` set.
    ///
    /// The path is a C string, so a command-line argument's bytes that are not UTF-8 reach the
    /// system as typed.
    package init?(path: UnsafePointer<CChar>) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        self.init(status)
    }

    /// The status of an open descriptor; `nil` with `errno` set.
    package init?(descriptor: Int32) {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        self.init(status)
    }

    /// The fields callers use, from what `stat` or `fstat` filled in.
    private init(_ status: stat) {
        switch status.st_mode & S_IFMT {
        case S_IFREG: kind = .regularFile
        case S_IFDIR: kind = .directory
        case S_IFIFO: kind = .pipe
        case S_IFSOCK: kind = .socket
        case S_IFLNK: kind = .symbolicLink
        default: kind = .other
        }
        device = UInt64(truncatingIfNeeded: status.st_dev)
        inode = UInt64(truncatingIfNeeded: status.st_ino)
    }

    /// Whether `other` is the status of the same file (the same device and inode).
    package func isSameFile(as other: FileStatus) -> Bool {
        device == other.device && inode == other.inode
    }
}
