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

    /// Makes a write by this thread to a pipe whose reader is gone fail with `EPIPE` instead of
    /// raising `SIGPIPE`, which would end the whole process: for a thread that feeds a pipe or FIFO
    /// another party may close early. The signal stays pending on this thread and ends with it.
    package static func blockBrokenPipeSignal() {
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &signals, nil)
    }

    /// The processor time this thread has used, in seconds (`CLOCK_THREAD_CPUTIME_ID`): what a
    /// growth measurement counts, unmoved by other threads and processes sharing the machine.
    package static func cpuSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) * 1e-9
    }
}
