// Validates one body file fed in chunks of a given size, parts not collected (as
// `validate --quiet` reads a body) unless a fourth argument `collect` asks for them (as decode
// reads a body), and prints what it found, with how many parts the one-step path read whole. `count.sh` runs it under callgrind to count the
// engine's instructions; nothing it prints is committed.
import Foundation
import MultipartForm

let arguments = CommandLine.arguments
guard arguments.count == 4 || arguments.count == 5 && arguments[4] == "collect",
    let body = FileManager.default.contents(atPath: arguments[1]), let chunkSize = Int(arguments[3]) else {
    print("usage: feed BODY BOUNDARY CHUNK-SIZE [collect]")
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
var validator = MultipartValidator(contentType: "multipart/form-data; boundary=\(arguments[2])", options: options)
let bytes = [UInt8](body)
var start = 0
while start < bytes.count {
    let end = start + min(chunkSize, bytes.count - start)
    bytes[start..<end].withUnsafeBytes { validator.consume($0) }
    start = end
}
let inOneStep = validator.partsReadInOneStep
let report = validator.finish()
print(
    "\(report.partCount) parts (\(inOneStep) read in one step), \(report.parts.count) collected, "
        + "\(report.errorCount) errors, \(report.warningCount) warnings")
