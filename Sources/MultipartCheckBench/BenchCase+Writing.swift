import MultipartForm
import MultipartFormCLI
import MultipartFormSystem

extension BenchCase {
    /// Writes the body and each file part's content file into ``directory`` (which must exist).
    func write() throws(BenchError) {
        var body = try BenchFileWriter(path: bodyPath)
        for index in 0..<partCount {
            try body.append(head(of: index))
            guard case .file(let path, _, let size, let pattern) = part(index).content else { continue }
            var file = try BenchFileWriter(path: path)
            var written = 0
            while written < size {
                let piece = Self.content(pattern, from: written, count: min(size - written, 1 << 20))
                try body.append(piece)
                try file.append(piece)
                written += piece.count
            }
            try file.close()
        }
        try body.append(closing)
        try body.close()
    }

    /// `count` bytes of a pattern, starting `start` bytes into it.
    static func content(_ pattern: Pattern, from start: Int, count: Int) -> [UInt8] {
        switch pattern {
        case .random(let offset):
            let block = randomBlock
            return [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
                for index in 0..<count { buffer[index] = block[(offset + start + index) & (block.count - 1)] }
                initialized = count
            }
        case .dense:
            let fragment = denseFragment
            return [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
                for index in 0..<count { buffer[index] = fragment[(start + index) % fragment.count] }
                initialized = count
            }
        }
    }

    /// 1 MiB of pseudo-random bytes (SplitMix64 from a fixed seed), so every run writes the same bodies.
    static let randomBlock: [UInt8] = {
        var generator = SplitMix64(state: 0x6D75_6C74_6970_6172)
        var block: [UInt8] = []
        block.reserveCapacity(1 << 20)
        while block.count < 1 << 20 {
            withUnsafeBytes(of: generator.next().littleEndian) { block.append(contentsOf: $0) }
        }
        return block
    }()
}

/// Appends bytes to a new file through a 1 MiB buffer.
struct BenchFileWriter {
    private let path: String
    private let descriptor: Int32
    private var buffer: [UInt8] = []

    /// Creates (or truncates) the file at `path`.
    init(path: String) throws(BenchError) {
        self.path = path
        descriptor = SystemCalls.create(path)
        guard descriptor >= 0 else { throw Self.failure("create", path) }
        buffer.reserveCapacity(1 << 20)
    }

    /// Appends bytes, writing the buffer out when it is full.
    mutating func append(_ bytes: [UInt8]) throws(BenchError) {
        buffer += bytes
        if buffer.count >= 1 << 20 { try flush() }
    }

    /// Writes what is buffered, waits until the file is on disk, and closes it.
    ///
    /// The wait keeps the kernel's write-back of gigabytes of fresh pages out of the timed runs,
    /// where it would slow whichever operation it overlapped.
    mutating func close() throws(BenchError) {
        try flush()
        guard SystemCalls.synchronize(descriptor) else { throw Self.failure("sync", path) }
        SystemCalls.close(descriptor)
    }

    private mutating func flush() throws(BenchError) {
        guard buffer.withUnsafeBytes({ SystemCalls.writeAll(descriptor, $0) }) else { throw Self.failure("write", path) }
        buffer.removeAll(keepingCapacity: true)
    }

    private static func failure(_ operation: String, _ path: String) -> BenchError {
        BenchError(systemCall: operation, path: path)
    }
}
