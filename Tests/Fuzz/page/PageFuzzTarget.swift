// libFuzzer target for the live page of `multipart-check serve` (target `fuzz-page`, declared only for
// fuzzing builds: see Tests/Fuzz/run.sh): every input is what one client sends on a connection,
// replayed through the server's own connection loop with the page's history on; then the page's
// entries and its answer to `GET /_/requests` are checked.
//
// Besides crashes and hangs, the target traps when an entry is not one JSON object, when it is
// larger than the page's declared bound, when a finding's marked line is not three strings, or when
// the page's answer is not the JSON document of those entries.
import MultipartFormCLI
import MultipartFormConformanceCore
import FuzzEntry

@_cdecl("LLVMFuzzerTestOneInput")
public func pageFuzzTarget(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: data == nil ? 0 : size))
    let result = ServeReplay.replay(bytes, maxBody: 4096)
    for entry in result.pageEntries {
        if entry.utf8.count > ServeReplay.pageEntryByteLimit {
            fatalError("property failed: a page entry of \(entry.utf8.count) bytes, over the bound \(ServeReplay.pageEntryByteLimit)")
        }
        let object: ParsedJSON
        do {
            object = try JSONNode.parse(Array(entry.utf8)).value
        } catch {
            fatalError("property failed: a page entry is not JSON (\(error)): \(entry)")
        }
        guard case .object = object, case .array(let findings) = object.member("findings") else {
            fatalError("property failed: a page entry is not an object with a findings array: \(entry)")
        }
        for finding in findings {
            switch finding.member("marked") {
            case .null: continue
            case .object(let pieces):
                let strings = pieces.allSatisfy { if case .string = $0.value { true } else { false } }
                guard pieces.map(\.key) == ["before", "at", "after"], strings else {
                    fatalError("property failed: a marked line is not before, at and after as strings: \(entry)")
                }
            default:
                fatalError("property failed: a finding's 'marked' is neither null nor an object: \(entry)")
            }
        }
    }
    guard result.pageAnswer.status == 200 else {
        fatalError("property failed: the page's data answered \(result.pageAnswer.status)")
    }
    do {
        let answer = try JSONNode.parse(result.pageAnswer.body).value
        guard case .array(let listed) = answer.member("requests"), listed.count == result.pageEntries.count else {
            fatalError("property failed: the page's data does not list the \(result.pageEntries.count) entries")
        }
    } catch {
        fatalError("property failed: the page's data is not JSON (\(error))")
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
