// Writes the validator's full report on every corpus vector and on seeded mutations of each, at
// chunk sizes 1, 3, 64 and whole, one line per body and chunking, so two builds of the engine can
// be compared byte for byte (`run.sh` builds and runs it; nothing it writes is committed).
import MultipartForm
import MultipartFormConformanceCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every field of a report, in a fixed order, on one line.
func serialize(_ report: ValidationReport) -> String {
    func bytes(_ value: [UInt8]?) -> String { value.map { $0.map { String($0, radix: 16) }.joined(separator: ".") } ?? "nil" }
    var text = "parts=\(report.partCount) bytes=\(report.byteCount) boundary=\(bytes(report.boundary))"
    text += " counts=\(report.errorCount)/\(report.warningCount)/\(report.noteCount)"
    for d in report.diagnostics {
        text += " |\(d.rule.rawValue) \(d.severity.rawValue) \(d.origin.rawValue) \(d.offset) \(d.line):\(d.column) p\(d.partIndex.map(String.init) ?? "-") \(d.message.debugDescription) \((d.fixHint ?? "-").debugDescription)"
    }
    for p in report.parts {
        text += " #\(p.index) \(bytes(p.name)) \(bytes(p.filename)) \(bytes(p.contentType)) \(p.headerRange) \(p.bodyRange)"
    }
    return text
}

let arguments = CommandLine.arguments
let corpusDirectory = arguments.count > 1 ? arguments[1] : "Vectors"
let rounds = arguments.count > 2 ? Int(arguments[2]) ?? 27 : 27
let corpus = try Corpus(directory: corpusDirectory)
var random = SplitMix64(state: 2046)
var bodies = 0
var out = ""
func emit(_ label: String, _ body: [UInt8], _ contentType: String?, _ options: ValidationOptions) {
    bodies += 1
    for chunk in [1, 3, 64, Int.max] where chunk == Int.max || chunk < body.count {
        let report = MultipartValidator.validate(body, contentType: contentType, options: options, chunkSize: chunk)
        out += "\(label)\t\(chunk == Int.max ? "whole" : String(chunk))\t\(serialize(report))\n"
    }
    if out.utf8.count > 1 << 20 {
        fputs(out, stdout)
        out = ""
    }
}
for vector in corpus.vectors {
    emit(vector.id, vector.body, vector.contentType, vector.validationOptions)
    guard vector.body.count < 16_384 else { continue }
    let boundary = MultipartValidator.validate(vector.body, contentType: vector.contentType).boundary ?? Array("AaB03x".utf8)
    for round in 0..<rounds {
        let body = VectorMutation.mutate(vector.body, boundary: boundary, random: &random)
        emit("\(vector.id)~\(round)", body, vector.contentType, vector.validationOptions)
    }
}
fputs(out, stdout)
fputs("\(bodies) bodies, each at chunk sizes 1, 3, 64 and whole (sizes not below the body's length skipped)\n", stderr)
