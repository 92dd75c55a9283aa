#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a program to completion with `posix_spawn`, capturing its standard output and its resource usage.
///
/// Standard error is inherited, so a child's failure message reaches the user.
enum ChildProcess {
    /// How a child ended.
    struct Outcome {
        /// The exit status, or `nil` when a signal ended it.
        var exitStatus: Int32?
        /// Everything it wrote to standard output.
        var output: [UInt8]
        /// Its peak resident set size in bytes (`ru_maxrss` from `wait4`); on Linux this includes the
        /// parent's peak, see ``BenchWorker/ownPeakResidentBytes()``.
        var peakResidentBytes: Int
    }

    /// Runs `executable` with `arguments` (without the program name) and waits for it.
    static func run(_ executable: String, arguments: [String]) throws(BenchFailure) -> Outcome {
        var pipeEnds: [Int32] = [-1, -1]
        guard pipe(&pipeEnds) == 0 else { throw BenchFailure("cannot create a pipe: \(InputError.describe(errno))") }
        let (readEnd, writeEnd) = (pipeEnds[0], pipeEnds[1])
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t? = nil
        #else
        var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, writeEnd, 1)
        posix_spawn_file_actions_addclose(&actions, readEnd)
        posix_spawn_file_actions_addclose(&actions, writeEnd)
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, Self.environment)
        close(writeEnd)
        guard spawned == 0 else {
            close(readEnd)
            throw BenchFailure("cannot run '\(executable)': \(InputError.describe(spawned))")
        }
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            output += buffer[0..<count]
        }
        close(readEnd)
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw BenchFailure("cannot wait for '\(executable)': \(InputError.describe(errno))") }
        }
        // WIFEXITED and WEXITSTATUS, which Swift does not import as macros.
        let exited = status & 0x7F == 0
        #if canImport(Darwin)
        let peak = Int(usage.ru_maxrss)
        #else
        let peak = Int(usage.ru_maxrss) * 1024
        #endif
        return Outcome(exitStatus: exited ? (status >> 8) & 0xFF : nil, output: output, peakResidentBytes: peak)
    }

    /// The path of the running executable, or `nil` when the system cannot say.
    static func currentExecutable() -> String? {
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

    private static var environment: UnsafePointer<UnsafeMutablePointer<CChar>?>? {
        #if canImport(Darwin)
        UnsafePointer(_NSGetEnviron().pointee)
        #else
        UnsafePointer(environ)
        #endif
    }
}
