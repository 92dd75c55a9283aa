// libFuzzer target for the strict validator (target `fuzz-validator`, declared only for fuzzing builds:
// see Tests/Fuzz/run.sh).
//
// Input layout: one control byte, then the outer Content-Type value up to the first LF, then the body.
// An empty Content-Type line means none was sent (the boundary is inferred). The control byte picks
// a chunk size (its low six bits plus one), with its top bit small resource limits so the limit
// paths are reached by small inputs, and with the bit below it the run without part collection.
//
// Besides crashes, hangs and sanitizer reports, the target traps when a property fails:
// - the report is the same whole, in chunks of the chosen size, and one byte at a time (bodies of at
//   most 128 bytes), each chunk in memory freed once it is consumed;
// - the report is the same whole with the one-step shortcuts off (`readsInOneStep`), where every
//   part goes through the general path, as with them on;
// - turning part collection off changes nothing but the collected parts;
// - every offset, line, column and part range lies inside the input, parts are in order, and the
//   counts agree with the findings listed.
import MultipartForm
import FuzzEntry

@_cdecl("LLVMFuzzerTestOneInput")
public func validatorFuzzTarget(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 0 else { return 0 }
    let input = UnsafeBufferPointer(start: data, count: size)
    let control = input[0]
    let rest = input[1...]
    let newline = rest.firstIndex(of: 0x0A) ?? rest.endIndex
    let contentTypeBytes = Array(rest[rest.startIndex..<newline])
    let body = newline < rest.endIndex ? Array(rest[(newline + 1)...]) : []
    let contentType = contentTypeBytes.isEmpty ? nil : String(decoding: contentTypeBytes, as: UTF8.self)

    var options = ValidationOptions()
    if control & 0x80 != 0 {
        options.maxParts = 3
        options.maxHeaderBytes = 96
        options.maxHeaderLines = 4
        options.maxHeaderLineLength = 40
        options.maxNestingDepth = 1
        options.maxDiagnostics = 6
    }
    let chunkSize = Int(control & 0x3F) + 1

    let whole = validate(body, contentType: contentType, options: options, chunkSize: Int.max)
    FuzzInvariants.check(whole, body: body, contentType: contentType, options: options)
    var general = options
    general.readsInOneStep = false
    let withoutShortcuts = validate(body, contentType: contentType, options: general, chunkSize: Int.max)
    FuzzInvariants.require(withoutShortcuts == whole, "report differs with the one-step shortcuts off")
    let chunked = validate(body, contentType: contentType, options: options, chunkSize: chunkSize)
    FuzzInvariants.require(chunked == whole, "report differs in \(chunkSize)-byte chunks")
    if body.count <= 128 {
        let bytewise = validate(body, contentType: contentType, options: options, chunkSize: 1)
        FuzzInvariants.require(bytewise == whole, "report differs byte by byte")
    }
    guard control & 0x40 != 0 else { return 0 }
    var uncollected = options
    uncollected.collectParts = false
    var withoutParts = validate(body, contentType: contentType, options: uncollected, chunkSize: chunkSize)
    FuzzInvariants.require(withoutParts.parts.isEmpty, "parts collected although collection is off")
    withoutParts.parts = whole.parts
    FuzzInvariants.require(withoutParts == whole, "turning part collection off changed the findings")
    return 0
}

/// Feeds each chunk from memory of its own, freed as soon as `consume` returns (the whole body too,
/// before `finish`), so AddressSanitizer reports any read of a chunk the validator kept a pointer into.
private func validate(_ body: [UInt8], contentType: String?, options: ValidationOptions, chunkSize: Int) -> ValidationReport {
    var validator = MultipartValidator(contentType: contentType, options: options)
    var start = 0
    while start < body.count {
        let end = start + min(chunkSize, body.count - start)
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: end - start, alignment: 1)
        body.withUnsafeBytes { chunk.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[start..<end])) }
        validator.consume(UnsafeRawBufferPointer(chunk))
        chunk.deallocate()
        start = end
    }
    return validator.finish()
}

/// Hands the process to libFuzzer, which calls `LLVMFuzzerTestOneInput` above.
@main
enum FuzzTarget {
    static func main() {
        fuzz_entry_run(CommandLine.argc, CommandLine.unsafeArgv)
    }
}
