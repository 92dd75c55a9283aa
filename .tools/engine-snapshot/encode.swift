// Builds and encodes a form of many small text fields (the bench's many-fields form), stopping
// after the stage given, so `count-encode.sh` can count each stage's instructions by difference.
// Nothing it prints is committed.
import Foundation
import MultipartForm

let arguments = CommandLine.arguments
let stages = ["strings", "form", "prepare", "write"]
guard arguments.count == 3, let count = Int(arguments[1]), let stage = stages.firstIndex(of: arguments[2]) else {
    print("usage: encode FIELDS strings|form|prepare|write")
    exit(64)
}
let names = (0..<count).map { "field\($0)" }
let values = (0..<count).map { "value \($0)" }
/// The form of the fields named `names` with `values`, as the bench builds it.
func build(names: [String], values: [String]) -> FormData {
    var form = FormData()
    for index in names.indices { form.append(name: names[index], text: values[index]) }
    return form
}
let form = stage >= 1 ? build(names: names, values: values) : FormData()
var written = 0
if stage >= 2 {
    let body = try ReferenceEncoder().prepare(form, boundary: "----WebKitFormBoundary7MA4YWxkTrZu0gW")
    written = body.contentLength
    if stage >= 3 {
        written = 0
        var iterator = body.makeChunkIterator()
        var buffer = [UInt8](repeating: 0, count: ReferenceEncoder.Body.defaultChunkSize)
        while true {
            let got = try buffer.withUnsafeMutableBytes { try iterator.read(into: $0) }
            if got == 0 { break }
            written += got
        }
    }
}
print("\(names.count + values.count) strings, \(form.fields.count) fields, \(written) bytes")
