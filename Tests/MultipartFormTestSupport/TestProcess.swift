import Foundation
import MultipartFormSystem

/// The one way the tests run a program to its end: arguments (text or raw bytes), standard input,
/// environment and working directory in; exit status, standard output and error out.
///
/// Built on the system layer's ``ChildProcess``: standard input is a socket written with
/// `MSG_NOSIGNAL`, so a child that exits before reading it (a usage error decided before any read)
/// makes the write fail with `EPIPE` instead of raising `SIGPIPE`, which would end the whole test
/// process. Input is written and both outputs read in one `poll` loop, so a child that fills one
/// output while the test waits on the other cannot stall, and a deadline kills a child that hangs.
/// Its children do not carry the marker by which a command run in the test process (`certify`)
/// finds what its adapters left behind, so that clean-up never takes them (or their own children,
/// such as the compiler under `swift package`) for leftovers.
package enum TestProcess {
    /// What a finished run produced.
    package struct Result: Sendable {
        /// The exit status, or 128 plus the signal number when a signal ended the child (as a shell reports it).
        package var status: Int32
        /// The signal that ended the child, if one did.
        package var signal: Int32?
        /// Standard output as bytes, for output that is not text.
        package var stdoutBytes: [UInt8]
        /// The last 64 KiB of standard error as bytes.
        package var stderrBytes: [UInt8]
        /// Whether the deadline passed and the child was killed.
        package var timedOut: Bool

        /// Standard output decoded as UTF-8 (invalid bytes become U+FFFD).
        package var stdout: String { String(decoding: stdoutBytes, as: UTF8.self) }
        /// Standard error decoded as UTF-8 (invalid bytes become U+FFFD).
        package var stderr: String { String(decoding: stderrBytes, as: UTF8.self) }
        /// Standard output and error, for a failure message.
        package var transcript: String { "status \(status)\nstdout:\n\(stdout)\nstderr:\n\(stderr)" }
    }

    /// A program that could not be started.
    package struct LaunchFailure: Error, CustomStringConvertible {
        /// The system's reason.
        package var description: String
    }

    /// The default deadline, in seconds: long enough for any test's child on a loaded machine, short
    /// enough that a hang fails one test instead of holding the run until CI's limit.
    package static let defaultTimeout = 300.0

    /// Runs `arguments` (the first is a path, or a name looked up in `PATH`) to its end.
    ///
    /// - Parameters:
    ///   - stdin: the bytes on standard input; empty gives end of file at once.
    ///   - environment: variables to set (a value) or remove (`nil`), over this process's environment.
    ///   - directory: the working directory; `nil` for this process's.
    ///   - mergingStandardError: whether standard error goes into standard output, interleaved as written.
    ///   - timeout: seconds before the child's process group is killed.
    package static func run(
        _ arguments: [String], stdin: [UInt8] = [], environment: [String: String?] = [:], directory: String? = nil,
        mergingStandardError: Bool = false, timeout: Double = defaultTimeout
    ) throws -> Result {
        try run(
            rawArguments: arguments.map { Array($0.utf8) }, stdin: stdin, environment: environment, directory: directory,
            mergingStandardError: mergingStandardError, timeout: timeout)
    }

    /// Runs a command whose arguments are raw bytes (not necessarily UTF-8), as ``run(_:stdin:environment:directory:mergingStandardError:timeout:)``.
    package static func run(
        rawArguments arguments: [[UInt8]], stdin: [UInt8] = [], environment: [String: String?] = [:],
        directory: String? = nil, mergingStandardError: Bool = false, timeout: Double = defaultTimeout
    ) throws -> Result {
        precondition(!arguments.isEmpty, "a command needs at least its program name")
        var command = arguments
        if directory != nil || mergingStandardError {
            // A shell changes directory or joins the outputs, then replaces itself with the program;
            // the arguments pass through it as bytes.
            let script = (directory == nil ? "" : #"cd -- "$0" && "#) + #"exec "$@""# + (mergingStandardError ? " 2>&1" : "")
            command = [Array("/bin/sh".utf8), Array("-c".utf8), Array(script.utf8), Array((directory ?? "sh").utf8)] + arguments
        }
        let deadline = ContinuousClock.now + ChildProcess.allowed(seconds: timeout)
        var outcome = try launch(command, stdin: stdin, environment: merged(environment), until: deadline)
        // The shell's own exec met the same "Text file busy" as the spawn below: the same brief retry.
        for _ in 0..<50 where command.count > arguments.count && outcome.termination == .exited(126)
            && String(decoding: outcome.standardError, as: UTF8.self).contains("Text file busy")
        {
            Thread.sleep(forTimeInterval: 0.1)
            outcome = try launch(command, stdin: stdin, environment: merged(environment), until: deadline)
        }
        switch outcome.termination {
        case .exited(let status):
            return Result(
                status: status, signal: nil, stdoutBytes: outcome.standardOutput, stderrBytes: outcome.standardError,
                timedOut: outcome.timedOut)
        case .signaled(let signal):
            return Result(
                status: 128 + signal, signal: signal, stdoutBytes: outcome.standardOutput,
                stderrBytes: outcome.standardError, timedOut: outcome.timedOut)
        }
    }

    /// Copies the executable at `source` to `destination` (mode 0755) through a close-on-exec
    /// descriptor: a child another test spawns meanwhile never inherits the copy open for writing,
    /// which would make running the copy fail with `ETXTBSY` for as long as that child lives.
    package static func copyExecutable(_ source: String, to destination: String) throws {
        try FileSystem.write(FileSystem.read(source, limit: 1 << 32), to: destination)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: destination)
    }

    /// The path of `name` in `PATH`, or `nil` when no executable of that name is there.
    package static func find(_ name: String) -> String? {
        let directories = ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":") ?? []
        return directories.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Starts the command, retrying briefly while exec fails with `ETXTBSY`: a binary a test has just
    /// copied may still be held open for writing by a child another test forked meanwhile, until that
    /// child execs (copy with a close-on-exec descriptor, as ``copyExecutable(_:to:)`` does, so no
    /// child keeps it longer).
    private static func launch(
        _ command: [[UInt8]], stdin: [UInt8], environment: [String]?, until deadline: ContinuousClock.Instant
    ) throws -> ChildProcess.Outcome {
        var attempts = 0
        while true {
            do {
                return try ChildProcess.run(
                    rawArguments: command, input: stdin, environment: environment, marksDescendants: false, until: deadline)
            } catch let error where error.errorNumber == ETXTBSY && attempts < 50 {
                attempts += 1
                Thread.sleep(forTimeInterval: 0.1)
            } catch {
                throw LaunchFailure(description: error.description)
            }
        }
    }

    /// This process's environment with `changes` applied, as `NAME=value` entries; `nil` when there are none.
    private static func merged(_ changes: [String: String?]) -> [String]? {
        guard !changes.isEmpty else { return nil }
        var variables = ProcessInfo.processInfo.environment
        for (name, value) in changes { variables[name] = value }
        return variables.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    }
}
