#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// POSIX calls whose names or shapes differ between Glibc, Musl and Darwin, in the package's system layer.
///
/// The other modules call these (and the layer's other types, one folder a concern: files,
/// processes, sockets, descriptors, signals, threads, memory, the clock and the machine) instead of
/// naming `Glibc`, `Musl` or `Darwin` themselves, which the platform guard test enforces:
/// reads and writes retry on `EINTR`, and errors are worded once, as `strerror` says them with a
/// lower-case first letter (compiler-style messages).
package enum SystemCalls {
    /// `read(2)`, retried on `EINTR`: the count read, 0 at end of file, or -1 with `errno` set.
    package static func read(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        while true {
            #if canImport(Glibc)
            let result = Glibc.read(descriptor, buffer, count)
            #elseif canImport(Musl)
            let result = Musl.read(descriptor, buffer, count)
            #elseif canImport(Darwin)
            let result = Darwin.read(descriptor, buffer, count)
            #endif
            if result < 0 && errno == EINTR { continue }
            return result
        }
    }

    /// `write(2)`, retried on `EINTR`: the count written, or -1 with `errno` set.
    package static func write(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
        while true {
            #if canImport(Glibc)
            let result = Glibc.write(descriptor, buffer, count)
            #elseif canImport(Musl)
            let result = Musl.write(descriptor, buffer, count)
            #elseif canImport(Darwin)
            let result = Darwin.write(descriptor, buffer, count)
            #endif
            if result < 0 && errno == EINTR { continue }
            return result
        }
    }

    /// `pread(2)`, retried on `EINTR`: up to `count` bytes from `offset` in the file, without moving
    /// its position (so a file being streamed can be re-read meanwhile); the count read, 0 at end
    /// of file, or -1 with `errno` set.
    package static func read(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int, atOffset offset: Int) -> Int {
        while true {
            let result = pread(descriptor, buffer, count, off_t(offset))
            if result < 0 && errno == EINTR { continue }
            return result
        }
    }

    /// Writes every byte, retrying short writes; `false` (with `errno` set) when the descriptor refuses.
    package static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let count = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if count == 0 { errno = EIO }  // a descriptor that takes nothing would loop forever
            if count <= 0 { return false }
            offset += count
        }
        return true
    }

    /// `close(2)`; the result, which callers that own a descriptor's last write should check.
    @discardableResult
    package static func close(_ descriptor: Int32) -> Int32 {
        #if canImport(Glibc)
        Glibc.close(descriptor)
        #elseif canImport(Musl)
        Musl.close(descriptor)
        #elseif canImport(Darwin)
        Darwin.close(descriptor)
        #endif
    }

    /// Closes each descriptor that is open (not negative).
    package static func closeAll(_ descriptors: [Int32]) {
        for descriptor in descriptors where descriptor >= 0 { close(descriptor) }
    }

    /// `listen(2)`.
    package static func listen(_ descriptor: Int32, _ backlog: Int32) -> Int32 {
        #if canImport(Glibc)
        Glibc.listen(descriptor, backlog)
        #elseif canImport(Musl)
        Musl.listen(descriptor, backlog)
        #elseif canImport(Darwin)
        Darwin.listen(descriptor, backlog)
        #endif
    }

    /// `accept(2)`: the connection's descriptor, or -1 with `errno` set.
    package static func accept(
        _ descriptor: Int32, _ address: UnsafeMutablePointer<sockaddr>, _ length: inout socklen_t
    ) -> Int32 {
        #if canImport(Glibc)
        Glibc.accept(descriptor, address, &length)
        #elseif canImport(Musl)
        Musl.accept(descriptor, address, &length)
        #elseif canImport(Darwin)
        Darwin.accept(descriptor, address, &length)
        #endif
    }

    /// `send(2)` without `SIGPIPE` on a socket: a peer that stopped reading gives `EPIPE` instead.
    ///
    /// Darwin has no `MSG_NOSIGNAL`; ``makeSocketPair(_:)`` sets `SO_NOSIGPIPE` on its sockets there.
    package static func sendWithoutSignal(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
        while true {
            #if canImport(Darwin)
            let result = write(descriptor, buffer, count)
            #else
            let result = send(descriptor, buffer, count, Int32(MSG_NOSIGNAL))
            #endif
            if result < 0 && errno == EINTR { continue }
            return result
        }
    }

    /// `signal(2)`: installs `handler` for `number` and returns the previous one (`SIG_DFL` restores the default).
    @discardableResult
    package static func setSignalHandler(
        _ number: Int32, _ handler: (@convention(c) (Int32) -> Void)?
    ) -> (@convention(c) (Int32) -> Void)? {
        #if canImport(Glibc)
        Glibc.signal(number, handler)
        #elseif canImport(Musl)
        Musl.signal(number, handler)
        #elseif canImport(Darwin)
        Darwin.signal(number, handler)
        #endif
    }

    /// A connected pair of Unix stream sockets, close-on-exec (atomically where the system allows).
    package static func makeSocketPair(_ pair: inout [Int32]) -> Bool {
        #if canImport(Darwin)
        guard socketpair(AF_UNIX, SOCK_STREAM, 0, &pair) == 0 else { return false }
        var on: Int32 = 1
        for descriptor in pair {
            setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        }
        return true
        #elseif canImport(Glibc)
        return socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0
        #else
        return socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, &pair) == 0
        #endif
    }

    /// The process's limit on open file descriptors (`RLIMIT_NOFILE`): the soft limit in force and
    /// the hard limit it may be raised to; `nil` when the system does not say.
    package static func openFileLimit() -> (soft: Int, hard: Int)? {
        var limit = rlimit()
        #if canImport(Glibc)
        guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return nil }
        #else
        guard getrlimit(RLIMIT_NOFILE, &limit) == 0 else { return nil }
        #endif
        func clamped(_ value: rlim_t) -> Int { value == unlimited || value > rlim_t(Int.max) ? Int.max : Int(value) }
        return (clamped(limit.rlim_cur), clamped(limit.rlim_max))
    }

    /// Raises the soft limit on open file descriptors to `count` (at most the hard limit); whether it now allows `count`.
    package static func raiseOpenFileLimit(to count: Int) -> Bool {
        guard let current = openFileLimit() else { return false }
        if current.soft >= count { return true }
        guard current.hard >= count else { return false }
        var limit = rlimit()
        limit.rlim_cur = rlim_t(count)
        limit.rlim_max = current.hard == Int.max ? unlimited : rlim_t(current.hard)
        #if canImport(Glibc)
        return setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0
        #else
        return setrlimit(RLIMIT_NOFILE, &limit) == 0
        #endif
    }

    /// Makes this process a child subreaper (Linux's `PR_SET_CHILD_SUBREAPER`): an orphaned
    /// descendant becomes its child instead of init's. `false` where the system has none.
    package static func becomeChildSubreaper() -> Bool {
        #if os(Linux)
        let setChildSubreaper: Int32 = 36  // PR_SET_CHILD_SUBREAPER, from linux/prctl.h, which Swift does not import
        return linuxProcessControl(setChildSubreaper, 1, 0, 0, 0) == 0
        #else
        return false
        #endif
    }

    /// `RLIM_INFINITY`, which Swift imports from Glibc and Musl only as a literal that overflows.
    private static var unlimited: rlim_t {
        #if canImport(Darwin)
        RLIM_INFINITY
        #else
        rlim_t.max
        #endif
    }

    /// The environment to hand a spawned child: this process's own.
    package static var environment: UnsafePointer<UnsafeMutablePointer<CChar>?>? {
        #if canImport(Darwin)
        UnsafePointer(_NSGetEnviron().pointee)
        #else
        UnsafePointer(environ)
        #endif
    }

    /// `strerror`'s text for `errorNumber` with a lower-case first letter, as compiler-style messages are written.
    package static func describe(_ errorNumber: Int32) -> String {
        guard let text = strerror(errorNumber) else { return "error \(errorNumber)" }
        let reason = String(cString: text)
        return reason.prefix(1).lowercased() + reason.dropFirst()
    }

    /// ``describe(_:)`` for the current `errno`.
    package static func lastError() -> String {
        describe(errno)
    }

    /// The current `errno`, for messages built after a call failed.
    package static var errorNumber: Int32 { errno }

    /// Whether `errno` says a non-blocking descriptor had nothing to read or no room to write
    /// (`EAGAIN` or `EWOULDBLOCK`): a reason to wait and try again, not a failure.
    package static var lastCallWouldBlock: Bool { errno == EAGAIN || errno == EWOULDBLOCK }

    /// `EISDIR`, for refusing a directory where a file is to be read with the system's own words
    /// (``describe(_:)``), as `open` would have refused it.
    package static var isDirectoryErrorNumber: Int32 { EISDIR }

    /// Whether `descriptor` is a terminal (`isatty(3)`).
    package static func isTerminal(_ descriptor: Int32) -> Bool {
        isatty(descriptor) == 1
    }

    /// The bytes of a NUL-terminated C string, without the NUL.
    package static func bytes(ofCString string: UnsafePointer<CChar>) -> [UInt8] {
        Array(UnsafeRawBufferPointer(start: string, count: strlen(string)))
    }

    /// Ends the process with `status` (`exit(3)`: buffered output is flushed).
    package static func exit(_ status: Int32) -> Never {
        #if canImport(Glibc)
        Glibc.exit(status)
        #elseif canImport(Musl)
        Musl.exit(status)
        #elseif canImport(Darwin)
        Darwin.exit(status)
        #endif
    }

    /// How many processors are online (`sysconf(_SC_NPROCESSORS_ONLN)`), at least 1.
    package static func processorCount() -> Int {
        max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    }

    /// A monotonic clock in nanoseconds (`CLOCK_MONOTONIC`): for measuring, never for dates.
    package static func monotonicNanoseconds() -> Int {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Int(time.tv_sec) * 1_000_000_000 + Int(time.tv_nsec)
    }

    /// Whether `text` matches the shell glob `pattern` (`fnmatch(3)` without flags: `*`, `?`,
    /// `[...]`, and `*` matches `/` too).
    package static func globMatches(_ pattern: String, _ text: String) -> Bool {
        fnmatch(pattern, text, 0) == 0
    }

    /// Opens an existing file for writing (`O_WRONLY | O_CLOEXEC`): a descriptor, or -1 with `errno` set.
    package static func openForWriting(_ path: String) -> Int32 {
        open(path, O_WRONLY | O_CLOEXEC)
    }

    /// Waits until what was written to `descriptor` is on disk (`fsync`); `false` with `errno` set.
    package static func synchronize(_ descriptor: Int32) -> Bool {
        fsync(descriptor) == 0
    }

    /// Makes one directory, `rwxr-xr-x` before the umask; `false` with `errno` set.
    package static func makeDirectory(_ path: String) -> Bool {
        mkdir(path, 0o755) == 0
    }
}

#if os(Linux)
/// `prctl(2)`, which C declares variadic, so Swift does not import it. Declared here with the five
/// integer arguments it reads: on x86_64 and arm64 Linux these travel in the registers a variadic
/// call uses, and a C function keeps the registers Swift's convention adds.
@_silgen_name("prctl")
private func linuxProcessControl(_ option: Int32, _ second: UInt, _ third: UInt, _ fourth: UInt, _ fifth: UInt) -> Int32
#endif
