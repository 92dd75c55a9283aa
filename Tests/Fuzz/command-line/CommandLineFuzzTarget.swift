// libFuzzer target for the command line's input handling (target `fuzz-command-line`, declared only
// for fuzzing builds: see Tests/Fuzz/run.sh): input sniffing, raw HTTP/1.x captures (Content-Length and chunked), HAR files, the
// boundary inference and the text and JSON renderers, all fed the fuzzer's bytes as standard input.
//
// The control byte picks the input format and the output format. Besides crashes and hangs, the target
// traps when the exit status is not one the documentation allows for a readable input (0, 1, 66), when a
// usage error (64) appears, or when the JSON output is not a single strict JSON document.
import MultipartFormCLI
import MultipartFormConformanceCore
import FuzzEntry

@_cdecl("LLVMFuzzerTestOneInput")
public func commandLineFuzzTarget(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 0 else { return 0 }
    let control = data[0]
    let stdin = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    let inputs = ["auto", "body", "http", "har"]
    let json = control & 0x04 != 0
    var arguments = ["validate", "--input", inputs[Int(control & 0x03)], "--format", json ? "json" : "text"]
    if control & 0x08 != 0 { arguments += ["--content-type", "multipart/form-data; boundary=AaB03x"] }
    if control & 0x10 != 0 { arguments += ["--max-diagnostics", "3"] }
    arguments.append("-")
    var stdout = ""
    var stderr = ""
    let status = MultipartCheck.run(arguments: arguments, standardInput: .bytes(stdin), stdout: &stdout, stderr: &stderr)
    if ![0, 1, 66].contains(status) {
        fatalError("property failed: exit status \(status) for \(arguments); stderr: \(stderr)")
    }
    if json {
        do {
            _ = try JSONNode.parse(Array(stdout.utf8))
        } catch {
            fatalError("property failed: --format json printed a document that is not JSON: \(error)")
        }
    }
    return 0
}

/// Hands the process to libFuzzer, which calls `LLVMFuzzerTestOneInput` above.
@main
enum FuzzTarget {
    static func main() {
        fuzz_entry_run(CommandLine.argc, CommandLine.unsafeArgv)
    }
}
