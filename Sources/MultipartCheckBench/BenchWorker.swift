import MultipartFormCLI
import MultipartFormConformanceCore
import MultipartFormSystem

/// The hidden `__bench-worker` mode: one run of one operation, in a process of its own.
///
/// `bench` spawns the running executable as `multipart-check __bench-worker OPERATION CASE SCALE
/// DIRECTORY` for every run, so that the peak resident set size belongs to that run alone; a
/// process's own peak only ever grows. The worker plans the case from its name and scale, runs the
/// operation on the files already in DIRECTORY, and prints one ``BenchSample`` line that includes its
/// own peak where the system gives it per address space (``BenchWorker/ownPeakResidentBytes()``).
struct BenchWorker: ExtensionCommand {
    /// The argument that selects the mode; not listed in help.
    static let commandName = "__bench-worker"

    var operation: BenchOperation
    var plan: BenchCase

    /// The arguments after ``commandName``, as ``BenchCommand`` writes them.
    static func arguments(_ operation: BenchOperation, _ plan: BenchCase) -> [String] {
        [commandName, operation.rawValue, plan.name.rawValue, String(plan.scale), plan.directory]
    }

    /// Reads the arguments after ``commandName``.
    init(_ arguments: ArraySlice<String>) throws(UsageError) {
        let words = Array(arguments)
        guard words.count == 4, let operation = BenchOperation(rawValue: words[0]),
            let name = BenchCase.Name(rawValue: words[1]), let scale = Double(words[2]), scale > 0
        else {
            throw UsageError(
                "'\(Self.commandName)' is run by 'bench' as: OPERATION CASE SCALE DIRECTORY", command: .bench)
        }
        self.operation = operation
        plan = BenchCase(name, scale: scale, directory: words[3])
    }

    /// Runs the operation once and prints its sample line.
    func run(stdout: inout some TextOutputStream, stderr: inout some TextOutputStream) -> Int32 {
        do {
            var sample = try operation.measure(plan)
            sample.peakResidentBytes = Self.ownPeakResidentBytes()
            stdout.write(sample.line + "\n")
            return ExitCode.success
        } catch {
            stderr.write("error: \(error.message)\n")
            return ExitCode.failure
        }
    }

    /// This process's peak resident set size since its `exec`, from `VmHWM` in `/proc/self/status` (Linux).
    ///
    /// `ru_maxrss` is no use there: when `posix_spawn` shares the parent's address space until the
    /// `exec` (as glibc's does), the kernel carries the parent's peak over into the child's
    /// `ru_maxrss`. `VmHWM` belongs to the address space the `exec` created. Elsewhere `nil`, and the
    /// parent uses `ru_maxrss` from `wait4`.
    static func ownPeakResidentBytes() -> Int? {
        #if os(Linux)
        guard let status = try? FileSystem.read("/proc/self/status") else { return nil }
        for line in status.split(separator: UInt8(ascii: "\n")) where line.starts(with: Array("VmHWM:".utf8)) {
            let digits = line.filter { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
            guard let kibibytes = Int(String(decoding: digits, as: UTF8.self)) else { return nil }
            return kibibytes * 1024
        }
        return nil
        #else
        return nil
        #endif
    }
}
