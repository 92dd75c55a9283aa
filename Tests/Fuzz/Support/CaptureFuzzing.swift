// What the har and http fuzz targets share: one capture reader of the command line fed the whole
// input, so the run goes into that reader instead of a quarter of it as in the command-line target.
import MultipartFormCLI
import MultipartFormConformanceCore

package enum CaptureFuzzing {
    /// Validates `bytes` as standard input read as `input` (`har` or `http`) with JSON output.
    ///
    /// Besides crashes and hangs, traps when the exit status is not one the documentation allows for
    /// a readable input (0, 1, 66) and when the JSON output is not one strict JSON document.
    package static func check(_ bytes: [UInt8], input: String) {
        let arguments = ["validate", "--input", input, "--format", "json", "-"]
        var stdout = ""
        var stderr = ""
        let status = MultipartCheck.run(arguments: arguments, standardInput: .bytes(bytes), stdout: &stdout, stderr: &stderr)
        if ![0, 1, 66].contains(status) {
            fatalError("property failed: exit status \(status) for \(arguments); stderr: \(stderr)")
        }
        do {
            _ = try JSONNode.parse(Array(stdout.utf8))
        } catch {
            fatalError("property failed: --format json printed a document that is not JSON: \(error)")
        }
    }
}
