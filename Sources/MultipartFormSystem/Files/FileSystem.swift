#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The few file operations the corpus needs, on POSIX, so the conformance core never loads Foundation.
///
/// Paths are strings as the operating system takes them. Every failure is a ``FileSystem/Error``
/// whose message names the path and the system's reason, in compiler style.
package enum FileSystem {
    /// A file operation that failed: `cannot open 'x': No such file or directory`.
    package struct Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
        /// The path concerned.
        package var path: String
        /// The system's reason, for example `No such file or directory`.
        package var reason: String
        /// What was being done: `open`, `read`, `write`...
        package var operation: String

        /// `cannot <operation> '<path>': <reason>`.
        package var description: String { "cannot \(operation) '\(path)': \(reason)" }
    }

    /// What kind of entry a path names.
    package enum Kind: Sendable, Hashable {
        case missing, directory, regularFile, symbolicLink, other
    }

    /// The kind of entry at `path` itself: a symbolic link is reported as one, never followed.
    package static func kind(of path: String) -> Kind {
        var status = stat()
        guard lstat(path, &status) == 0 else { return .missing }
        switch status.st_mode & S_IFMT {
        case S_IFDIR: return .directory
        case S_IFREG: return .regularFile
        case S_IFLNK: return .symbolicLink
        default: return .other
        }
    }

    /// The largest file ``read(_:limit:)`` reads by default: far more than any corpus file needs.
    package static let defaultReadLimit = 64 * 1024 * 1024

    /// Whether `relative` stays inside its root through plain directories: no `..`, `.` or empty component,
    /// no hidden one, and no symbolic link on the way (checked with `lstat` below `root`).
    package static func isPlainPath(_ relative: String, under root: String) -> Bool {
        let components = relative.split(separator: "/", omittingEmptySubsequences: false)
        guard !relative.hasPrefix("/"), !components.isEmpty else { return false }
        var path = root
        for (index, component) in components.enumerated() {
            guard !component.isEmpty, component != ".", component != "..", !component.hasPrefix(".") else { return false }
            path = join(path, String(component))
            let kind = kind(of: path)
            if index < components.count - 1 ? kind != .directory : kind == .symbolicLink { return false }
        }
        return true
    }

    /// Whether `path` names a directory, following a symbolic link: for a root the user names, such as
    /// `--corpus DIR`. Entries inside a corpus are judged by ``kind(of:)``, which never follows one.
    package static func isDirectory(_ path: String) -> Bool {
        FileStatus(path: path)?.kind == .directory
    }

    /// Whether something exists at `path`.
    package static func exists(_ path: String) -> Bool { kind(of: path) != .missing }

    /// The names in a directory except `.` and `..`, sorted by their bytes.
    package static func entries(of path: String) throws(Error) -> [String] {
        guard let directory = opendir(path) else { throw failure("list", path) }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }

    /// The whole contents of a regular file of at most `limit` bytes.
    ///
    /// A symbolic link (`O_NOFOLLOW`), a device, a FIFO or a directory is refused without reading
    /// it (opened non-blocking, so a FIFO cannot hang), and so is a file past `limit`: a corpus
    /// from a pull request can neither point outside itself nor make a reader wait or fill memory.
    package static func read(_ path: String, limit: Int = defaultReadLimit) throws(Error) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else {
            if errno == ELOOP { throw Error(path: path, reason: "it is a symbolic link; only regular files are read", operation: "open") }
            throw failure("open", path)
        }
        defer { SystemCalls.close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw failure("inspect", path) }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw Error(path: path, reason: "it is not a regular file", operation: "read")
        }
        return try readToEnd(descriptor, path: path, limit: limit)
    }

    /// Everything `descriptor` yields until its end, at most `limit` bytes.
    /// - Parameters:
    ///   - descriptor: An open descriptor (a regular file, a pipe, standard input).
    ///   - path: What the descriptor reads, for a failure's message.
    ///   - limit: The most bytes read; more is a failure, not a truncation.
    package static func readToEnd(_ descriptor: Int32, path: String, limit: Int = defaultReadLimit) throws(Error) -> [UInt8] {
        var contents: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { SystemCalls.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 { throw failure("read", path) }
            if count == 0 { return contents }
            guard contents.count + count <= limit else {
                throw Error(path: path, reason: "it is larger than \(limit) bytes", operation: "read")
            }
            contents += buffer[0..<count]
        }
    }

    /// Replaces the contents of a file with `bytes`, creating it (mode 0644) if needed; never through a symbolic link.
    package static func write(_ bytes: [UInt8], to path: String) throws(Error) {
        // Never through a symbolic link: a dangling one must not make a write land outside the corpus.
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard descriptor >= 0 else {
            if errno == ELOOP { throw Error(path: path, reason: "it is a symbolic link", operation: "create") }
            throw failure("create", path)
        }
        defer { close(descriptor) }
        guard bytes.withUnsafeBytes({ SystemCalls.writeAll(descriptor, $0) }) else { throw failure("write", path) }
    }

    /// Creates a directory (mode 0755); an existing directory is fine.
    package static func makeDirectory(_ path: String) throws(Error) {
        if kind(of: path) == .symbolicLink {
            throw Error(path: path, reason: "it is a symbolic link", operation: "create directory")
        }
        if mkdir(path, 0o755) != 0 && !(errno == EEXIST && isDirectory(path)) {
            throw failure("create directory", path)
        }
    }

    /// Removes a file.
    package static func remove(_ path: String) throws(Error) {
        guard unlink(path) == 0 else { throw failure("remove", path) }
    }

    /// The value of an environment variable, or `nil` when it is unset.
    package static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// Joins path components with `/`, leaving out empty ones.
    package static func join(_ components: String...) -> String {
        var path = ""
        for component in components where !component.isEmpty {
            if path.isEmpty || path.hasSuffix("/") {
                path += component
            } else {
                path += "/" + component
            }
        }
        return path
    }

    private static func failure(_ operation: String, _ path: String) -> Error {
        Error(path: path, reason: SystemCalls.lastError(), operation: operation)
    }
}
