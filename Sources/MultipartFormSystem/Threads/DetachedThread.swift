#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Starts detached POSIX threads (serve runs one per connection, so a slow client blocks only itself).
package enum DetachedThread {
    /// Each thread's stack: what runs on them never recurses deeply.
    package static let stackSize = 1024 * 1024

    private final class Work {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }

    /// Runs `body` on a new detached thread; `false` when the system refuses to start one.
    package static func start(_ body: @escaping @Sendable () -> Void) -> Bool {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        pthread_attr_setstacksize(&attributes, stackSize)
        let context = Unmanaged.passRetained(Work(body)).toOpaque()
        #if canImport(Darwin)
        var thread: pthread_t? = nil
        #else
        var thread = pthread_t()
        #endif
        let result = pthread_create(&thread, &attributes, { context in
            #if canImport(Darwin)
            let work = Unmanaged<Work>.fromOpaque(context).takeRetainedValue()
            #else
            let work = Unmanaged<Work>.fromOpaque(context!).takeRetainedValue()
            #endif
            work.body()
            return nil
        }, context)
        if result != 0 {
            Unmanaged<Work>.fromOpaque(context).release()
            return false
        }
        return true
    }
}
