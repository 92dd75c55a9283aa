import Foundation
import MultipartForm
import MultipartFormTestSupport
import Testing

/// Random forms with arbitrary names, filenames and values: the encoder's output validates and decodes to its input.
///
/// Every run checks the same forms: form `i` is drawn from a generator seeded with `seed` and `i`.
/// A failure prints both; `ENCODER_PROPERTY_SEED=<hex>` changes the seed and
/// `ENCODER_PROPERTY_FORM=<i>` checks only form `i`. The fast form checks the first 2,000 forms;
/// `MULTIPART_FULL_TESTS=1` (``TestScale``) checks 10,000.
@Suite struct EncoderPropertyTests {
    static let formCount = TestScale.pick(full: 10_000, fast: 2_000)
    static let environment = ProcessInfo.processInfo.environment
    static let seed: UInt64 = environment["ENCODER_PROPERTY_SEED"].flatMap { UInt64($0, radix: 16) } ?? 0x5EED_2026_F0E4_C0DE
    static let onlyForm: Int? = environment["ENCODER_PROPERTY_FORM"].flatMap { Int($0) }

    @Test func randomFormsEncodeValidateAndDecodeToTheirInputAfterEscaping() throws {
        let scratch = try TemporaryDirectory()
        var tally: [RandomForm.Outcome: Int] = [:]
        var failed = 0
        let indices = Self.onlyForm.map { [$0] } ?? Array(0..<Self.formCount)
        for index in indices {
            var generator = SplitMix64(state: Self.seed ^ (UInt64(index) &* 0xD1B5_4A32_D192_ED03))
            let sample = try RandomForm(index: index, using: &generator, scratch: scratch)
            let problems = sample.check()
            tally[sample.expected.outcome, default: 0] += 1
            if !problems.isEmpty {
                failed += 1
                Issue.record(
                    """
                    form \(index) failed (ENCODER_PROPERTY_SEED=\(String(Self.seed, radix: 16)) ENCODER_PROPERTY_FORM=\(index)):
                    \(problems.joined(separator: "\n"))
                    \(sample)
                    """)
                if failed == 10 { break }
            }
        }
        let counts = RandomForm.Outcome.allCases.map { "\($0.rawValue) \(tally[$0, default: 0])" }.joined(separator: ", ")
        print("encoder property test: seed \(String(Self.seed, radix: 16)); \(counts)")
        guard Self.onlyForm == nil else { return }
        // The generator must keep reaching every outcome, or the property says little. The rarest,
        // a collision while streaming, comes about once in 150 to 250 forms: the first 2,000 reach it 8 times.
        let least = TestScale.pick(full: 40, fast: 4)
        for outcome in RandomForm.Outcome.allCases {
            #expect(tally[outcome, default: 0] >= least, "only \(tally[outcome, default: 0]) forms reached \(outcome)")
        }
        #expect(tally[.encoded, default: 0] >= Self.formCount * 3 / 5, "\(tally)")
    }
}

/// One random form, how to encode it, and what the encoder must do with it, computed independently.
struct RandomForm: CustomStringConvertible {
    /// What encoding the form must end in.
    enum Outcome: String, CaseIterable {
        case encoded
        case encodedAfterRedrawingTheBoundary
        case unrepresentableName
        case unrepresentableFilename
        case collisionWhenPreparing
        case collisionWhileStreaming
    }

    /// The expected result: the outcome, the failing field, or the parts a receiver must decode.
    struct Expected {
        var outcome: Outcome = .encoded
        var failingField: Int?
        var boundary: [UInt8] = []
        /// Each part's exact header section bytes, decoded name and filename, type and content.
        var parts: [(header: [UInt8], name: [UInt8], filename: [UInt8]?, contentType: [UInt8]?, value: [UInt8])] = []
    }

    let index: Int
    let form: FormData
    let options: ReferenceEncoder.Options
    /// The caller's boundary, or `nil` to draw one from `generatorState`.
    let callerBoundary: String?
    let generatorState: UInt64
    /// The file contents behind file values, by path.
    let files: [String: [UInt8]]
    private(set) var expected = Expected()

    static let contentTypes = [
        "text/plain", "image/png", "application/json; charset=utf-8", "application/vnd.example+json",
        "image/x-test;q=\"a;b\"",
    ]

    init(index: Int, using generator: inout SplitMix64, scratch: TemporaryDirectory) throws {
        self.index = index
        options = ReferenceEncoder.Options(normalizesNewlines: Int.random(in: 0..<10, using: &generator) < 3)
        generatorState = generator.next()
        var predictor = SplitMix64(state: generatorState)
        let firstDrawn = ReferenceEncoder.randomBoundary(using: &predictor)
        let useCallerBoundary = Bool.random(using: &generator)
        let boundary = useCallerBoundary ? Self.randomCallerBoundary(using: &generator) : firstDrawn
        callerBoundary = useCallerBoundary ? String(decoding: boundary, as: UTF8.self) : nil
        // Now and then plant the whole delimiter somewhere, to force a redraw or a collision.
        let plantIn = Int.random(in: 0..<100, using: &generator) < 12 ? Int.random(in: 0..<6, using: &generator) : nil

        var fields: [FormData.Field] = []
        var files: [String: [UInt8]] = [:]
        let fieldCount = Int.random(in: 0..<25, using: &generator) == 0 ? 0 : Int.random(in: 1...6, using: &generator)
        for fieldIndex in 0..<fieldCount {
            let planted = plantIn == fieldIndex ? Array("--".utf8) + boundary : nil
            var name = Self.randomText(using: &generator, maxScalars: 12)
            if let planted, Int.random(in: 0..<4, using: &generator) == 0 {
                name += String(decoding: planted, as: UTF8.self)
            }
            let filename = Bool.random(using: &generator) ? Self.randomText(using: &generator, maxScalars: 12) : nil
            let contentType = Bool.random(using: &generator) ? Self.contentTypes.randomElement(using: &generator) : nil
            let value: FormData.Value
            switch Int.random(in: 0..<20, using: &generator) {
            case 0..<7:
                var text = Self.randomText(using: &generator, maxScalars: 30)
                if let planted { text += String(decoding: planted, as: UTF8.self) }
                value = .text(text)
                fields.append(.init(name: name, value: value, filename: filename.flatMap { _ in nil }, contentType: nil))
                continue
            case 7..<17:
                value = .bytes(Self.randomValue(using: &generator, boundary: boundary, planted: planted))
            default:
                // Each form is checked before the next is drawn, so the files of one field position are reused.
                let content = Self.randomValue(using: &generator, boundary: boundary, planted: planted)
                let path = try scratch.write(content, named: "field\(fieldIndex).bin")
                files[path] = content
                value = .file(path: path)
            }
            fields.append(.init(name: name, value: value, filename: filename, contentType: contentType))
        }
        form = FormData(fields)
        self.files = files
        expected = computeExpected(boundary: boundary, firstDrawn: firstDrawn)
    }

    // MARK: The model

    /// What the documented encoding says must happen, computed without the encoder.
    private func computeExpected(boundary callerOrFirst: [UInt8], firstDrawn: [UInt8]) -> Expected {
        var expected = Expected()
        var headers: [[UInt8]] = []
        var values: [[UInt8]?] = []
        for (fieldIndex, field) in form.fields.enumerated() {
            var name = Array(field.name.utf8)
            if options.normalizesNewlines { name = Self.normalized(name) }
            if !Self.isRepresentable(name) {
                expected.outcome = .unrepresentableName
                expected.failingField = fieldIndex
                return expected
            }
            var header = Array("Content-Disposition: form-data; name=\"".utf8) + Self.escaped(name) + [0x22]
            var filename: [UInt8]?
            var contentType: [UInt8]?
            if field.filename != nil || field.contentType != nil || field.value.filePath != nil {
                let given = field.filename.map { Array($0.utf8) }
                let chosen = given ?? field.value.filePath.map { Array($0.utf8.split(separator: 0x2F).last!) } ?? Array("blob".utf8)
                if !Self.isRepresentable(chosen) {
                    expected.outcome = .unrepresentableFilename
                    expected.failingField = fieldIndex
                    return expected
                }
                filename = Self.quotedPairsRemoved(Self.escaped(chosen))
                contentType = Array((field.contentType ?? "application/octet-stream").utf8)
                header += Array("; filename=\"".utf8) + Self.escaped(chosen) + [0x22] + Array("\r\nContent-Type: ".utf8)
                header += contentType!
            }
            header += Array("\r\n\r\n".utf8)
            headers.append(header)
            var value: [UInt8]?
            if let text = field.value.text {
                value = options.normalizesNewlines ? Self.normalized(Array(text.utf8)) : Array(text.utf8)
            } else if let bytes = field.value.bytes {
                value = bytes
            }
            values.append(value)
            expected.parts.append(
                (header, Self.quotedPairsRemoved(Self.escaped(name)), filename, contentType, value ?? files[field.value.filePath!]!))
        }
        func firstCollision(_ boundary: [UInt8]) -> Int? {
            (0..<headers.count).first { index in
                BoundaryCollisionSearchTests.naiveContains(headers[index], boundary: boundary)
                    || values[index].map { BoundaryCollisionSearchTests.naiveContains($0, boundary: boundary) } == true
            }
        }
        var boundary = callerOrFirst
        if callerBoundary != nil {
            if let collision = firstCollision(boundary) {
                expected.outcome = .collisionWhenPreparing
                expected.failingField = collision
                return expected
            }
        } else {
            var predictor = SplitMix64(state: generatorState)
            boundary = ReferenceEncoder.randomBoundary(using: &predictor)
            while firstCollision(boundary) != nil {
                expected.outcome = .encodedAfterRedrawingTheBoundary
                boundary = ReferenceEncoder.randomBoundary(using: &predictor)
            }
        }
        expected.boundary = boundary
        if let fileIndex = form.fields.indices.first(where: { index in
            form.fields[index].value.filePath.map { BoundaryCollisionSearchTests.naiveContains(files[$0]!, boundary: boundary) } == true
        }) {
            expected.outcome = .collisionWhileStreaming
            expected.failingField = fileIndex
        }
        return expected
    }

    /// Runs the encoder and returns every way its result differs from the expectation.
    func check() -> [String] {
        var problems: [String] = []
        let encoder = ReferenceEncoder(options: options)
        let body: ReferenceEncoder.Body
        do {
            if let callerBoundary {
                body = try encoder.prepare(form, boundary: callerBoundary)
            } else {
                var generator = SplitMix64(state: generatorState)
                body = try encoder.prepare(form, using: &generator)
            }
        } catch {
            let wanted: [Outcome: ReferenceEncoder.Error.Code] = [
                .unrepresentableName: .unrepresentableName, .unrepresentableFilename: .unrepresentableFilename,
                .collisionWhenPreparing: .boundaryCollision,
            ]
            if wanted[expected.outcome] != error.code || expected.failingField != error.fieldIndex {
                problems.append("prepare threw \(error), expected \(expected.outcome) at field \(expected.failingField.map(String.init) ?? "-")")
            }
            return problems
        }
        let bytes: [UInt8]
        do {
            bytes = try body.bytes()
        } catch {
            if expected.outcome != .collisionWhileStreaming || error.code != .boundaryCollision
                || error.fieldIndex != expected.failingField
            {
                problems.append("streaming threw \(error), expected \(expected.outcome)")
            }
            return problems
        }
        guard expected.outcome == .encoded || expected.outcome == .encodedAfterRedrawingTheBoundary else {
            return ["encoding succeeded, expected \(expected.outcome) at field \(expected.failingField ?? -1)"]
        }
        if Array(body.boundary.utf8) != expected.boundary {
            problems.append("boundary '\(body.boundary)', expected '\(String(decoding: expected.boundary, as: UTF8.self))'")
        }
        let token = expected.boundary.allSatisfy { $0 > 0x20 && $0 < 0x7F && !Self.tspecials.contains($0) }
        let shown = String(decoding: expected.boundary, as: UTF8.self)
        if body.contentType != "multipart/form-data; boundary=" + (token ? shown : "\"\(shown)\"") {
            problems.append("content type '\(body.contentType)'")
        }
        if body.contentLength != bytes.count { problems.append("content length \(body.contentLength) for \(bytes.count) bytes") }
        if index % 50 == 0 {
            var chunked: [UInt8] = []
            do { try body.forEachChunk(chunkSize: 1 + index % 7) { chunked += $0 } } catch { problems.append("chunks: \(error)") }
            if chunked != bytes { problems.append("chunked output differs from the whole body") }
        }

        let report = MultipartValidator.validate(bytes, contentType: body.contentType)
        if report.errorCount != 0 { problems.append("validator errors: \(nonNoteFindings(report))") }
        guard report.parts.count == expected.parts.count else {
            return problems + ["decoded \(report.parts.count) parts, expected \(expected.parts.count)"]
        }
        for (part, wanted) in zip(report.parts, expected.parts) {
            let label = "part \(part.index)"
            if Array(bytes[part.headerRange]) != wanted.header {
                problems.append("\(label) header \(escapedForDisplay(bytes[part.headerRange])) != \(escapedForDisplay(wanted.header))")
            }
            if part.name != wanted.name { problems.append("\(label) name \(escapedForDisplay(part.name ?? []))") }
            if part.filename != wanted.filename { problems.append("\(label) filename \(escapedForDisplay(part.filename ?? []))") }
            if part.contentType != wanted.contentType { problems.append("\(label) content type") }
            if Array(bytes[part.bodyRange]) != wanted.value {
                problems.append("\(label) value \(escapedForDisplay(bytes[part.bodyRange])) != \(escapedForDisplay(wanted.value))")
            }
        }
        return problems
    }

    var description: String {
        var lines = ["boundary: \(callerBoundary.map { "caller '\($0)'" } ?? "generated"), normalizes: \(options.normalizesNewlines)"]
        for (index, field) in form.fields.enumerated() {
            let value = field.value.text.map { "text \(escapedForDisplay(Array($0.utf8)))" }
                ?? field.value.bytes.map { "bytes \(escapedForDisplay($0))" } ?? "file \(field.value.filePath!)"
            lines.append(
                "  \(index): name \(escapedForDisplay(Array(field.name.utf8))) filename \(field.filename.map { escapedForDisplay(Array($0.utf8)) } ?? "-") type \(field.contentType ?? "-") \(value)")
        }
        return lines.joined(separator: "\n")
    }

    // MARK: The documented escaping, written out again

    static func escaped(_ bytes: [UInt8]) -> [UInt8] {
        bytes.flatMap { byte -> [UInt8] in
            switch byte {
            case 0x22: return Array("%22".utf8)
            case 0x0D: return Array("%0D".utf8)
            case 0x0A: return Array("%0A".utf8)
            default: return [byte]
            }
        }
    }

    static func normalized(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x0D || bytes[index] == 0x0A {
                out += [0x0D, 0x0A]
                if bytes[index] == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A { index += 1 }
            } else {
                out.append(bytes[index])
            }
            index += 1
        }
        return out
    }

    /// How an RFC 9110 receiver reads the quoted-string: `\x` stands for `x`.
    static func quotedPairsRemoved(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x5C && index + 1 < bytes.count { index += 1 }
            out.append(bytes[index])
            index += 1
        }
        return out
    }

    static func isRepresentable(_ bytes: [UInt8]) -> Bool {
        !bytes.contains(0) && bytes.reversed().prefix(while: { $0 == 0x5C }).count % 2 == 0
    }

    // MARK: Random inputs

    static let plainBytes = Array("abcXYZ019 ;=,'()/:.?_+".utf8)
    static let percentBytes = Array("%0A%0d%22%%".utf8)
    static let lineBytes = Array("\r\n-".utf8)
    static let nearMiss = Array("\r\n--".utf8)
    static let tspecials = Array("()<>@,;:\\\"/[]?=".utf8)

    /// Unicode scalars weighted toward the ones that need care: quotes, CR, LF, `%`, `\`, controls and dashes.
    static func randomText(using generator: inout SplitMix64, maxScalars: Int) -> String {
        var scalars = String.UnicodeScalarView()
        for _ in 0..<Int.random(in: 0...maxScalars, using: &generator) {
            let roll = Int.random(in: 0..<1000, using: &generator)
            let value: UInt32
            switch roll {
            case 0..<280: value = UInt32(plainBytes.randomElement(using: &generator)!)
            case 280..<350: value = 0x22
            case 350..<420: value = 0x0D
            case 420..<490: value = 0x0A
            case 490..<560: value = UInt32(percentBytes.randomElement(using: &generator)!)
            case 560..<590: value = 0x5C
            case 590..<660: value = UInt32.random(in: 0x01...0x1F, using: &generator)
            case 660..<670: value = 0x7F
            case 670..<672: value = 0
            case 672..<740: value = 0x2D
            case 740..<800: value = UInt32.random(in: 0x80...0x9F, using: &generator)
            case 800..<900: value = UInt32.random(in: 0xA0...0xD7FF, using: &generator)
            case 900..<950: value = UInt32.random(in: 0xE000...0xFFFD, using: &generator)
            default: value = UInt32.random(in: 0x1_0000...0x10_FFFF, using: &generator)
            }
            scalars.append(Unicode.Scalar(value)!)
        }
        return String(scalars)
    }

    /// Arbitrary bytes, often dense in CR, LF, dashes and prefixes of the delimiter.
    static func randomValue(using generator: inout SplitMix64, boundary: [UInt8], planted: [UInt8]?) -> [UInt8] {
        var bytes: [UInt8] = []
        for _ in 0..<Int.random(in: 0...6, using: &generator) {
            switch Int.random(in: 0..<4, using: &generator) {
            case 0:
                bytes += (0..<Int.random(in: 0...24, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            case 1:
                bytes += (0..<Int.random(in: 0...12, using: &generator)).map { _ in lineBytes.randomElement(using: &generator)! }
            default:
                // "\r\n--" and a proper prefix of the boundary: a near miss the encoder must let through.
                bytes += nearMiss + boundary.prefix(Int.random(in: 0..<boundary.count, using: &generator))
            }
        }
        if let planted { bytes.insert(contentsOf: planted, at: Int.random(in: 0...bytes.count, using: &generator)) }
        return bytes
    }

    /// A valid caller boundary: 1 to 70 RFC 2046 bchars, not ending in a space.
    static func randomCallerBoundary(using generator: inout SplitMix64) -> [UInt8] {
        let bchars = Array("0123456789abcdefABCDEF'()+_,-./:=? ".utf8)
        var boundary = (0..<Int.random(in: 1...70, using: &generator)).map { _ in bchars.randomElement(using: &generator)! }
        if boundary.last == 0x20 { boundary[boundary.count - 1] = UInt8(ascii: "z") }
        return boundary
    }
}

/// Bytes for a failure message: printable ASCII as is, the rest as `\xNN`.
func escapedForDisplay<C: Collection>(_ bytes: C) -> String where C.Element == UInt8 {
    "'" + bytes.map { byte in
        (0x20..<0x7F).contains(byte) && byte != 0x5C ? String(UnicodeScalar(byte)) : "\\x" + String(byte, radix: 16)
    }.joined() + "'"
}
