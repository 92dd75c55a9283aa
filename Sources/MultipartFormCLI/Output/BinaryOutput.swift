import MultipartForm
import MultipartFormSystem

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

    /// Streams a body to `descriptor`; a failed write is worded with `destination` as every command
    /// words it (`cannot write to standard output: ...`, `cannot write 'out.body': ...`).
    static func write(_ body: ReferenceEncoder.Body, to descriptor: Int32, named destination: String) throws(ReferenceEncoder.Error) {
        do {
            try body.write(toFileDescriptor: descriptor)
        } catch where error.code == .writeFailed {
            throw ReferenceEncoder.Error(.writeFailed, "cannot write \(destination): \(SystemCalls.lastError())")
        }
    }

    /// Streams a body to the output in constant memory (for a descriptor).
    func write(_ body: ReferenceEncoder.Body) throws(ReferenceEncoder.Error) {
        switch destination {
        case .fileDescriptor(let descriptor):
            try Self.write(body, to: descriptor, named: descriptor == 1 ? "to standard output" : "to file descriptor \(descriptor)")
        case .memory:
            var iterator = body.makeChunkIterator()
            while let chunk = try iterator.next() { bytes += chunk }
        }
    }
}
