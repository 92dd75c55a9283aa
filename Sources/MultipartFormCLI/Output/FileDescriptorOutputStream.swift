import MultipartForm
import MultipartFormSystem

/// A text stream that writes UTF-8 straight to a file descriptor, retrying short and interrupted writes.
public struct FileDescriptorOutputStream: TextOutputStream, Sendable {
    /// The file descriptor written to.
    public let fileDescriptor: Int32

    /// Creates a stream writing to `fileDescriptor`; the stream does not own or close it.
    public init(fileDescriptor: Int32) { self.fileDescriptor = fileDescriptor }

    /// The process's standard output.
    public static var standardOutput: Self { Self(fileDescriptor: 1) }
    /// The process's standard error.
    public static var standardError: Self { Self(fileDescriptor: 2) }

    /// The reason the first write failed (`no space left on device`), or `nil` while every write has succeeded.
    public private(set) var failure: String?

    /// Writes the string's UTF-8 bytes; after a failure it writes nothing more and ``failure`` says why.
    public mutating func write(_ string: String) {
        guard failure == nil else { return }
        var string = string
        let fd = fileDescriptor
        let written = string.withUTF8 { buffer in
            buffer.isEmpty || SystemCalls.writeAll(fd, UnsafeRawBufferPointer(buffer))
        }
        if !written { failure = SystemCalls.lastError() }
    }
}
