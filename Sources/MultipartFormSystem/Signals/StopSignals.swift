#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns `SIGINT`, `SIGTERM` and `SIGHUP` into a byte written to a descriptor, so a server whose
/// threads poll that descriptor's pipe can stop cleanly.
///
/// The first signal writes the byte (about all a handler may safely do) and restores the default
/// action, so a second Ctrl-C ends the process at once. One set of handlers serves the whole
/// process, so one caller installs them at a time.
package enum StopSignals {
    /// Where the handler writes: a global, because a C signal handler can reach nothing else.
    nonisolated(unsafe) private static var descriptor: Int32 = -1
    /// The signals that ask the process to stop: Ctrl-C, `kill`'s default, a closed terminal.
    private static let stopping = [SIGINT, SIGTERM, SIGHUP]

    /// Installs the handlers, and unblocks the signals in this thread (the threads it starts
    /// inherit that): a parent that spawned the process with them blocked would otherwise leave it
    /// unstoppable but by `SIGKILL`.
    /// - Parameter stopDescriptor: The write end of the pipe the caller watches for a stop.
    package static func install(writingTo stopDescriptor: Int32) {
        descriptor = stopDescriptor
        var signals = sigset_t()
        sigemptyset(&signals)
        for number in stopping {
            _ = SystemCalls.setSignalHandler(number, StopSignals.handle)
            sigaddset(&signals, number)
        }
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    }

    /// Restores the default actions, so the signals end the process again.
    package static func uninstall() {
        for number in stopping { _ = SystemCalls.setSignalHandler(number, SIG_DFL) }
        descriptor = -1
    }

    /// Writes a byte to the stop pipe.
    private static let handle: @convention(c) (Int32) -> Void = { number in
        _ = SystemCalls.setSignalHandler(number, SIG_DFL)
        var byte: UInt8 = 1
        _ = write(StopSignals.descriptor, &byte, 1)
    }
}
