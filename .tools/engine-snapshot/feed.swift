// Validates one body file fed in chunks of a given size, parts not collected (as
// `validate --quiet` reads a body), and prints what it found. `count.sh` runs it under callgrind
// to count the engine's instructions; nothing it prints is committed.
import Foundation
import MultipartForm

let arguments = CommandLine.arguments
guard arguments.count == 4, let body = FileManager.default.contents(atPath: arguments[1]), let chunkSize = Int(arguments[3]) else {
    print("usage: feed BODY BOUNDARY CHUNK-SIZE")
    exit(64)
}
var options = ValidationOptions()
options.collectParts = false
let report = MultipartValidator.validate(
    [UInt8](body), contentType: "multipart/form-data; boundary=\(arguments[2])", options: options, chunkSize: chunkSize)
print("\(report.partCount) parts, \(report.errorCount) errors, \(report.warningCount) warnings")
