// Validates one body file fed in chunks of a given size, parts not collected (as
// `validate --quiet` reads a body) unless a fourth argument `collect` asks for them (as decode
// reads a body), and prints what it found. `count.sh` runs it under callgrind to count the
// engine's instructions; nothing it prints is committed.
import Foundation
import MultipartForm

// A last argument `paths` prints instead how many parts the one-step path read (for a run not counted).
let countsPaths = CommandLine.arguments.last == "paths"
let arguments = countsPaths ? Array(CommandLine.arguments.dropLast()) : CommandLine.arguments
guard arguments.count == 4 || arguments.count == 5 && arguments[4] == "collect",
    let body = FileManager.default.contents(atPath: arguments[1]), let chunkSize = Int(arguments[3]) else {
    print("usage: feed BODY BOUNDARY CHUNK-SIZE [collect] [paths]")
    exit(64)
}
var options = ValidationOptions()
if arguments.count == 5 {
    // As the bench decodes: every part of a body of 100,000 fields collected.
    options.collectParts = true
    options.maxParts = 1_000_000
} else {
    options.collectParts = false
}
let contentType = "multipart/form-data; boundary=\(arguments[2])"
guard countsPaths else {
    // The counted run: fed as `validate` feeds, with no calls across the module's edge per chunk.
    let report = MultipartValidator.validate([UInt8](body), contentType: contentType, options: options, chunkSize: chunkSize)
    print("\(report.partCount) parts, \(report.parts.count) collected, \(report.errorCount) errors, \(report.warningCount) warnings")
    exit(0)
}
// With `paths`: how many parts the one-step path read.
var validator = MultipartValidator(contentType: contentType, options: options)
[UInt8](body).withUnsafeBytes { raw in
    var start = 0
    while start < raw.count {
        let end = start + min(chunkSize, raw.count - start)
        validator.consume(UnsafeRawBufferPointer(rebasing: raw[start..<end]))
        start = end
    }
}
print("\(validator.partsReadInOneStep.map(String.init) ?? "?") of \(validator.finish().partCount) parts read in one step")
