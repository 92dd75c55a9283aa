#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension FileSystem {
    /// Makes a new directory `PREFIX-XXXXXX` under `$TMPDIR` (or `/tmp`) that nobody else can have
    /// made (`mkdtemp`); `nil`, with `errno` set, when it cannot be made.
    /// - Returns: The new directory's path, and the parent it was made in (for a message when it fails).
    package static func makeTemporaryDirectory(prefix: String) -> (path: String?, parent: String) {
        var parent = environment("TMPDIR") ?? "/tmp"
        if parent.isEmpty { parent = "/tmp" }
        while parent.count > 1 && parent.hasSuffix("/") { parent.removeLast() }
        var template = Array((parent + "/" + prefix + "-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { return (nil, parent) }
        return (String(cString: made), parent)
    }

    /// Creates a file `PREFIX-XXXXXX` in `directory` that nobody else can have made (`mkstemp`),
    /// open for reading and writing, and removes its name at once: what is written stays until the
    /// descriptor is closed, and nothing is left behind, however the process ends.
    /// - Returns: The descriptor, or `nil` with `errno` set.
    package static func makeUnlinkedTemporaryFile(in directory: String, prefix: String) -> Int32? {
        var template = Array((directory + "/" + prefix + "-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { return nil }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        return descriptor
    }

    /// Removes `path` and, when it is a directory, everything in it; failures are ignored (for
    /// scratch directories a command made itself).
    package static func removeTree(_ path: String) {
        guard let names = try? entries(of: path) else {
            unlink(path)
            return
        }
        for name in names {
            let child = path + "/" + name
            if unlink(child) != 0 { removeTree(child) }
        }
        rmdir(path)
    }
}
