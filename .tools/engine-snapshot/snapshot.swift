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

/// The mutations MutatedVectorTests makes, with more rounds per vector.
enum Mutation {
    static func tokens(boundary: [UInt8]) -> [[UInt8]] {
        let plain = ["\r\n", "--", "\r", "\n", "\"", "\\", ";", "=", ":", " ", "\t", "\0", "%22", "\r\n\r\n",
            "Content-Type: multipart/mixed; boundary=Y\r\n", "filename*=UTF-8''x", "; name=\"_charset_\""]
        return plain.map { Array($0.utf8) } + [
            Array("\r\n--".utf8) + boundary, Array("\r\n--".utf8) + boundary + Array("--".utf8),
            Array("--".utf8) + boundary.dropLast(), [0xFF], [0xC3], [0xE2, 0x82],
        ]
    }

    static func below(_ bound: Int, _ random: inout SplitMix64) -> Int {
        bound <= 0 ? 0 : Int(random.next() % UInt64(bound))
    }

    static func mutate(_ body: [UInt8], boundary: [UInt8], random: inout SplitMix64) -> [UInt8] {
        var body = body
        let tokens = Self.tokens(boundary: boundary)
        for _ in 0..<(1 + below(4, &random)) {
            let at = below(body.count + 1, &random)
            switch below(4, &random) {
            case 0: body.insert(contentsOf: tokens[below(tokens.count, &random)], at: at)
            case 1: if at < body.count { body.remove(at: at) }
            case 2: if at < body.count { body[at] = UInt8(truncatingIfNeeded: random.next()) }
            default:
                let from = below(body.count + 1, &random)
                let slice = Array(body[from..<min(body.count, from + below(40, &random))])
                body.insert(contentsOf: slice, at: at)
            }
        }
        return body
    }
}

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
        let body = Mutation.mutate(vector.body, boundary: boundary, random: &random)
        emit("\(vector.id)~\(round)", body, vector.contentType, vector.validationOptions)
    }
}
fputs(out, stdout)
fputs("\(bodies) bodies, each at chunk sizes 1, 3, 64 and whole (sizes not below the body's length skipped)\n", stderr)
