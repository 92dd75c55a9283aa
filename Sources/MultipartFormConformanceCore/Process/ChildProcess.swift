#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a command with bytes on its standard input and collects its output, with a deadline, on POSIX only.
///
/// The child is started with `posix_spawnp` in its own process group, its standard input is one end
/// of a socket pair (so writing to a child that stopped reading fails with `EPIPE` instead of raising
/// `SIGPIPE` in this process), and so are standard output and error (created close-on-exec atomically
/// where the system allows, so concurrent spawns never inherit each other's descriptors). One `poll` loop writes the input
/// and reads both outputs, so neither side can block the other. At the deadline, or when the output
/// passes its limit, the whole process group is killed with `SIGKILL`; nothing waits forever.
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
        /// Everything it wrote to standard error, up to the limit.
        package var standardError: [UInt8]
        /// Whether it was killed because the deadline passed.
        package var timedOut: Bool
        /// Whether it was killed because its output passed the limit.
        package var outputLimitReached: Bool
    }

    /// A command that could not be started.
    package struct LaunchFailure: Error, Sendable, CustomStringConvertible {
        /// The system's reason.
        package var description: String
    }

    /// Runs `arguments` (the first is looked up in `PATH`), writes `input`, and returns within about `timeout` seconds.
    package static func run(
        _ arguments: [String], input: [UInt8], timeout: Double, outputLimit: Int = 256 * 1024 * 1024
    ) throws(LaunchFailure) -> Outcome {
        precondition(!arguments.isEmpty, "a command needs at least its program name")
        let deadline = ContinuousClock.now + .milliseconds(Int64(max(0, timeout) * 1000))

        var inputPair: [Int32] = [-1, -1]
        var outputPipe: [Int32] = [-1, -1]
        var errorPipe: [Int32] = [-1, -1]
        guard makeSocketPair(&inputPair) else { throw failure("cannot create a socket pair") }
        guard makePipe(&outputPipe) else {
            closeAll(inputPair)
            throw failure("cannot create a pipe")
        }
        guard makePipe(&errorPipe) else {
            closeAll(inputPair + outputPipe)
            throw failure("cannot create a pipe")
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
        posix_spawn_file_actions_adddup2(&actions, outputPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errorPipe[1], 2)
        var defaultSignals = sigset_t()
        sigemptyset(&defaultSignals)
        sigaddset(&defaultSignals, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaultSignals)
        posix_spawnattr_setpgroup(&attributes, 0)
        var flags = Int32(POSIX_SPAWN_SETPGROUP) | Int32(POSIX_SPAWN_SETSIGDEF)
        #if canImport(Darwin)
        flags |= Int32(POSIX_SPAWN_CLOEXEC_DEFAULT)
        #endif
        posix_spawnattr_setflags(&attributes, Int16(flags))

        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, argv[0]!, &actions, &attributes, argv, environ)
        closeAll([inputPair[1], outputPipe[1], errorPipe[1]])
        guard spawned == 0 else {
            closeAll([inputPair[0], outputPipe[0], errorPipe[0]])
            throw LaunchFailure(description: "cannot run '\(arguments[0])': \(String(cString: strerror(spawned)))")
        }

        var session = Session(
            pid: pid, input: input, inputDescriptor: inputPair[0], outputDescriptor: outputPipe[0],
            errorDescriptor: errorPipe[0], outputLimit: outputLimit, deadline: deadline)
        return session.run()
    }

    /// The state of one running child.
    private struct Session {
        let pid: pid_t
        let input: [UInt8]
        var written = 0
        var inputDescriptor: Int32
        var outputDescriptor: Int32
        var errorDescriptor: Int32
        let outputLimit: Int
        let deadline: ContinuousClock.Instant
        var output: [UInt8] = []
        var errors: [UInt8] = []

        init(
            pid: pid_t, input: [UInt8], inputDescriptor: Int32, outputDescriptor: Int32, errorDescriptor: Int32,
            outputLimit: Int, deadline: ContinuousClock.Instant
        ) {
            self.pid = pid
            self.input = input
            self.inputDescriptor = inputDescriptor
            self.outputDescriptor = outputDescriptor
            self.errorDescriptor = errorDescriptor
            self.outputLimit = outputLimit
            self.deadline = deadline
            for descriptor in [inputDescriptor, outputDescriptor, errorDescriptor] {
                _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            }
            if input.isEmpty { closeInput() }
        }

        mutating func run() -> Outcome {
            var timedOut = false
            var limitReached = false
            while outputDescriptor >= 0 || errorDescriptor >= 0 {
                let remaining = ChildProcess.milliseconds(until: deadline)
                if remaining <= 0 {
                    timedOut = true
                    break
                }
                var descriptors: [pollfd] = []
                if inputDescriptor >= 0 { descriptors.append(pollfd(fd: inputDescriptor, events: Int16(POLLOUT), revents: 0)) }
                if outputDescriptor >= 0 { descriptors.append(pollfd(fd: outputDescriptor, events: Int16(POLLIN), revents: 0)) }
                if errorDescriptor >= 0 { descriptors.append(pollfd(fd: errorDescriptor, events: Int16(POLLIN), revents: 0)) }
                let ready = poll(&descriptors, nfds_t(descriptors.count), Int32(min(remaining, 1000)))
                if ready < 0 && errno != EINTR { break }
                for entry in descriptors where entry.revents != 0 {
                    if entry.fd == inputDescriptor {
                        writeInput()
                    } else if entry.fd == outputDescriptor {
                        if !drain(&outputDescriptor, into: &output) { limitReached = true }
                    } else if entry.fd == errorDescriptor {
                        if !drain(&errorDescriptor, into: &errors) { limitReached = true }
                    }
                }
                if limitReached { break }
            }
            closeInput()
            var termination: Termination?
            if !timedOut && !limitReached {
                // Both outputs are closed; give the child until the deadline to exit.
                while termination == nil {
                    termination = ChildProcess.reap(pid, wait: false)
                    if termination != nil { break }
                    if ChildProcess.milliseconds(until: deadline) <= 0 {
                        timedOut = true
                        break
                    }
                    usleep(2000)
                }
            }
            if termination == nil {
                kill(-pid, SIGKILL)
                kill(pid, SIGKILL)
                termination = ChildProcess.reap(pid, wait: true) ?? .signaled(SIGKILL)
            }
            ChildProcess.closeAll([outputDescriptor, errorDescriptor])
            return Outcome(
                termination: termination!, standardOutput: output, standardError: errors, timedOut: timedOut,
                outputLimitReached: limitReached)
        }

        private mutating func writeInput() {
            while written < input.count {
                let count = input.withUnsafeBytes { raw in
                    ChildProcess.send(inputDescriptor, raw.baseAddress! + written, raw.count - written)
                }
                if count > 0 {
                    written += count
                    continue
                }
                if count < 0 && errno == EINTR { continue }
                if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { return }
                break  // EPIPE, ECONNRESET: the child stopped reading.
            }
            closeInput()
        }

        private mutating func closeInput() {
            if inputDescriptor >= 0 {
                close(inputDescriptor)
                inputDescriptor = -1
            }
        }

        /// Reads what is available; closes at end of file. Returns `false` when the limit is passed.
        private func drain(_ descriptor: inout Int32, into buffer: inout [UInt8]) -> Bool {
            var chunk = [UInt8](repeating: 0, count: 64 * 1024)
            while true {
                let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count > 0 {
                    buffer += chunk[0..<count]
                    if buffer.count > outputLimit { return false }
                    continue
                }
                if count < 0 && errno == EINTR { continue }
                if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { return true }
                close(descriptor)
                descriptor = -1
                return true
            }
        }
    }

    static func milliseconds(until deadline: ContinuousClock.Instant) -> Int {
        let left = deadline - ContinuousClock.now
        let (seconds, attoseconds) = left.components
        return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
    }

    /// Waits for the child (or only checks, without `wait`) and decodes its status.
    static func reap(_ pid: pid_t, wait: Bool) -> Termination? {
        var status: Int32 = 0
        while true {
            let result = waitpid(pid, &status, wait ? 0 : WNOHANG)
            if result == pid { break }
            if result < 0 && errno == EINTR { continue }
            return nil
        }
        let signal = status & 0x7F
        return signal == 0 ? .exited((status >> 8) & 0xFF) : .signaled(signal)
    }

    static func send(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Darwin)
        Darwin.write(descriptor, buffer, count)  // SO_NOSIGPIPE is set on the socket
        #else
        Glibc.send(descriptor, buffer, count, Int32(MSG_NOSIGNAL))
        #endif
    }

    private static func makeSocketPair(_ pair: inout [Int32]) -> Bool {
        #if canImport(Darwin)
        guard socketpair(AF_UNIX, SOCK_STREAM, 0, &pair) == 0 else { return false }
        var on: Int32 = 1
        setsockopt(pair[0], SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        for descriptor in pair { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        return true
        #else
        return socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0
        #endif
    }

    /// A one-way channel for the child's output: a socket pair too, because `pipe2` (atomic close-on-exec) is not exported by every C module.
    private static func makePipe(_ pipeEnds: inout [Int32]) -> Bool {
        makeSocketPair(&pipeEnds)
    }

    static func closeAll(_ descriptors: [Int32]) {
        for descriptor in descriptors where descriptor >= 0 { close(descriptor) }
    }

    private static func failure(_ what: String) -> LaunchFailure {
        LaunchFailure(description: "\(what): \(String(cString: strerror(errno)))")
    }
}
