// libFuzzer target for `certify`'s answer readers (target `fuzz-certify-answer`, declared only for
// fuzzing builds: see Tests/Fuzz/run.sh): every input is what an encoder or a decoder child wrote
// to its standard output, read by `ProcessEncoderAdapter.response` or `ProcessDecoderAdapter.response`.
//
// The control byte picks the reader, and for a decoder the most parts allowed (its low four bits).
// Besides crashes, hangs and sanitizer reports, the target traps when a reader throws anything but
// a refusal or a malformed-response error, when a decoder's answer yields more parts than allowed,
// when an answer accepted is not strict JSON as the tree reader reads it, and when an accepted
// answer, written back as a child would write it, does not read back the same.
import MultipartFormConformanceCore
import FuzzEntry

@_cdecl("LLVMFuzzerTestOneInput")
public func certifyAnswerFuzzTarget(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 0 else { return 0 }
    let control = data[0]
    let output = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    if control & 0x80 == 0 {
        let encoded: EncodedForm
        do {
            encoded = try ProcessEncoderAdapter.response(output)
        } catch {
            expectAnswerError(error)
            return 0
        }
        expectStrictJSON(output)
        let again = try? ProcessEncoderAdapter.response(ProcessEncoderAdapter.answer(encoded))
        require(again == encoded, "an encoder's answer does not read back the same once written again")
    } else {
        let maxParts = Int(control & 0x0F)
        let parts: [DecodedFormPart]
        do {
            parts = try ProcessDecoderAdapter.response(output, maxParts: maxParts)
        } catch {
            expectAnswerError(error)
            return 0
        }
        require(parts.count <= maxParts, "\(parts.count) parts read with at most \(maxParts) allowed")
        expectStrictJSON(output)
        let written = JSONValue.object([("parts", .array(parts.map { part in
            .object([
                JSONValue.bytesMember("name", part.name), JSONValue.bytesMember("filename", part.filename),
                JSONValue.bytesMember("content_type", part.contentType), ("body_base64", .string(Base64.encode(part.body))),
            ])
        }))])
        let again = try? ProcessDecoderAdapter.response(Array(written.rendered().utf8), maxParts: maxParts)
        require(again == parts, "a decoder's answer does not read back the same once written again")
    }
    return 0
}

private func expectAnswerError(_ error: ProcessAdapterError) {
    require([.refused, .malformedResponse].contains(error.code), "unexpected error \(error)")
}

private func expectStrictJSON(_ output: [UInt8]) {
    do {
        _ = try JSONNode.parse(output)
    } catch {
        fatalError("property failed: an answer was accepted that is not strict JSON: \(error)")
    }
}

private func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("property failed: \(message())") }
}

/// Hands the process to libFuzzer, which calls `LLVMFuzzerTestOneInput` above.
@main
enum FuzzTarget {
    static func main() {
        fuzz_entry_run(CommandLine.argc, CommandLine.unsafeArgv)
    }
}
