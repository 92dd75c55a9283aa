// libFuzzer target for the HTTP request reader of `multipart-check serve` (target `fuzz-serve`,
// declared only for fuzzing builds: see Tests/Fuzz/run.sh): every input is what one client sends on a connection
// (request heads, bodies in Content-Length or chunked framing, pipelined requests, garbage),
// replayed over a socket pair through the server's own connection loop.
//
// Besides crashes and hangs, the target traps when a printed line is not one strict JSON object,
// when the server answers with anything but HTTP/1.1 responses, and when it prints a line for a
// request it did not count (or counts one it printed nothing about).
import MultipartFormCLI
import MultipartFormConformanceCore
import FuzzEntry

@_cdecl("LLVMFuzzerTestOneInput")
public func serveFuzzTarget(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: data == nil ? 0 : size))
    let result = ServeReplay.replay(bytes, maxBody: 4096)
    for line in result.output {
        do {
            guard case .object = try JSONNode.parse(Array(line.utf8)).value else {
                fatalError("property failed: a printed line is not a JSON object: \(line)")
            }
        } catch {
            fatalError("property failed: a printed line is not JSON (\(error)): \(line)")
        }
    }
    if !result.answers.isEmpty && !result.answers.starts(with: Array("HTTP/1.1 ".utf8)) {
        fatalError("property failed: the answer does not start with a status line")
    }
    // One line per request counted; a lost answer adds a line to a request already counted.
    let requestLines = result.output.filter { !$0.contains("\"event\":\"answer lost\"") }.count
    if requestLines != result.requests {
        fatalError("property failed: \(requestLines) lines printed for \(result.requests) requests counted")
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
