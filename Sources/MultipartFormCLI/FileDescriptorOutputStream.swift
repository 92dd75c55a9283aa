#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import MultipartForm

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

    /// Writes the string's UTF-8 bytes; gives up silently when the descriptor is closed or broken.
    public mutating func write(_ string: String) {
        var string = string
        let fd = fileDescriptor
        string.withUTF8 { buffer in
            guard var pointer = buffer.baseAddress else { return }
            var remaining = buffer.count
            while remaining > 0 {
                let written = SystemCalls.write(fd, pointer, remaining)
                if written < 0 {
                    if errno == EINTR { continue }
                    return
                }
                remaining -= written
                pointer += written
            }
        }
    }
}
