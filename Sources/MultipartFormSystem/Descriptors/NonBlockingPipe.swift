#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A pipe whose two ends are close-on-exec and non-blocking, for waking a thread: one side writes a
/// byte, the other polls the read end and empties it, and neither can ever block on a full or an
/// empty pipe.
package enum NonBlockingPipe {
    /// Makes a pipe: its read end and its write end, or `nil` when the system refuses (with `errno`
    /// set, for ``SystemCalls/lastError()``).
    package static func make() -> (reading: Int32, writing: Int32)? {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        return (ends[0], ends[1])
    }
}
