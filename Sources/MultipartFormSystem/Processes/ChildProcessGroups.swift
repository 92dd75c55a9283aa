#if os(macOS) || os(Linux)
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The process groups of the children running now, so a signal that ends this process ends them too.
///
/// Each child runs in a process group of its own (so a time-out can kill it and everything it
/// started). Such a group does not receive the terminal's `SIGINT`, so without this an interrupted
/// `certify` or `bench` would leave its child running under init. The first spawn installs handlers
/// for `SIGINT`, `SIGTERM` and `SIGHUP`, only where the disposition is still the default: a handler
/// kills every registered group with `SIGKILL`, restores the default disposition and raises the
/// signal again, so this process ends exactly as it would have. The table is a fixed array of
/// slots written with plain stores, which is all a signal handler may read; writers (children
/// started on several threads, as `certify --jobs` does) take a mutex first.
package enum ChildProcessGroups {
    /// How many children can be tracked at once; more run untracked (they still die at their deadline).
    static let capacity = 64

    nonisolated(unsafe) private static let slots: UnsafeMutablePointer<pid_t> = {
        let pointer = UnsafeMutablePointer<pid_t>.allocate(capacity: capacity)
        pointer.initialize(repeating: 0, count: capacity)
        return pointer
    }()

    /// Serialises ``register(_:)`` and ``unregister(_:)``; the signal handler never takes it.
    nonisolated(unsafe) private static let writers: UnsafeMutablePointer<pthread_mutex_t> = {
        let pointer = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        pointer.initialize(to: pthread_mutex_t())
        pthread_mutex_init(pointer, nil)
        return pointer
    }()

    private static let installation: Void = {
        _ = slots
        for signal in [SIGINT, SIGTERM, SIGHUP] {
            let previous = SystemCalls.setSignalHandler(signal, ChildProcessGroups.handle)
            if !isDefault(previous) { _ = SystemCalls.setSignalHandler(signal, previous) }  // someone else handles it: leave it be
        }
    }()

    /// Installs the handlers once (see the type's description).
    static func installSignalHandlers() {
        _ = installation
    }

    /// Tracks a running child's group.
    static func register(_ pid: pid_t) {
        pthread_mutex_lock(writers)
        defer { pthread_mutex_unlock(writers) }
        spawnedAny = true
        for index in 0..<capacity where slots[index] == 0 {
            slots[index] = pid
            return
        }
    }

    /// Whether this process has started a child through ``ChildProcess`` at all: when it has not,
    /// nothing can have been left behind, and the clean-up need not look through `/proc`.
    package static var hasSpawned: Bool {
        pthread_mutex_lock(writers)
        defer { pthread_mutex_unlock(writers) }
        return spawnedAny
    }
    nonisolated(unsafe) private static var spawnedAny = false

    /// The children registered now.
    static func registered() -> [pid_t] {
        pthread_mutex_lock(writers)
        defer { pthread_mutex_unlock(writers) }
        return (0..<capacity).map { slots[$0] }.filter { $0 > 0 }
    }

    /// The write end of the pipe the signal handler hands its signal to, once
    /// ``killsDescendantsOnSignal()`` has started the thread that reads it; -1 before.
    nonisolated(unsafe) private static var handOver: Int32 = -1

    private static let descendantsThread: Void = {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        let reader = ends[0]
        #if canImport(Darwin)
        var thread: pthread_t? = nil
        #else
        var thread = pthread_t()
        #endif
        let started = pthread_create(&thread, nil, { context in
            let reader = Int32(Int(bitPattern: context))
            var signal: Int32 = 0
            while SystemCalls.read(reader, &signal, MemoryLayout<Int32>.size) != MemoryLayout<Int32>.size {}
            // Not in the handler: the sweep reads /proc and allocates, which a handler may not do.
            for index in 0..<ChildProcessGroups.capacity {
                let pid = ChildProcessGroups.slots[index]
                if pid > 0 { kill(-pid, SIGKILL) }
            }
            // Everything carrying the marker goes, the running children and their groups included.
            ChildProcessDescendants.killAll(includingRunning: true)
            _ = SystemCalls.setSignalHandler(signal, SIG_DFL)
            // To the process, not this thread: any thread that does not block it takes it.
            kill(getpid(), signal)
            return nil
        }, UnsafeMutableRawPointer(bitPattern: Int(reader)))
        if started == 0 {
            #if canImport(Darwin)
            if let thread { pthread_detach(thread) }
            #else
            pthread_detach(thread)
            #endif
            handOver = ends[1]
        } else {
            SystemCalls.closeAll(ends)
        }
    }()

    /// From now on an interrupting signal also kills the descendants left behind
    /// (``ChildProcessDescendants``) before this process ends: the handler kills the registered
    /// groups and hands the signal to a thread that sweeps and then ends the process by it.
    ///
    /// The signals are also unblocked in the calling thread (threads it starts inherit that): a
    /// parent that spawned this process with them blocked would otherwise leave it uninterruptible.
    static func killsDescendantsOnSignal() {
        installSignalHandlers()
        var signals = sigset_t()
        sigemptyset(&signals)
        for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&signals, signal) }
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
        _ = descendantsThread
    }

    /// Stops tracking a child that has been reaped.
    static func unregister(_ pid: pid_t) {
        pthread_mutex_lock(writers)
        defer { pthread_mutex_unlock(writers) }
        for index in 0..<capacity where slots[index] == pid {
            slots[index] = 0
            return
        }
    }

    /// Set by the signal handler to the signal's number: from then on no child is started
    /// (``ChildProcess`` checks it with the signals blocked), so none can appear after the sweep
    /// that precedes the end.
    nonisolated(unsafe) static var interrupted: sig_atomic_t = 0

    /// The name of the signal that is ending this process (`SIGINT`), once the handlers took one,
    /// else `nil`: a run that sees its children die now reports the interruption, not their ends.
    package static var interruption: String? {
        switch interrupted {
        case 0: return nil
        case SIGINT: return "SIGINT"
        case SIGTERM: return "SIGTERM"
        case SIGHUP: return "SIGHUP"
        case let other: return "signal \(other)"
        }
    }

    /// Once an interrupting signal came, waits for the thread that sweeps the descendants to end
    /// this process by that signal, so it never ends another way meanwhile (a run whose next
    /// children cannot start would otherwise finish and exit with a status of its own).
    package static func waitIfInterrupted() {
        while interrupted != 0 { usleep(100_000) }
    }

    /// The signal handler: kills every tracked group, then ends this process by the same signal.
    private static let handle: @convention(c) (Int32) -> Void = { signal in
        ChildProcessGroups.interrupted = signal
        for index in 0..<ChildProcessGroups.capacity {
            let pid = ChildProcessGroups.slots[index]
            if pid > 0 { kill(-pid, SIGKILL) }
        }
        var number = signal
        if ChildProcessGroups.handOver >= 0, write(ChildProcessGroups.handOver, &number, MemoryLayout<Int32>.size) == MemoryLayout<Int32>.size {
            return  // the descendants thread ends the process once it has swept
        }
        _ = SystemCalls.setSignalHandler(signal, SIG_DFL)
        raise(signal)
    }

    private static func isDefault(_ handler: (@convention(c) (Int32) -> Void)?) -> Bool {
        guard let handler else { return true }
        guard let defaultHandler = SIG_DFL else { return false }
        return unsafeBitCast(handler, to: Int.self) == unsafeBitCast(defaultHandler, to: Int.self)
    }
}
#endif
