// libFuzzer target for the HAR reader of the command line: every input is read as a HAR document
// and each request's body validated (see CaptureFuzzing).
import FuzzSupport
import FuzzEntry

@_cdecl("LLVMFuzzerTestOneInput")
public func harFuzzTarget(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    CaptureFuzzing.check(Array(UnsafeBufferPointer(start: data, count: data == nil ? 0 : size)), input: "har")
    return 0
}

/// Hands the process to libFuzzer, which calls `LLVMFuzzerTestOneInput` above.
@main
enum FuzzTarget {
    static func main() {
        fuzz_entry_run(CommandLine.argc, CommandLine.unsafeArgv)
    }
}
