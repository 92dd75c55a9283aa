#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import MultipartFormSystem

extension TestProcess {
    /// A signal a test sends to a program it started.
    package struct Signal: Sendable, Hashable {
        /// The signal's number.
        package let number: Int32

        /// `SIGINT`, as Ctrl-C sends it.
        package static let interrupt = Signal(number: SIGINT)
        /// `SIGTERM`.
        package static let terminate = Signal(number: SIGTERM)
        /// `SIGHUP`.
        package static let hangUp = Signal(number: SIGHUP)
        /// `SIGKILL`.
        package static let kill = Signal(number: SIGKILL)
    }

    /// Where a started program's standard output or error goes.
    package enum Destination: Sendable {
        /// Discarded (`/dev/null`).
        case discarded
        /// A pipe the test reads, or leaves unread to see the program block on it.
        case pipe
    }

    /// A program started in the background, for a test that signals it, waits for it or reads its
    /// output while it runs: the one way the tests start a program they do not run to its end.
    ///
    /// Standard input is `/dev/null` and no signal is blocked in the child, whatever the test's
    /// threads block. A program still running when the value goes away is killed and reaped.
    package final class Running: @unchecked Sendable {
        /// The program's process id.
        package let processIdentifier: Int32
        /// The reading end of standard output's pipe, or `nil` when it is discarded.
        package let standardOutput: Int32?
        /// The reading end of standard error's pipe, or `nil` when it is discarded.
        package let standardError: Int32?
        private let status = LockedValue<Int32?>(nil)

        /// Starts `arguments` (the first is a path).
        /// - Parameters:
        ///   - environment: variables to set (a value) or remove (`nil`), over this process's environment.
        ///   - standardOutput: where standard output goes.
        ///   - standardError: where standard error goes.
        package init(
            _ arguments: [String], environment: [String: String?] = [:], standardOutput: Destination = .discarded,
            standardError: Destination = .discarded
        ) throws {
            precondition(!arguments.isEmpty, "a command needs at least its program name")
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            var ends: [(read: Int32, write: Int32)?] = []
            for (descriptor, destination) in [(Int32(1), standardOutput), (2, standardError)] {
                switch destination {
                case .discarded:
                    posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", O_WRONLY, 0)
                    ends.append(nil)
                case .pipe:
                    var pair: [Int32] = [0, 0]
                    guard pipe(&pair) == 0 else { throw LaunchFailure(description: SystemCalls.lastError()) }
                    _ = fcntl(pair[0], F_SETFD, FD_CLOEXEC)
                    _ = fcntl(pair[1], F_SETFD, FD_CLOEXEC)
                    posix_spawn_file_actions_adddup2(&actions, pair[1], descriptor)
                    ends.append((pair[0], pair[1]))
                }
            }
            #if canImport(Darwin)
            var attributes: posix_spawnattr_t? = nil
            #else
            var attributes = posix_spawnattr_t()
            #endif
            posix_spawnattr_init(&attributes)
            defer { posix_spawnattr_destroy(&attributes) }
            var empty = sigset_t()
            sigemptyset(&empty)
            posix_spawnattr_setsigmask(&attributes, &empty)
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
            var variables = ProcessInfo.processInfo.environment
            for (name, value) in environment { variables[name] = value }
            let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
            let envp: [UnsafeMutablePointer<CChar>?] = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
            defer { (argv + envp).forEach { free($0) } }
            var pid: pid_t = 0
            let result = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, envp)
            for end in ends { if let end { close(end.write) } }
            guard result == 0 else {
                for end in ends { if let end { close(end.read) } }
                throw LaunchFailure(description: "cannot start \(arguments[0]): \(SystemCalls.describe(result))")
            }
            processIdentifier = pid
            self.standardOutput = ends[0]?.read
            self.standardError = ends[1]?.read
        }

        deinit {
            if exitStatus == nil {
                TestProcess.send(.kill, to: processIdentifier)
                _ = waitForExit(within: 10)
            }
            if let standardOutput { close(standardOutput) }
            if let standardError { close(standardError) }
        }

        /// Sends `signal` to the program.
        package func send(_ signal: Signal) {
            TestProcess.send(signal, to: processIdentifier)
        }

        /// The raw wait status once the program has ended and been reaped, else `nil`.
        package var exitStatus: Int32? {
            status.withLock { saved in
                if saved == nil {
                    var raw: Int32 = 0
                    if waitpid(processIdentifier, &raw, WNOHANG) == processIdentifier { saved = raw }
                }
                return saved
            }
        }

        /// Whether the program is still running.
        package var isRunning: Bool { exitStatus == nil }

        /// Waits up to `seconds` for the program to end; its raw wait status, or `nil` if it still runs.
        @discardableResult
        package func waitForExit(within seconds: Double = TestProcess.defaultTimeout) -> Int32? {
            _ = eventually(within: seconds) { exitStatus != nil }
            return exitStatus
        }

        /// The signal that ended the program, or `nil` while it runs or when it exited.
        package var terminatingSignal: Signal? {
            exitStatus.flatMap { $0 & 0x7F == 0 ? nil : Signal(number: $0 & 0x7F) }
        }

        /// Reads `descriptor` (one of the pipes) until the program closes it.
        package func readToEnd(_ descriptor: Int32) -> [UInt8] {
            var result: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = read(descriptor, &buffer, buffer.count)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return result }
                result += buffer[..<count]
            }
        }

        /// Reads what `descriptor` (one of the pipes) holds now, waiting for something at first;
        /// empty once the program has closed it.
        package func readAvailable(_ descriptor: Int32) -> [UInt8] {
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = read(descriptor, &buffer, buffer.count)
                if count < 0 && errno == EINTR { continue }
                return count > 0 ? Array(buffer[..<count]) : []
            }
        }

        /// How many bytes `descriptor` (one of the pipes) holds unread, or `nil` when it cannot say.
        package func unreadCount(_ descriptor: Int32) -> Int? {
            var unread: Int32 = 0
            return ioctl(descriptor, UInt(FIONREAD), &unread) == 0 ? Int(unread) : nil
        }
    }

    /// Whether `processIdentifier` names a running process (a zombie awaiting its reaper counts as gone).
    package static func isRunning(_ processIdentifier: Int32) -> Bool {
        if kill(processIdentifier, 0) != 0 && errno == ESRCH { return false }
        let state = (try? String(contentsOfFile: "/proc/\(processIdentifier)/stat", encoding: .utf8))?
            .split(separator: ")").last?.split(separator: " ").first
        return state != "Z"
    }

    /// Sends `signal` to `processIdentifier`; whether it was delivered.
    @discardableResult
    package static func send(_ signal: Signal, to processIdentifier: Int32) -> Bool {
        kill(processIdentifier, signal.number) == 0
    }
}
