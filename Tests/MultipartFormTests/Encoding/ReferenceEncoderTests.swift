import MultipartForm
import MultipartFormTestSupport
import Testing

/// One form, the options to encode it with, and what a strict receiver must decode from the output.
struct EncodingCase: Sendable, CustomTestStringConvertible {
    var label: String
    var options = ReferenceEncoder.Options()
    /// Builds the form; files go in the scratch directory.
    var build: @Sendable (TemporaryDirectory) throws -> FormData
    var expected: [ExpectedPart]
    /// Warnings the validator must give, by rule id (any other warning or error fails the case).
    var expectedWarnings: Set<String> = []

    var testDescription: String { label }
}

extension EncodingCase {
    static let all: [EncodingCase] = [
        EncodingCase(
            label: "text with CRLF is written unchanged",
            build: { _ in FormData([.init(name: "note", value: .text("line 1\r\nline 2\r\n"))]) },
            expected: [ExpectedPart(name: "note", text: "line 1\r\nline 2\r\n")]),
        EncodingCase(
            label: "lone CR and LF are kept without normalisation",
            build: { _ in FormData([.init(name: "a\nb", value: .text("x\ry\nz"))]) },
            expected: [ExpectedPart(name: "a%0Ab", text: "x\ry\nz")],
            expectedWarnings: ["parameter-percent-encoded"]),
        EncodingCase(
            label: "lone CR and LF become CRLF with normalisation, names before escaping",
            options: ReferenceEncoder.Options(normalizesNewlines: true),
            build: { _ in
                FormData([
                    .init(name: "a\n\rb", value: .text("x\ry\nz\n\rw\r\nv")),
                    .init(name: "f", value: .bytes(Array("raw\nbytes".utf8)), filename: "b\n\rc"),
                ])
            },
            expected: [
                ExpectedPart(name: "a%0D%0A%0D%0Ab", text: "x\r\ny\r\nz\r\n\r\nw\r\nv"),
                ExpectedPart(name: "f", filename: "b%0A%0Dc", contentType: "application/octet-stream", text: "raw\nbytes"),
            ],
            expectedWarnings: ["parameter-percent-encoded"]),
        EncodingCase(
            label: "quotes CR and LF in names and filenames are percent-escaped and nothing else is",
            build: { _ in
                FormData([
                    .init(name: "say \"hi\"", value: .text("1")),
                    .init(name: "up", value: .bytes([1, 2]), filename: "a\"b\r\nc%e.txt", contentType: "text/plain"),
                ])
            },
            expected: [
                ExpectedPart(name: "say %22hi%22", text: "1"),
                ExpectedPart(name: "up", filename: "a%22b%0D%0Ac%e.txt", contentType: "text/plain", body: [1, 2]),
            ],
            expectedWarnings: ["parameter-percent-encoded"]),
        EncodingCase(
            label: "UTF-8 names filenames and values are written as UTF-8",
            build: { _ in
                FormData([
                    .init(name: "naïve", value: .text("crème brûlée 🍮")),
                    .init(name: "cv", value: .bytes([0x25]), filename: "résumé.pdf", contentType: "application/pdf"),
                ])
            },
            expected: [
                ExpectedPart(name: "naïve", text: "crème brûlée 🍮"),
                ExpectedPart(name: "cv", filename: "résumé.pdf", contentType: "application/pdf", body: [0x25]),
            ]),
        EncodingCase(
            label: "empty values and an empty file stay parts with empty content",
            build: { scratch in
                let empty = try scratch.write([], named: "empty.bin")
                return FormData([
                    .init(name: "blank", value: .text("")),
                    .init(name: "none", value: .bytes([]), filename: "e.bin"),
                    .init(name: "disk", value: .file(path: empty)),
                ])
            },
            expected: [
                ExpectedPart(name: "blank", text: ""),
                ExpectedPart(name: "none", filename: "e.bin", contentType: "application/octet-stream", body: []),
                ExpectedPart(name: "disk", filename: "empty.bin", contentType: "application/octet-stream", body: []),
            ]),
        EncodingCase(
            label: "several files under one name and duplicate text names keep order",
            build: { scratch in
                let one = try scratch.write(Array("first".utf8), named: "one.txt")
                let two = try scratch.write([0x89, 0x50, 0x4E, 0x47], named: "two.png")
                var form = FormData()
                form.append(name: "tag", text: "a")
                form.append(name: "files", filePaths: [one, two])
                form.append(name: "tag", text: "b")
                form.append(name: "count", integer: -42)
                return form
            },
            expected: [
                ExpectedPart(name: "tag", text: "a"),
                ExpectedPart(name: "files", filename: "one.txt", contentType: "text/plain", text: "first"),
                ExpectedPart(name: "files", filename: "two.png", contentType: "image/png", body: [0x89, 0x50, 0x4E, 0x47]),
                ExpectedPart(name: "tag", text: "b"),
                ExpectedPart(name: "count", text: "-42"),
            ]),
        EncodingCase(
            label: "all 256 byte values survive in memory and from disk",
            build: { scratch in
                let path = try scratch.write(allByteValues + allByteValues.reversed(), named: "bytes.bin")
                var form = FormData()
                form.append(name: "mem", bytes: allByteValues, filename: "all.bin", contentType: "application/octet-stream")
                form.append(name: "disk", filePath: path, filename: "renamed.bin", contentType: "image/x-test")
                return form
            },
            expected: [
                ExpectedPart(name: "mem", filename: "all.bin", contentType: "application/octet-stream", body: allByteValues),
                ExpectedPart(
                    name: "disk", filename: "renamed.bin", contentType: "image/x-test",
                    body: allByteValues + allByteValues.reversed()),
            ]),
        EncodingCase(
            label: "a typed value without a filename is a file part named blob",
            build: { _ in FormData([.init(name: "b", value: .text("{}"), contentType: "application/json")]) },
            expected: [ExpectedPart(name: "b", filename: "blob", contentType: "application/json", text: "{}")]),
        EncodingCase(
            label: "values holding dashes and boundary-like lines are framed safely",
            build: { _ in
                FormData([
                    .init(name: "d", value: .text("--\r\n--x\r\n----\r\n--")),
                    .init(name: "e", value: .bytes(Array("\r\n--MultipartFormBoundary".utf8)), filename: "e"),
                ])
            },
            expected: [
                ExpectedPart(name: "d", text: "--\r\n--x\r\n----\r\n--"),
                ExpectedPart(
                    name: "e", filename: "e", contentType: "application/octet-stream",
                    text: "\r\n--MultipartFormBoundary"),
            ]),
    ]
}

/// The reference encoder: canonical bytes, boundaries, streaming and errors, judged by the strict validator.
@Suite struct ReferenceEncoderTests {
    @Test(arguments: EncodingCase.all)
    func encodedFormValidatesAndDecodesToItsInput(_ testCase: EncodingCase) throws {
        let scratch = try TemporaryDirectory()
        let form = try testCase.build(scratch)
        let encoder = ReferenceEncoder(options: testCase.options)
        let body = try encoder.prepare(form)
        let bytes = try body.bytes()
        let report = MultipartValidator.validate(bytes, contentType: body.contentType)

        #expect(report.errorCount == 0, "\(nonNoteFindings(report))")
        let warnings = Set(report.diagnostics.filter { $0.severity == .warning }.map(\.rule.rawValue))
        #expect(warnings == testCase.expectedWarnings, "\(nonNoteFindings(report))")
        #expect(decodedParts(report, body: bytes) == testCase.expected)
        #expect(body.contentLength == bytes.count)
    }

    @Test func canonicalBodyIsPinnedByteForByte() throws {
        let scratch = try TemporaryDirectory()
        let path = try scratch.write(Array("x".utf8), named: "f.txt")
        let form = FormData([.init(name: "a", value: .text("1")), .init(name: "file", value: .file(path: path))])
        let body = try ReferenceEncoder().prepare(form, boundary: "XyZ")

        let expected = Array(
            ("--XyZ\r\n" + "Content-Disposition: form-data; name=\"a\"\r\n" + "\r\n" + "1\r\n"
                + "--XyZ\r\n" + "Content-Disposition: form-data; name=\"file\"; filename=\"f.txt\"\r\n"
                + "Content-Type: application/octet-stream\r\n" + "\r\n" + "x\r\n" + "--XyZ--\r\n").utf8)
        #expect(try body.bytes() == expected)
        #expect(body.contentType == "multipart/form-data; boundary=XyZ")
        #expect(body.contentLength == expected.count)
    }

    /// WHATWG leaves `\\` literal, while RFC 9110 quoted-string reads it as a quoted-pair: the strict validator
    /// warns about exactly that disagreement, and the encoder keeps the browser's bytes.
    @Test func backslashInNameAndFilenamePassesThroughLiterally() throws {
        let form = FormData([.init(name: "a\\b", value: .bytes([7]), filename: "C:\\dir\\f.txt")])
        let bytes = try ReferenceEncoder().prepare(form, boundary: "B").bytes()
        let header = "Content-Disposition: form-data; name=\"a\\b\"; filename=\"C:\\dir\\f.txt\"\r\n"
        #expect(bytes == Array(("--B\r\n" + header + "Content-Type: application/octet-stream\r\n\r\n").utf8) + [7] + Array("\r\n--B--\r\n".utf8))
        let report = MultipartValidator.validate(bytes, contentType: "multipart/form-data; boundary=B")
        #expect(report.errorCount == 0)
        #expect(Set(report.diagnostics.filter { $0.severity == .warning }.map(\.rule.rawValue)).isSubset(of: ["parameter-backslash", "filename-path"]))
    }

    @Test func emptyFormIsJustTheCloseDelimiter() throws {
        let body = try ReferenceEncoder().prepare(FormData(), boundary: "AaB03x")
        let bytes = try body.bytes()
        #expect(bytes == Array("--AaB03x--\r\n".utf8))
        #expect(body.contentLength == bytes.count)
        let report = MultipartValidator.validate(bytes, contentType: body.contentType)
        // RFC 2046 wants a part; browsers send exactly this, and the validator warns about it and nothing else.
        #expect(nonNoteFindings(report) == ["zero-parts@0"] || report.diagnostics.allSatisfy { $0.rule == .zeroParts })
        #expect(report.errorCount == 0)
    }

    @Test(arguments: [1, 7, 4096, ReferenceEncoder.Body.defaultChunkSize])
    func chunkedOutputEqualsWholeOutput(chunkSize: Int) throws {
        let scratch = try TemporaryDirectory()
        let large = (0..<200_003).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) }
        let path = try scratch.write(large, named: "large.bin")
        var form = FormData()
        form.append(name: "title", text: String(repeating: "t", count: 70_000))
        form.append(name: "big", filePath: path)
        form.append(name: "small", bytes: allByteValues, filename: "s.bin", contentType: "application/octet-stream")
        let body = try ReferenceEncoder().prepare(form)
        let whole = try body.bytes()

        var chunked: [UInt8] = []
        var largest = 0
        try body.forEachChunk(chunkSize: chunkSize) { chunk in
            #expect(!chunk.isEmpty)
            largest = max(largest, chunk.count)
            chunked += chunk
        }
        #expect(chunked == whole)
        #expect(largest <= chunkSize)
        #expect(body.contentLength == whole.count)
        let report = MultipartValidator.validate(whole, contentType: body.contentType)
        #expect(nonNoteFindings(report) == [])
        #expect(report.parts.count == 3)
        #expect(report.parts.count == 3 ? Array(whole[report.parts[1].bodyRange]) == large : false)
    }

    @Test(arguments: [
        String(repeating: "b", count: 71), "trailing ", "at@sign", "", "quote\"", "new\nline",
    ])
    func invalidCallerBoundaryFails(boundary: String) {
        #expect {
            _ = try ReferenceEncoder().prepare(FormData([.init(name: "a", value: .text("1"))]), boundary: boundary)
        } throws: { error in
            (error as? ReferenceEncoder.Error)?.code == .invalidBoundary
        }
    }

    @Test func seventyCharacterBoundaryIsAccepted() throws {
        let boundary = String(repeating: "b", count: 70)
        let body = try ReferenceEncoder().prepare(FormData([.init(name: "a", value: .text("1"))]), boundary: boundary)
        #expect(body.boundary == boundary)
        #expect(MultipartValidator.validate(try body.bytes(), contentType: body.contentType).diagnostics.isEmpty)
    }

    @Test func boundaryNeedingQuotesIsQuotedInContentType() throws {
        let body = try ReferenceEncoder().prepare(FormData([.init(name: "a", value: .text("1"))]), boundary: "a b:c")
        #expect(body.contentType == "multipart/form-data; boundary=\"a b:c\"")
        let report = MultipartValidator.validate(try body.bytes(), contentType: body.contentType)
        #expect(nonNoteFindings(report) == [])
        #expect(report.parts.count == 1)
    }

    @Test func collidingCallerBoundaryFailsWithFieldIndex() {
        let form = FormData([
            .init(name: "a", value: .text("safe")),
            .init(name: "b", value: .text("--AaB0 is a prefix, not a hit")),
            .init(name: "c", value: .bytes(Array("no line start needed: x--AaB03x".utf8)), filename: "c"),
        ])
        #expect {
            _ = try ReferenceEncoder().prepare(form, boundary: "AaB03x")
        } throws: { error in
            let error = error as? ReferenceEncoder.Error
            return error?.code == .boundaryCollision && error?.fieldIndex == 2
        }
    }

    @Test func generatedBoundaryIsRegeneratedWhenAValueContainsIt() throws {
        var predictor = SplitMix64(state: 7)
        let first = ReferenceEncoder.randomBoundary(using: &predictor)
        let second = ReferenceEncoder.randomBoundary(using: &predictor)
        let form = FormData([
            .init(name: "a", value: .text("1")),
            .init(name: "trap", value: .text("before\r\n--" + String(decoding: first, as: UTF8.self) + "\r\nafter")),
        ])
        var generator = SplitMix64(state: 7)
        let body = try ReferenceEncoder().prepare(form, using: &generator)
        #expect(Array(body.boundary.utf8) == second)
        let bytes = try body.bytes()
        let report = MultipartValidator.validate(bytes, contentType: body.contentType)
        #expect(nonNoteFindings(report) == [])
        #expect(report.parts.count == 2)
        #expect(report.parts.count == 2 ? Array(bytes[report.parts[1].bodyRange]) == Array(form.fields[1].value.text!.utf8) : false)
    }

    @Test func generatorThatRepeatsItselfGivesUpWithCollision() {
        var stuck = StuckGenerator()
        let boundary = String(decoding: ReferenceEncoder.randomBoundary(using: &stuck), as: UTF8.self)
        let form = FormData([.init(name: "x", value: .text("ok")), .init(name: "y", value: .text("--" + boundary))])
        #expect {
            _ = try ReferenceEncoder().prepare(form, using: &stuck)
        } throws: { error in
            let error = error as? ReferenceEncoder.Error
            return error?.code == .boundaryCollision && error?.fieldIndex == 1
        }
    }

    @Test func generatedBoundaryDiffersAcrossCallsAndHasEnoughEntropy() throws {
        #expect(ReferenceEncoder.generatedBoundaryMinimumEntropyBits >= 128)
        let form = FormData([.init(name: "a", value: .text("1"))])
        var seen = Set<String>()
        for _ in 0..<50 {
            let boundary = try ReferenceEncoder().prepare(form).boundary
            #expect(boundary.hasPrefix(ReferenceEncoder.generatedBoundaryPrefix))
            let random = boundary.utf8.dropFirst(ReferenceEncoder.generatedBoundaryPrefix.utf8.count)
            #expect(random.count == ReferenceEncoder.generatedBoundaryRandomCount)
            #expect(random.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) })
            #expect((27...70).contains(boundary.utf8.count))
            seen.insert(boundary)
        }
        #expect(seen.count == 50)
    }

    @Test func fileThatGrowsAfterPreparingFailsTheStream() throws {
        let scratch = try TemporaryDirectory()
        let path = try scratch.write(Array("abc".utf8), named: "grow.txt")
        let body = try ReferenceEncoder().prepare(FormData([.init(name: "t", value: .text("1")), .init(name: "f", value: .file(path: path))]))
        _ = try scratch.write(Array("abcdef".utf8), named: "grow.txt")
        #expect {
            _ = try body.bytes()
        } throws: { error in
            let error = error as? ReferenceEncoder.Error
            return error?.code == .fileChanged && error?.fieldIndex == 1
        }
    }

    @Test func fileThatShrinksAfterPreparingFailsTheStream() throws {
        let scratch = try TemporaryDirectory()
        let path = try scratch.write(Array(repeating: 0x61, count: 100_000), named: "shrink.txt")
        let body = try ReferenceEncoder().prepare(FormData([.init(name: "f", value: .file(path: path))]))
        _ = try scratch.write(Array(repeating: 0x61, count: 10), named: "shrink.txt")
        var iterator = body.makeChunkIterator()
        #expect {
            while try iterator.next() != nil {}
        } throws: { error in
            let error = error as? ReferenceEncoder.Error
            return error?.code == .fileChanged && error?.fieldIndex == 0
        }
        #expect(try iterator.next() == nil)
    }

    @Test func missingFileFailsWhenPreparing() throws {
        let scratch = try TemporaryDirectory()
        let form = FormData([.init(name: "a", value: .text("1")), .init(name: "f", value: .file(path: scratch.url.path + "/absent"))])
        #expect {
            _ = try ReferenceEncoder().prepare(form)
        } throws: { error in
            let error = error as? ReferenceEncoder.Error
            return error?.code == .fileUnreadable && error?.fieldIndex == 1
        }
    }

    @Test func directoryIsNotAcceptedAsAFile() throws {
        let scratch = try TemporaryDirectory()
        #expect {
            _ = try ReferenceEncoder().prepare(FormData([.init(name: "d", value: .file(path: scratch.url.path))]))
        } throws: { error in
            (error as? ReferenceEncoder.Error)?.code == .fileUnreadable
        }
    }

    @Test func fileContainingTheBoundaryAcrossAChunkEdgeFailsTheStream() throws {
        let scratch = try TemporaryDirectory()
        let edge = ReferenceEncoder.Body.defaultChunkSize
        // The file starts after the part header, so put the hit well past one chunk and let it straddle reads.
        let content = Array(repeating: UInt8(ascii: "x"), count: edge - 3) + Array("--Edge".utf8) + [0x0A]
        let path = try scratch.write(content, named: "hit.bin")
        let body = try ReferenceEncoder().prepare(
            FormData([.init(name: "a", value: .text("1")), .init(name: "f", value: .file(path: path))]), boundary: "Edge")
        #expect(body.contentLength > 0)
        #expect {
            _ = try body.bytes()
        } throws: { error in
            let error = error as? ReferenceEncoder.Error
            return error?.code == .boundaryCollision && error?.fieldIndex == 1
        }
    }

    @Test func contentTypeWithLineBreakIsRejected() {
        let form = FormData([.init(name: "f", value: .bytes([1]), filename: "f", contentType: "text/plain\r\nX-Injected: 1")])
        #expect {
            _ = try ReferenceEncoder().prepare(form, boundary: "B")
        } throws: { error in
            let error = error as? ReferenceEncoder.Error
            return error?.code == .invalidContentType && error?.fieldIndex == 0
        }
    }

    @Test func errorDescriptionNamesCodeAndField() {
        let error = ReferenceEncoder.Error(.fileChanged, fieldIndex: 3, "'a' grew")
        #expect(error.description == "file-changed: field 3: 'a' grew")
    }

    @Test func encodeReturnsContentTypeAndBody() throws {
        let (contentType, body) = try ReferenceEncoder().encode(FormData([.init(name: "a", value: .text("1"))]), boundary: "q")
        #expect(contentType == "multipart/form-data; boundary=q")
        #expect(body == Array("--q\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n--q--\r\n".utf8))
    }
}
