import MultipartFormCLI
import MultipartFormSystem

/// Why a benchmark could not run or measured something other than it should, in compiler style.
struct BenchError: Error, Sendable {
    /// The message, for example `cannot create '/tmp/x/body': no space left on device`.
    var message: String

    init(_ message: String) { self.message = message }

    /// A failed system call on `path`, with the reason `errno` gives now.
    init(systemCall operation: String, path: String) {
        self.init("cannot \(operation) '\(VisibleBytes.escape(path))': \(InputError.describe(SystemCalls.errorNumber))")
    }
}
