/// Where a `-` file argument reads its bytes from.
public enum StandardInput: Sendable {
    /// The process's standard input (file descriptor 0).
    case process
    /// The given bytes, as if they had been piped in; for tests.
    case bytes([UInt8])
}
