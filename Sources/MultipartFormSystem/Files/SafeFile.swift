#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file created inside a directory the user named, the one way the tools write files there
/// (`certify --save-bodies`, `serve --save`, `vectors new`).
///
/// Below the root, nothing is followed: each directory on the way is opened relative to the one
/// before with `O_NOFOLLOW` (and created if asked), and the file itself is created with
/// `O_NOFOLLOW` too, so a symbolic link planted in the tree (`DIR/area -> /etc`) is refused and
/// cannot send a write outside it. A path with an empty, `.` or `..` component is refused. With
/// `exclusive`, an existing file is never replaced (`O_EXCL`), and ``Error/exists`` says so, for
/// the caller to pick another name. A file that cannot be written whole is removed, so a full disk
/// never leaves a truncated copy that looks complete.
package struct SafeFile {
    /// Why a file could not be created or written.
    package struct Error: Swift.Error, Sendable, CustomStringConvertible {
        /// The path concerned, as the root and the relative path joined.
        package var path: String
        /// The reason, in compiler style.
        package var reason: String
        /// Whether the file already existed (only with `exclusive`).
        package var exists = false

        /// `cannot write '<path>': <reason>`.
        package var description: String { "cannot write '\(path)': \(reason)" }
    }

    /// The root and the relative path, joined: for messages.
    package let path: String
    private var directory: Int32
    private var descriptor: Int32
    private let name: String

    /// Creates `relative` under `root` (the root itself may be reached through a link: the user
    /// named it), making the directories on the way with `creatingDirectories`.
    package init(
        under root: String, path relative: String, exclusive: Bool, creatingDirectories: Bool = false
    ) throws(Error) {
        path = FileSystem.join(root, relative)
        let components = relative.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard let last = components.last, !relative.hasPrefix("/"),
            components.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." })
        else {
            throw Error(path: path, reason: "the path must stay inside '\(root)' (no empty, '.' or '..' part)")
        }
        var current = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard current >= 0 else { throw Error(path: path, reason: "cannot open '\(root)': \(SystemCalls.lastError())") }
        for component in components.dropLast() {
            if creatingDirectories && mkdirat(current, component, 0o755) != 0 && errno != EEXIST {
                let reason = SystemCalls.lastError()
                SystemCalls.close(current)
                throw Error(path: path, reason: "cannot create directory '\(component)': \(reason)")
            }
            let next = openat(current, component, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            let failure = errno
            SystemCalls.close(current)
            guard next >= 0 else {
                let reason = failure == ELOOP || failure == ENOTDIR
                    ? "'\(component)' is a symbolic link or not a directory; nothing is written through one"
                    : "cannot open directory '\(component)': \(SystemCalls.describe(failure))"
                throw Error(path: path, reason: reason)
            }
            current = next
        }
        let flags = O_WRONLY | O_CREAT | O_CLOEXEC | O_NOFOLLOW | (exclusive ? O_EXCL : O_TRUNC)
        descriptor = openat(current, last, flags, 0o644)
        guard descriptor >= 0 else {
            let failure = errno
            SystemCalls.close(current)
            switch failure {
            case EEXIST: throw Error(path: path, reason: "it already exists", exists: true)
            case ELOOP: throw Error(path: path, reason: "it is a symbolic link; nothing is written through one")
            default: throw Error(path: path, reason: SystemCalls.describe(failure))
            }
        }
        directory = current
        name = last
    }

    /// Appends bytes; on a failure the file is removed and the error says why.
    package mutating func write(_ bytes: UnsafeRawBufferPointer) throws(Error) {
        guard descriptor >= 0 else { throw Error(path: path, reason: "it is already closed") }
        guard bytes.isEmpty || SystemCalls.writeAll(descriptor, bytes) else {
            let reason = SystemCalls.lastError()
            discard()
            throw Error(path: path, reason: "\(reason); the incomplete file was removed")
        }
    }

    /// Closes the file; a failure to close (the last write failing) removes it.
    package mutating func finish() throws(Error) {
        guard descriptor >= 0 else { return }
        let status = SystemCalls.close(descriptor)
        descriptor = -1
        if status != 0 {
            let reason = SystemCalls.lastError()
            discard()
            throw Error(path: path, reason: "\(reason); the incomplete file was removed")
        }
        SystemCalls.close(directory)
        directory = -1
    }

    /// Closes and removes the file (an incomplete copy must not stay behind).
    package mutating func discard() {
        if descriptor >= 0 { SystemCalls.close(descriptor) }
        descriptor = -1
        if directory >= 0 {
            _ = unlinkat(directory, name, 0)
            SystemCalls.close(directory)
        }
        directory = -1
    }

    /// Writes `bytes` as the whole of `relative` under `root`, replacing an existing file (never
    /// through a link), making the directories on the way.
    package static func write(_ bytes: [UInt8], under root: String, path relative: String) throws(Error) {
        var file = try SafeFile(under: root, path: relative, exclusive: false, creatingDirectories: true)
        var failure: Error?
        bytes.withUnsafeBytes { raw in
            do throws(Error) { try file.write(raw) } catch { failure = error }
        }
        if let failure { throw failure }
        try file.finish()
    }
}
