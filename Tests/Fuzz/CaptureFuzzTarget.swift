// libFuzzer target for one capture reader of the command line (not a SwiftPM target:
// `Tests/Fuzz/run.sh har` or `run.sh http` builds it with -D FUZZ_HAR or without): every input is
// read as a HAR document, or as a raw HTTP/1.x request (Content-Length and chunked), and validated,
// so the whole run goes into that reader instead of a quarter of it as in the command-line target.
//
// Besides crashes and hangs, the target traps when the exit status is not one the documentation
// allows for a readable input (0, 1, 66) and when the JSON output is not one strict JSON document.
import MultipartFormCLI
import MultipartFormConformanceCore

#if FUZZ_HAR
let captureInput = "har"
#else
let captureInput = "http"
#endif

@_cdecl("LLVMFuzzerTestOneInput")
public func captureFuzzTarget(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let stdin = Array(UnsafeBufferPointer(start: data, count: data == nil ? 0 : size))
    let arguments = ["validate", "--input", captureInput, "--format", "json", "-"]
    var stdout = ""
    var stderr = ""
    let status = MultipartCheck.run(arguments: arguments, standardInput: .bytes(stdin), stdout: &stdout, stderr: &stderr)
    if ![0, 1, 66].contains(status) {
        fatalError("property failed: exit status \(status) for \(arguments); stderr: \(stderr)")
    }
    do {
        _ = try JSONNode.parse(Array(stdout.utf8))
    } catch {
        fatalError("property failed: --format json printed a document that is not JSON: \(error)")
    }
    return 0
}
