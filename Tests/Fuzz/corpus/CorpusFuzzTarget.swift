// libFuzzer target for the corpus loader (target `fuzz-corpus`, declared only for fuzzing builds: see
// Tests/Fuzz/run.sh): the sidecar reader (strict JSON, then the sidecar's shape), the manifest parser, and the pruning JSON
// reader the HAR front end uses, all fed the fuzzer's bytes.
//
// The control byte picks the reader. Besides crashes and hangs, the target traps when a sidecar that
// decodes does not survive its own rendering (decode, render, decode must give the same sidecar) and
// when a manifest that parses does not render back to a text that parses to the same entries.
import MultipartFormConformanceCore
import FuzzEntry

@_cdecl("LLVMFuzzerTestOneInput")
public func corpusFuzzTarget(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 0 else { return 0 }
    let control = data[0]
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    switch control % 3 {
    case 0:
        guard let sidecar = try? VectorSidecar.decode(bytes) else { return 0 }
        guard let again = try? VectorSidecar.decode(Array(sidecar.jsonText.utf8)), again == sidecar else {
            fatalError("property failed: a decoded sidecar does not survive its own rendering")
        }
    case 1:
        guard let manifest = try? CorpusManifest(parsing: String(decoding: bytes, as: UTF8.self)) else { return 0 }
        guard let again = try? CorpusManifest(parsing: manifest.text), again.entries == manifest.entries else {
            fatalError("property failed: a parsed manifest does not survive its own rendering")
        }
    default:
        var reader = StrictJSONReader(bytes, keeping: { path in path.count < 3 || path[2] == "[]" }, maxKeptValues: 1000)
        _ = try? reader.parseDocument()
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
