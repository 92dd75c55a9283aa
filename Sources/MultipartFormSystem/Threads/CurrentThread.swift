#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The thread that calls, for loops that wait on a condition no descriptor announces.
package enum CurrentThread {
    /// Pauses this thread for about `microseconds` (`usleep`): a wait that spins without pausing
    /// would take a processor from the work it waits for.
    package static func sleep(microseconds: UInt32) {
        usleep(microseconds)
    }
}
