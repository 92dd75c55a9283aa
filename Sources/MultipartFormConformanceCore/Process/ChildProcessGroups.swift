#if os(macOS) || os(Linux)
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import MultipartForm

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
        for index in 0..<capacity where slots[index] == 0 {
            slots[index] = pid
            return
        }
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

    /// The signal handler: kills every tracked group, then ends this process by the same signal.
    private static let handle: @convention(c) (Int32) -> Void = { signal in
        for index in 0..<ChildProcessGroups.capacity {
            let pid = ChildProcessGroups.slots[index]
            if pid > 0 { kill(-pid, SIGKILL) }
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
