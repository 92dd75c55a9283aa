// libFuzzer target for the raw HTTP/1.x capture reader of the command line (Content-Length and
// chunked framing): every input is read as a request and its body validated (see CaptureFuzzing).
import FuzzSupport
import FuzzEntry

@_cdecl("LLVMFuzzerTestOneInput")
public func httpFuzzTarget(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    CaptureFuzzing.check(Array(UnsafeBufferPointer(start: data, count: data == nil ? 0 : size)), input: "http")
    return 0
}

/// Hands the process to libFuzzer, which calls `LLVMFuzzerTestOneInput` above.
@main
enum FuzzTarget {
    static func main() {
        fuzz_entry_run(CommandLine.argc, CommandLine.unsafeArgv)
    }
}
