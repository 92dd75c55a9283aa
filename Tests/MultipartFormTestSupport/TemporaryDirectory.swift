import Foundation

/// A fresh directory under the system's temporary directory, removed with everything in it when
/// the value is deinitialized.
///
/// The one temporary-directory helper of the test targets: keep the value alive (a `let` in the
/// test) for as long as the files are used.
package final class TemporaryDirectory {
    /// The directory.
    package let url: URL

    /// The directory's path.
    package var path: String { url.path }

    /// Makes the directory, named after `prefix` and a fresh UUID.
    package init(prefix: String = "multipart-check-tests") throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        remove()
    }

    /// Removes the directory and everything in it now.
    ///
    /// `defer { directory.remove() }` also keeps the value alive to the end of the scope: Swift may
    /// otherwise deinitialize it after its last use, while a child process still reads its files.
    package func remove() {
        try? FileManager.default.removeItem(at: url)
    }

    /// Writes `bytes` to `name` (a path relative to the directory, whose folders are made as
    /// needed), replacing any file there, and returns the file's path.
    ///
    /// Plain `fopen`/`fwrite`: `Data.write(to:)` syncs a replaced file to disk, which makes tests that
    /// rewrite thousands of small files crawl.
    @discardableResult
    package func write(_ bytes: [UInt8], named name: String) throws -> String {
        let file = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        guard let handle = fopen(file.path, "wb") else { throw CocoaError(.fileWriteUnknown) }
        let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, handle) }
        guard fclose(handle) == 0, written == bytes.count else { throw CocoaError(.fileWriteUnknown) }
        return file.path
    }

    /// Makes a named pipe (FIFO) at `path`, readable and writable by this user only.
    package func makeNamedPipe(at path: String) throws {
        guard mkfifo(path, 0o600) == 0 else { throw CocoaError(.fileWriteUnknown) }
    }

    /// Writes each file of `files` (relative path to bytes) with ``write(_:named:)``.
    package func write(_ files: [String: [UInt8]]) throws {
        for (name, bytes) in files { try write(bytes, named: name) }
    }
}
