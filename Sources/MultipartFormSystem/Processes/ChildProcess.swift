#if os(macOS) || os(Linux)
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a command with bytes on its standard input and collects its output, with a deadline, on macOS and Linux.
///
/// The child is started with `posix_spawnp` in its own process group, its standard input is one end
/// of a socket pair (so writing to a child that stopped reading fails with `EPIPE` instead of raising
/// `SIGPIPE` in this process), and so are standard output and error (created close-on-exec atomically
/// where the system allows, so concurrent spawns never inherit each other's descriptors). One `poll`
/// loop writes the input and reads both outputs, so neither side can block the other.
///
/// The run ends when the child exits, not when its outputs close: a grandchild that inherited them
/// and lives on cannot make a child that answered look silent. Then, at the deadline, or when an
/// output passes its limit, the whole process group is killed with `SIGKILL`; nothing waits forever.
/// While a child runs, `SIGINT`, `SIGTERM` and `SIGHUP` kill its process group before this process
/// ends (``ChildProcessGroups``), so an interrupted run leaves no child behind.
package enum ChildProcess {
    /// How the child ended.
    package enum Termination: Sendable, Hashable, CustomStringConvertible {
        /// It exited with this status.
        case exited(Int32)
        /// A signal ended it.
        case signaled(Int32)

        /// `exit status 3` or `signal 11 (Segmentation fault)`.
        package var description: String {
            switch self {
            case .exited(let status): return "exit status \(status)"
            case .signaled(let signal):
                let name = strsignal(signal).map { String(cString: $0) } ?? "unknown signal"
                return "signal \(signal) (\(name))"
            }
        }
    }

    /// What a run produced.
    package struct Outcome: Sendable {
        /// How the child ended (after a kill: by `SIGKILL`).
        package var termination: Termination
        /// Everything it wrote to standard output, up to the limit.
        package var standardOutput: [UInt8]
        /// The last 64 KiB it wrote to standard error (empty when it was inherited).
        package var standardError: [UInt8]
        /// Whether it was killed because the deadline passed.
        package var timedOut: Bool
        /// Whether it was killed because its output passed the limit.
        package var outputLimitReached: Bool
        /// Its peak resident set size in bytes, from `wait4`'s resource usage (0 when it was not reaped normally).
        ///
        /// On Linux `ru_maxrss` of a child that was spawned from a large parent can include the
        /// parent's pages shared at spawn; measure in a small parent when it matters.
        package var peakResidentBytes: Int
    }

    /// A command that could not be started.
    package struct LaunchError: Error, Sendable, CustomStringConvertible {
        /// The system's reason.
        package var description: String
        /// The `errno` value the spawn failed with, when the system gave one.
        package var errorNumber: Int32? = nil
    }

    /// The default limit on each of the child's outputs.
    package static let defaultOutputLimit = 256 * 1024 * 1024

    /// Runs `arguments` (the first is looked up in `PATH`), writes `input`, and returns within about `timeout` seconds.
    ///
    /// - Parameters:
    ///   - timeout: seconds before the process group is killed; `nil` for no deadline.
    ///   - outputLimit: bytes standard output may hold before the group is killed (standard error keeps its last 64 KiB).
    ///   - inheritsStandardError: whether the child writes its standard error to ours instead of being captured.
    package static func run(
        _ arguments: [String], input: [UInt8] = [], timeout: Double?, outputLimit: Int = defaultOutputLimit,
        inheritsStandardError: Bool = false
    ) throws(LaunchError) -> Outcome {
        try run(
            arguments, input: input, until: ContinuousClock.now + allowed(seconds: timeout), outputLimit: outputLimit,
            inheritsStandardError: inheritsStandardError)
    }

    /// Runs `arguments` as ``run(_:input:timeout:outputLimit:inheritsStandardError:)`` does, with the
    /// process group killed at `deadline` itself: not before it, so a caller that compares the time
    /// with the same instant afterwards finds it passed.
    ///
    /// `drainAfterExit` is how long the outputs are still waited on once the child has exited, for a
    /// grandchild that holds them open; what the child itself wrote is read whatever it is.
    package static func run(
        _ arguments: [String], input: [UInt8] = [], until deadline: ContinuousClock.Instant,
        outputLimit: Int = defaultOutputLimit, inheritsStandardError: Bool = false, drainAfterExit: Duration = .milliseconds(200)
    ) throws(LaunchError) -> Outcome {
        try run(
            rawArguments: arguments.map { Array($0.utf8) }, input: input, until: deadline, outputLimit: outputLimit,
            inheritsStandardError: inheritsStandardError, drainAfterExit: drainAfterExit)
    }

    /// Runs a command whose arguments are bytes, not necessarily UTF-8 (a file name on Linux may not
    /// be), as ``run(_:input:until:outputLimit:inheritsStandardError:drainAfterExit:)`` does.
    ///
    /// - Parameters:
    ///   - environment: the child's whole environment as `NAME=value` entries; `nil` for this process's own.
    ///   - marksDescendants: whether the run's marker (``ChildProcessDescendants``) is added, with
    ///     the calling thread's scope if it has one, so that
    ///     ``ChildProcessDescendants/killAll(includingRunning:)`` (or, for the scope,
    ///     ``ChildProcessDescendants/killAll(in:)``) ends what the child leaves behind.
    ///     Without it, the child's descendants are never taken for a command's leftovers: for a
    ///     program that is not a command's adapter (a compiler, a test's tool) in a process that
    ///     also runs commands.
    package static func run(
        rawArguments arguments: [[UInt8]], input: [UInt8] = [], environment: [String]? = nil, marksDescendants: Bool = true,
        until deadline: ContinuousClock.Instant, outputLimit: Int = defaultOutputLimit,
        inheritsStandardError: Bool = false, drainAfterExit: Duration = .milliseconds(200)
    ) throws(LaunchError) -> Outcome {
        precondition(!arguments.isEmpty, "a command needs at least its program name")
        let program = String(decoding: arguments[0], as: UTF8.self)

        var inputPair: [Int32] = [-1, -1]
        var outputPair: [Int32] = [-1, -1]
        var errorPair: [Int32] = [-1, -1]
        guard SystemCalls.makeSocketPair(&inputPair) else { throw failure("cannot create a socket pair") }
        guard SystemCalls.makeSocketPair(&outputPair) else {
            SystemCalls.closeAll(inputPair)
            throw failure("cannot create a socket pair")
        }
        if !inheritsStandardError {
            guard SystemCalls.makeSocketPair(&errorPair) else {
                SystemCalls.closeAll(inputPair + outputPair)
                throw failure("cannot create a socket pair")
            }
        }

        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t? = nil
        var attributes: posix_spawnattr_t? = nil
        #else
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        posix_spawn_file_actions_adddup2(&actions, inputPair[1], 0)
        posix_spawn_file_actions_adddup2(&actions, outputPair[1], 1)
        if !inheritsStandardError { posix_spawn_file_actions_adddup2(&actions, errorPair[1], 2) }
        #if canImport(Glibc)
        // A descriptor this process was handed without close-on-exec (a pipe its own parent reads)
        // must not reach the child: a leftover grandchild would keep that pipe open after this
        // process exits. Darwin gets the same from POSIX_SPAWN_CLOEXEC_DEFAULT below.
        if let closeFrom = Self.addCloseFrom { _ = closeFrom(&actions, 3) }
        #endif
        var defaultSignals = sigset_t()
        sigemptyset(&defaultSignals)
        sigaddset(&defaultSignals, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaultSignals)
        posix_spawnattr_setpgroup(&attributes, 0)
        // The interrupting signals are blocked from the spawn until the child is registered, so one
        // that arrives in between is handled with the child's group known; the child starts with
        // this process's mask as it was.
        var interrupting = sigset_t()
        sigemptyset(&interrupting)
        for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&interrupting, signal) }
        var previousMask = sigset_t()
        pthread_sigmask(SIG_BLOCK, &interrupting, &previousMask)
        defer { pthread_sigmask(SIG_SETMASK, &previousMask, nil) }
        posix_spawnattr_setsigmask(&attributes, &previousMask)
        var flags = Int32(POSIX_SPAWN_SETPGROUP) | Int32(POSIX_SPAWN_SETSIGDEF) | Int32(POSIX_SPAWN_SETSIGMASK)
        #if canImport(Darwin)
        flags |= Int32(POSIX_SPAWN_CLOEXEC_DEFAULT)
        #endif
        posix_spawnattr_setflags(&attributes, Int16(flags))

        ChildProcessGroups.installSignalHandlers()
        guard ChildProcessGroups.interrupted == 0 else {
            SystemCalls.closeAll(inputPair + outputPair + errorPair)
            throw LaunchError(description: "cannot run '\(program)': the run was interrupted")
        }
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map(Self.cString) + [nil]
        // The environment carries this run's marker, so descendants that leave the child's group are found.
        let entries =
            ChildProcessDescendants.unmarked(environment ?? ChildProcessDescendants.inherited)
            + (marksDescendants ? ChildProcessDescendants.markerEntries : [])
        let environment: [UnsafeMutablePointer<CChar>?] = entries.map { strdup($0) } + [nil]
        defer {
            argv.forEach { free($0) }
            environment.forEach { free($0) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, argv[0]!, &actions, &attributes, argv, environment)
        SystemCalls.closeAll([inputPair[1], outputPair[1], errorPair[1]])
        guard spawned == 0 else {
            SystemCalls.closeAll([inputPair[0], outputPair[0], errorPair[0]])
            throw LaunchError(description: "cannot run '\(program)': \(SystemCalls.describe(spawned))", errorNumber: spawned)
        }
        ChildProcessGroups.register(pid)
        defer { ChildProcessGroups.unregister(pid) }
        pthread_sigmask(SIG_SETMASK, &previousMask, nil)  // a signal that came meanwhile is handled now

        var session = ChildProcessSession(
            pid: pid, input: input, inputDescriptor: inputPair[0], outputDescriptor: outputPair[0],
            errorDescriptor: errorPair[0], outputLimit: outputLimit, deadline: deadline,
            drainAfterExit: drainAfterExit)
        let outcome = session.run()
        ChildProcessDescendants.reapAdopted()
        return outcome
    }

    /// A time-out in seconds as a duration: a negative one is 0 (the child is killed at once), and
    /// `nil`, NaN or more than a year is a year.
    package static func allowed(seconds timeout: Double?) -> Duration {
        let year = 365.0 * 24 * 3600
        guard let timeout, !timeout.isNaN else { return .seconds(year) }
        return .seconds(min(max(0, timeout), year))
    }

    /// Milliseconds from now until `deadline`, rounded up: 0 only once the deadline has passed, so a
    /// wait of that many milliseconds never ends before it.
    static func milliseconds(until deadline: ContinuousClock.Instant) -> Int {
        let left = deadline - ContinuousClock.now
        guard left > .zero else { return 0 }
        let (seconds, attoseconds) = left.components
        let perMillisecond: Int64 = 1_000_000_000_000_000
        return Int(seconds) * 1000 + Int((attoseconds + perMillisecond - 1) / perMillisecond)
    }

    /// Waits for the child (or only checks, without `wait`), decoding its status and its peak memory.
    static func reap(_ pid: pid_t, wait: Bool) -> (termination: Termination, peakResidentBytes: Int)? {
        var status: Int32 = 0
        var usage = rusage()
        while true {
            let result = wait4(pid, &status, wait ? 0 : WNOHANG, &usage)
            if result == pid { break }
            if result < 0 && errno == EINTR { continue }
            return nil
        }
        #if canImport(Darwin)
        let peak = Int(usage.ru_maxrss)
        #else
        let peak = Int(usage.ru_maxrss) * 1024
        #endif
        // WIFSIGNALED / WTERMSIG / WEXITSTATUS, which Swift does not import as macros.
        let signal = status & 0x7F
        return (signal == 0 ? .exited((status >> 8) & 0xFF) : .signaled(signal), peak)
    }

    /// The path of the running executable, or `nil` when the system cannot say.
    package static func currentExecutable() -> String? {
        #if canImport(Darwin)
        var size: UInt32 = 4096
        var path = [CChar](repeating: 0, count: Int(size))
        guard _NSGetExecutablePath(&path, &size) == 0 else { return nil }
        return String(cString: path)
        #else
        var path = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &path, path.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: path[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #endif
    }

    private static func failure(_ what: String) -> LaunchError {
        LaunchError(description: "\(what): \(SystemCalls.describe(errno))", errorNumber: errno)
    }

    /// A `malloc`ed, NUL-terminated copy of `bytes` for an `argv` (freed with `free`).
    private static func cString(_ bytes: [UInt8]) -> UnsafeMutablePointer<CChar>? {
        let pointer = malloc(bytes.count + 1)!.assumingMemoryBound(to: CChar.self)
        for (index, byte) in bytes.enumerated() { pointer[index] = CChar(bitPattern: byte) }
        pointer[bytes.count] = 0
        return pointer
    }
}
#endif

#if canImport(Glibc)
extension ChildProcess {
    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), looked up at run time: the
    /// Glibc module does not declare it, and an older glibc simply goes without.
    static let addCloseFrom: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
    }()
}
#endif
