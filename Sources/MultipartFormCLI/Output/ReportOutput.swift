import MultipartFormConformanceCore
import MultipartFormSystem

/// Where a rendered report goes: a file named by `--output`, or standard output.
enum ReportOutput {
    /// Writes `rendered` to `path`, or to `stdout` when `path` is `nil`; on success with a file,
    /// `written` goes to `stderr`. Returns `nil`, or the exit status when the file cannot be written.
    static func write(
        _ rendered: String, to path: String?, written: @autoclosure () -> String,
        stdout: inout some TextOutputStream, stderr: inout some TextOutputStream
    ) -> Int32? {
        guard let path else {
            stdout.write(rendered)
            return nil
        }
        do {
            try FileSystem.write(Array(rendered.utf8), to: path)
        } catch {
            stderr.write("error: \(error)\n")
            return ExitCode.cannotCreate
        }
        stderr.write(written())
        return nil
    }
}
