import MultipartForm
import MultipartFormSystem

/// An input that could not be opened or read, with the reason as `strerror` gives it.
package struct InputError: Error, Sendable {
    /// The path as the user gave it.
    var path: String
    /// The reason, lower-case, for example `no such file or directory`.
    var reason: String

    init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    init(path: String, errorNumber: Int32) {
        self.init(path: path, reason: Self.describe(errorNumber))
    }

    /// `strerror`'s text with a lower-case first letter, as compiler-style messages are written.
    package static func describe(_ errorNumber: Int32) -> String {
        SystemCalls.describe(errorNumber)
    }
}

/// A body being validated: where its bytes come from, and how to get a region back for a snippet.
///
/// Regular files are read twice: once streamed through the validator, then a few hundred bytes
/// around each finding with `pread`. Pipes and standard input cannot be re-read, so their bytes are
/// kept while they stream: in memory up to ``spillThreshold``, then in an unlinked temporary file,
/// so memory stays bounded whatever the input's size.
package final class BodyInput {
    /// The size of each chunk handed to the validator.
    package static let chunkSize = 64 * 1024
    /// How many bytes of a pipe are kept in memory before they move to a temporary file.
    static let spillThreshold = 4 * 1024 * 1024
    /// How many bytes of a pipe are kept at most, in memory and in the temporary file together.
    static let spillLimit = 1024 * 1024 * 1024

    private enum Storage {
        case file(fileDescriptor: Int32)
        case memory([UInt8])
    }

    /// The path as the user gave it (`-` for standard input).
    let path: String
    private var storage: Storage
    /// The temporary file a pipe's bytes were moved to, closed with the input.
    private var spillDescriptor: Int32?
    private let ownsDescriptor: Bool
    private let descriptor: Int32?
    private let keepsBytes: Bool
    /// For a pipe: how many of its first bytes were kept for snippets (all of a file's are there to read).
    private(set) var keptLength = Int.max
    /// Why a pipe's bytes stopped being kept before its end (a full disk, no temporary directory, the limit), or `nil`.
    private(set) var keepingStopped: String?

    /// Opens a file for reading; refuses directories and anything `open` refuses.
    ///
    /// `keepBytes: false` says no snippet will be asked for, so a pipe's bytes need not be kept.
    init(path: String, keepBytes: Bool = true) throws(InputError) {
        self.path = path
        keepsBytes = keepBytes
        let fd = RawArgument.withPath(path) { SystemCalls.openForReading($0) }
        guard fd >= 0 else { throw InputError(path: path, errorNumber: SystemCalls.errorNumber) }
        guard let status = FileStatus(descriptor: fd) else {
            let error = SystemCalls.errorNumber
            SystemCalls.close(fd)
            throw InputError(path: path, errorNumber: error)
        }
        if status.kind == .directory {
            SystemCalls.close(fd)
            throw InputError(path: path, errorNumber: SystemCalls.isDirectoryErrorNumber)
        }
        descriptor = fd
        ownsDescriptor = true
        storage = status.kind == .regularFile ? .file(fileDescriptor: fd) : .memory([])
    }

    /// Reads the process's standard input, keeping its bytes unless `keepBytes` is false.
    init(standardInput: StandardInput, keepBytes: Bool = true) {
        path = "-"
        keepsBytes = keepBytes
        ownsDescriptor = false
        switch standardInput {
        case .process:
            descriptor = 0
            storage = .memory([])
        case .bytes(let bytes):
            descriptor = nil
            storage = .memory(bytes)
        }
    }

    deinit {
        if ownsDescriptor, let descriptor { SystemCalls.close(descriptor) }
        if let spillDescriptor { SystemCalls.close(spillDescriptor) }
    }

    /// Streams every byte of the input to `body` in chunks of at most ``chunkSize`` bytes.
    ///
    /// Called once. Bytes from a descriptor that cannot be re-read are kept for ``bytes(in:)``.
    func forEachChunk(_ body: (UnsafeRawBufferPointer) -> Void) throws(InputError) {
        try forEachChunk(stoppingEarly: { chunk in
            body(chunk)
            return true
        })
    }

    /// Streams the input like ``forEachChunk(_:)`` until `body` returns `false`.
    func forEachChunk(stoppingEarly body: (UnsafeRawBufferPointer) -> Bool) throws(InputError) {
        guard let descriptor else {
            // Bytes given in memory: hand them over in the same chunk size a file would get.
            guard case .memory(let bytes) = storage else { return }
            bytes.withUnsafeBytes { all in
                var start = 0
                while start < all.count {
                    let end = min(start + Self.chunkSize, all.count)
                    if !body(UnsafeRawBufferPointer(rebasing: all[start..<end])) { return }
                    start = end
                }
            }
            return
        }
        let keep: Bool
        if case .memory = storage { keep = keepsBytes } else { keep = false }
        // Bytes [0, keptLength) are kept, first in memory, then in an unlinked temporary file; once
        // that stops (the disk refuses, there is no temporary directory, the limit is reached), no
        // later byte is kept, so a snippet is never taken from the wrong place.
        var keeping = keep
        var keptLength = 0
        var kept: [UInt8] = []
        var spill: Int32? = nil
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.chunkSize, alignment: 1)
        defer { buffer.deallocate() }
        while true {
            let count = SystemCalls.read(descriptor, buffer.baseAddress, buffer.count)
            if count < 0 { throw InputError(path: path, errorNumber: SystemCalls.errorNumber) }
            if count == 0 { break }
            let chunk = UnsafeRawBufferPointer(rebasing: buffer[0..<count])
            if keeping {
                if keptLength + count > Self.spillLimit {
                    keeping = false
                    keepingStopped = "the first \(Self.spillLimit / (1024 * 1024)) MiB of standard input are kept for snippets"
                } else if let file = spill {
                    if SystemCalls.writeAll(file, chunk) {
                        keptLength += count
                    } else {
                        keeping = false
                        keepingStopped = "the temporary file for standard input could not be written (\(SystemCalls.lastError()))"
                    }
                } else if kept.count + count <= Self.spillThreshold {
                    kept.append(contentsOf: chunk)
                    keptLength += count
                } else if let file = temporaryFile() {
                    if kept.withUnsafeBytes({ SystemCalls.writeAll(file, $0) }) && SystemCalls.writeAll(file, chunk) {
                        spill = file
                        kept = []
                        keptLength += count
                    } else {
                        keepingStopped = "the temporary file for standard input could not be written (\(SystemCalls.lastError()))"
                        keeping = false
                        SystemCalls.close(file)
                    }
                } else {
                    keeping = false
                    keepingStopped = "no temporary file could be made in '\(VisibleBytes.escape(spillDirectory))' (\(SystemCalls.lastError())), so only the first \(Self.spillThreshold / (1024 * 1024)) MiB are kept"
                }
            }
            if !body(chunk) { break }
        }
        if keep {
            self.keptLength = keptLength
            if let spill {
                spillDescriptor = spill
                storage = .file(fileDescriptor: spill)
            } else {
                storage = .memory(kept)
            }
        }
    }

    /// How many of the input's bytes are held in memory (for a file or a spilled pipe, none).
    var bytesHeldInMemory: Int {
        if case .memory(let bytes) = storage { return bytes.count }
        return 0
    }

    /// Where a pipe's bytes spill: `$TMPDIR`, else `/tmp`.
    var spillDirectory = FileSystem.environment("TMPDIR").flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"

    /// An unlinked temporary file open for reading and writing, in ``spillDirectory``.
    private func temporaryFile() -> Int32? {
        FileSystem.makeUnlinkedTemporaryFile(in: spillDirectory, prefix: "multipart-check-stdin")
    }

    /// The bytes in `range`, clamped to the input; fewer (or none) if the file shrank or cannot be read.
    func bytes(in range: Range<Int>) -> [UInt8] {
        let lower = max(0, range.lowerBound)
        let upperBound = min(range.upperBound, keptLength)
        guard upperBound > lower else { return [] }
        let range = lower..<upperBound
        switch storage {
        case .memory(let bytes):
            let upper = min(range.upperBound, bytes.count)
            return lower < upper ? Array(bytes[lower..<upper]) : []
        case .file(let fd):
            let wanted = range.upperBound - lower
            var result = [UInt8](repeating: 0, count: wanted)
            var filled = 0
            result.withUnsafeMutableBytes { buffer in
                while filled < wanted {
                    let count = SystemCalls.read(fd, buffer.baseAddress! + filled, wanted - filled, atOffset: lower + filled)
                    if count <= 0 { break }
                    filled += count
                }
            }
            result.removeLast(wanted - filled)
            return result
        }
    }

    /// Whether `path` names standard input when standard input is a pipe or a socket, which can be
    /// read only once: `/dev/stdin`, `/dev/fd/0` or `/proc/self/fd/0` do. A file or a device
    /// redirected to standard input can be read again by its name, so it does not count.
    static func namesStandardInputStream(_ path: String) -> Bool {
        guard let input = FileStatus(descriptor: 0), input.kind == .pipe || input.kind == .socket else { return false }
        guard let named = RawArgument.withPath(path, { FileStatus(path: $0) }) else { return false }
        return named.isSameFile(as: input)
    }
}
