import MultipartForm

/// Where `encode` writes a body when no `--output` file is named: a file descriptor, or memory for tests.
public final class BinaryOutput {
    private enum Destination {
        case fileDescriptor(Int32)
        case memory
    }

    private let destination: Destination
    /// The bytes written so far, when the output is memory; empty otherwise.
    public private(set) var bytes: [UInt8] = []

    private init(_ destination: Destination) {
        self.destination = destination
    }

    /// An output that writes to `fileDescriptor`, which it neither owns nor closes.
    public convenience init(fileDescriptor: Int32) {
        self.init(.fileDescriptor(fileDescriptor))
    }

    /// The process's standard output.
    public static var standardOutput: BinaryOutput { BinaryOutput(fileDescriptor: 1) }

    /// An output that keeps the bytes in ``bytes``.
    public static func memory() -> BinaryOutput { BinaryOutput(.memory) }

    /// Streams a body to the output in constant memory (for a descriptor).
    func write(_ body: ReferenceEncoder.Body) throws(ReferenceEncoder.Error) {
        switch destination {
        case .fileDescriptor(let descriptor):
            do {
                try body.write(toFileDescriptor: descriptor)
            } catch where error.code == .writeFailed && descriptor == 1 {
                // Worded as every command words it, rather than naming the descriptor.
                throw ReferenceEncoder.Error(.writeFailed, "cannot write to standard output: \(SystemCalls.lastError())")
            }
        case .memory:
            var iterator = body.makeChunkIterator()
            while let chunk = try iterator.next() { bytes += chunk }
        }
    }
}
