import MultipartForm
import MultipartFormSystem
import MultipartFormTestSupport
import Testing

extension Tag {
    /// Tests that generate and validate large inputs; `MULTIPART_SKIP_SLOW=1` skips them.
    @Tag static var adversarial: Self
}

/// Hostile shapes from the parser CVEs of this field (quadratic scans, floods, runaway lines,
/// deep nesting), each validated at three sizes, each four times the one before: the report must
/// stay sensible, and the time must grow linearly with the size.
///
/// `swift test` runs the fast form (32 KiB to 512 KiB, header values of 4 to 64 KiB), which keeps
/// a contributor's run short and still tells linear from quadratic; `MULTIPART_FULL_TESTS=1`, as
/// `.ci/run` sets it, runs the full sizes (1 to 16 MiB, header values of 64 KiB to 1 MiB), where
/// a scan that is quadratic only past some threshold shows too.
///
/// Linearity is checked with a generous bound, so that a loaded machine does not fail it while a
/// quadratic scan (16 times the time per step of 4) still does: a step of 4 may cost at most 12
/// times the one before. The full sizes check every step. The fast form checks only its last step:
/// its smallest body fits in the processor's caches and runs faster per byte than the larger ones,
/// which is not the growth this suite looks for, and its times are a few milliseconds, so each is
/// counted as at least one. Each time is the thread's CPU time, the best of three runs (five in the
/// fast form).
/// The figures are printed (`growth <shape>: ...`); a release build (`MULTIPART_FULL_TESTS=1
/// swift test -c release --filter AdversarialGrowth`) gives the ones worth quoting.
@Suite(
    .tags(.adversarial),
    .enabled(if: !TestScale.skipsSlow, "MULTIPART_SKIP_SLOW is set"),
    .serialized)
struct AdversarialGrowthTests {
    /// Whether the full sizes run (`MULTIPART_FULL_TESTS` is set) rather than the fast form.
    static let full = TestScale.isFull
    /// The smallest body size; the others are 4 and 16 times it.
    static let unit = full ? 1 << 20 : 32 << 10
    static let sizes = [1, 4, 16].map { $0 * unit }
    /// The chunk size bodies are fed in: a sixteenth of the smallest size, so that even it spans many chunks.
    static let chunkSize = full ? 64 << 10 : 2 << 10
    static let boundary = "AaB03x"
    static let contentType = "multipart/form-data; boundary=AaB03x"

    /// One generated input: the Content-Type value sent with it and the body.
    struct Input {
        var contentType: String?
        var body: [UInt8]
        var options = ValidationOptions()
    }

    /// Validates in chunks of `chunk` bytes.
    static func validate(_ input: Input, chunk: Int = chunkSize) -> ValidationReport {
        MultipartValidator.validate(input.body, contentType: input.contentType, options: input.options, chunkSize: chunk)
    }

    /// The best of three timed validations (five in the fast form), in seconds of this thread's CPU
    /// time: unlike the wall clock, it does not grow while other processes have the processor, so a
    /// shared machine's load does not make a linear shape look steep.
    static func time(_ input: Input) -> (seconds: Double, report: ValidationReport) {
        var best = Double.infinity
        var report: ValidationReport?
        for _ in 0..<(full ? 3 : 5) {
            let start = threadCPUTime()
            let result = validate(input)
            best = min(best, threadCPUTime() - start)
            report = result
        }
        return (best, report!)
    }

    /// The CPU time the calling thread has used, in seconds.
    static func threadCPUTime() -> Double {
        CurrentThread.cpuSeconds()
    }

    /// Runs `make` at each size, checks every report with `check` (and that an odd chunking gives
    /// the same report at the smallest size), and checks that the time grows linearly.
    static func expectLinear(
        _ shape: String, sizes: [Int] = sizes, _ make: (Int) -> Input, check: (ValidationReport, Input) -> Void
    ) {
        var times: [Double] = []
        for (index, size) in sizes.enumerated() {
            let input = make(size)
            #expect(input.body.count + (input.contentType?.utf8.count ?? 0) >= size / 2, "\(shape) at \(size) bytes is too small")
            let (seconds, report) = time(input)
            check(report, input)
            #expect(report.byteCount == input.body.count)
            if index == 0 {
                #expect(validate(input, chunk: 4093) == report, "\(shape): a 4093-byte chunking changes the report")
            }
            times.append(max(seconds, 1e-4))
        }
        let figures = zip(sizes, times).map { "\($0.0 / 1024) KiB \(Double(Int(($0.1 * 10_000).rounded())) / 10) ms" }
        print("growth \(shape): " + figures.joined(separator: ", "))
        for step in (full ? 1 : times.count - 1)..<times.count {
            let before = full ? times[step - 1] : max(times[step - 1], 1e-3)
            #expect(times[step] / before < 12, "\(shape): \(figures[step - 1]) then \(figures[step]) is not linear")
        }
    }

    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    static func rules(_ report: ValidationReport) -> Set<String> { Set(report.diagnostics.map(\.rule.rawValue)) }

    static func count(_ rule: Rule.ID, in report: ValidationReport) -> Int {
        report.diagnostics.filter { $0.rule == rule }.count
    }

    // MARK: The outer Content-Type

    /// Content-Type values of 64 KiB to 1 MiB (4 to 64 KiB in the fast form): a quadratic parameter
    /// check costs 16 times as much per step.
    static let headerSizes = [1, 4, 16].map { $0 * (full ? 64 << 10 : 4 << 10) }

    /// A one-field body whose Content-Type is `boundary=AaB03x` followed by `parameter(n)` for n = 0, 1, ... up to `size` bytes.
    static func contentTypeInput(size: Int, _ parameter: (Int) -> String) -> Input {
        var value = "multipart/form-data; boundary=AaB03x"
        value.reserveCapacity(size + 32)
        var index = 0
        while value.utf8.count < size {
            value += parameter(index)
            index += 1
        }
        return Input(contentType: value, body: bytes("--AaB03x\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nv\r\n--AaB03x--\r\n"))
    }

    @Test func contentTypeWithManyParameters() {
        // Each parameter was once compared with every earlier one: 80,000 took seconds.
        Self.expectLinear("Content-Type parameters", sizes: Self.headerSizes) { size in
            Self.contentTypeInput(size: size) { "; p\($0)=1" }
        } check: { report, input in
            let parameters = input.contentType!.utf8.count / 8
            #expect(report.counts[.warning, default: 0] >= parameters / 2, "every extra parameter is a finding")
            #expect(report.parts.count == 1)
            #expect(report.errorCount == 0)
        }
    }

    @Test func contentTypeWithExtendedBoundaryContinuations() {
        Self.expectLinear("Content-Type boundary*N* continuations", sizes: Self.headerSizes) { size in
            Self.contentTypeInput(size: size) { "; boundary*\($0)*=a" }
        } check: { report, _ in
            #expect(Self.rules(report).contains("boundary-extended"))
            #expect(report.parts.count == 1)
        }
    }

    // MARK: Floods

    @Test func floodOfTinyParts() {
        Self.expectLinear("tiny parts") { size in
            let part = Self.bytes("--AaB03x\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nv\r\n")
            var body: [UInt8] = []
            body.reserveCapacity(size + 16)
            while body.count < size { body += part }
            body += Self.bytes("--AaB03x--\r\n")
            var input = Input(contentType: Self.contentType, body: body)
            // The fast form's bodies hold fewer parts than the default limit: a lower one is still passed.
            if !Self.full { input.options.maxParts = 256 }
            return input
        } check: { report, input in
            #expect(report.partCount == (input.body.count - 12) / 57)
            #expect(report.partCount > input.options.maxParts)
            #expect(report.parts.count == input.options.maxParts)
            #expect(Self.count(.limitParts, in: report) == 1)
            #expect(report.errorCount == 0)
        }
    }

    @Test func floodOfHeaderLines() {
        Self.expectLinear("header lines") { size in
            var body = Self.bytes("--AaB03x\r\nContent-Disposition: form-data; name=\"a\"\r\n")
            body.reserveCapacity(size + 64)
            let line = Self.bytes("X-Flood: 1\r\n")
            while body.count < size { body += line }
            body += Self.bytes("\r\nv\r\n--AaB03x--\r\n")
            return Input(contentType: Self.contentType, body: body)
        } check: { report, _ in
            // Each unknown header line up to the line limit is named, then the rest are skipped.
            #expect(Self.count(.limitHeaderLines, in: report) == 1)
            #expect(Self.count(.headerNotAllowed, in: report) == ValidationOptions().maxHeaderLines - 1)
            #expect(report.diagnostics.count == ValidationOptions().maxHeaderLines)
        }
    }

    @Test func oneVeryLongHeaderLine() {
        Self.expectLinear("long header line") { size in
            var body = Self.bytes("--AaB03x\r\nContent-Disposition: form-data; name=\"a\"\r\nX-Long: ")
            body += [UInt8](repeating: UInt8(ascii: "x"), count: size)
            body += Self.bytes("\r\n\r\nv\r\n--AaB03x--\r\n")
            return Input(contentType: Self.contentType, body: body)
        } check: { report, _ in
            #expect(Self.count(.limitHeaderLineLength, in: report) == 1)
            #expect(report.partCount == 1)
            #expect(report.diagnostics.count < 10)
        }
    }

    @Test func bodyWithoutAnyLineFeed() {
        Self.expectLinear("no line feed") { size in
            Input(contentType: Self.contentType, body: [UInt8](repeating: UInt8(ascii: "-"), count: size))
        } check: { report, _ in
            #expect(Self.rules(report) == ["delimiter-not-found"])
        }
    }

    @Test func contentDenseInLineBreaks() {
        Self.expectLinear("dense CR and LF") { size in
            var body = Self.bytes("--AaB03x\r\nContent-Disposition: form-data; name=\"f\"; filename=\"f\"\r\nContent-Type: application/octet-stream\r\n\r\n")
            body.reserveCapacity(size + 128)
            let pattern = Self.bytes("\r\r\n\n\r\n-\r\n--\r\n--A\n--AaB\r")
            while body.count < size { body += pattern }
            body += Self.bytes("\r\n--AaB03x--\r\n")
            return Input(contentType: Self.contentType, body: body)
        } check: { report, _ in
            #expect(report.partCount == 1)
            #expect(report.errorCount == 0)
        }
    }

    @Test func delimiterPrefixesAtEveryChunkEdge() {
        // Each chunk ends inside "\r\n--AaB03x" (after 1 to 9 of its bytes) and the next
        // chunk breaks it off, so the validator holds and releases a candidate at every edge.
        let candidate = Self.bytes("\r\n--AaB03x")
        Self.expectLinear("prefix at chunk edges") { size in
            var body = Self.bytes("--AaB03x\r\nContent-Disposition: form-data; name=\"f\"; filename=\"f\"\r\n\r\n")
            body.reserveCapacity(size + Self.chunkSize)
            var edge = Self.chunkSize
            while edge < size {
                let cut = 1 + (edge / Self.chunkSize) % (candidate.count - 1)
                body += [UInt8](repeating: UInt8(ascii: "z"), count: edge - cut - body.count)
                body += candidate[0..<cut] + Self.bytes("Q")
                edge += Self.chunkSize
            }
            body += Self.bytes("\r\n--AaB03x--\r\n")
            return Input(contentType: Self.contentType, body: body)
        } check: { report, _ in
            #expect(report.partCount == 1)
            #expect(report.errorCount == 0)
        }
    }

    @Test func megabytesOfPreambleAndEpilogue() {
        Self.expectLinear("preamble and epilogue") { size in
            let filler = [UInt8](repeating: UInt8(ascii: "p"), count: size / 2 - 2) + Self.bytes("\r\n")
            let body = filler + Self.bytes("--AaB03x\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nv\r\n--AaB03x--\r\n") + filler
            return Input(contentType: Self.contentType, body: body)
        } check: { report, _ in
            #expect(Self.rules(report) == ["preamble-present", "epilogue-present"])
            #expect(report.partCount == 1)
        }
    }

    // MARK: Boundaries

    @Test func seventyCharacterBoundaryInDenseContent() {
        let boundary = String(repeating: "b", count: 69) + "c"
        Self.expectLinear("70-character boundary") { size in
            var body = Self.bytes("--\(boundary)\r\nContent-Disposition: form-data; name=\"f\"; filename=\"f\"\r\n\r\n")
            body.reserveCapacity(size + 256)
            // Lines that start with all but the boundary's last character.
            let near = Self.bytes("\r\n--" + String(repeating: "b", count: 69) + "d")
            while body.count < size { body += near }
            body += Self.bytes("\r\n--\(boundary)--\r\n")
            return Input(contentType: "multipart/form-data; boundary=\(boundary)", body: body)
        } check: { report, _ in
            #expect(report.partCount == 1)
            #expect(report.errorCount == 0)
        }
    }

    @Test func seventyOneCharacterBoundaryIsReportedAndStillFramed() {
        let boundary = String(repeating: "b", count: 71)
        let body = Self.bytes("--\(boundary)\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nv\r\n--\(boundary)--\r\n")
        let report = Self.validate(Input(contentType: "multipart/form-data; boundary=\(boundary)", body: body))
        #expect(Self.rules(report) == ["boundary-too-long"])
        #expect(report.partCount == 1)
    }

    @Test func absurdBoundaryLengthInTheHeader() {
        Self.expectLinear("boundary parameter length") { size in
            let boundary = String(repeating: "a", count: size)
            return Input(contentType: "multipart/form-data; boundary=\(boundary)", body: Self.bytes("--aaaa\r\n\r\n"))
        } check: { report, _ in
            #expect(Self.rules(report).contains("boundary-too-long"))
            #expect(report.diagnostics.count < 10)
        }
    }

    @Test func unterminatedQuotedBoundaryOfBackslashes() {
        Self.expectLinear("quoted boundary of backslashes") { size in
            let value = "multipart/form-data; boundary=\"" + String(repeating: "\\", count: size)
            return Input(contentType: value, body: Self.bytes("--x\r\n\r\n--x--\r\n"))
        } check: { report, _ in
            #expect(Self.rules(report).contains("content-type-syntax"))
            #expect(report.diagnostics.count < 10)
        }
    }

    // MARK: Nesting

    @Test func deeplyNestedMultipartMixed() {
        Self.expectLinear("nested multipart/mixed") { size in
            var opening: [UInt8] = []
            var closing: [[UInt8]] = []
            var level = 0
            while opening.count * 2 < size {
                let disposition = level == 0 ? "form-data; name=\"n\"" : "attachment"
                opening += Self.bytes("--b\(level)x\r\nContent-Disposition: \(disposition)\r\nContent-Type: multipart/mixed; boundary=b\(level + 1)x\r\n\r\n")
                closing.append(Self.bytes("\r\n--b\(level)x--"))
                level += 1
            }
            var body = opening
            for close in closing.reversed() { body += close }
            body += Self.bytes("\r\n")
            return Input(contentType: "multipart/form-data; boundary=b0x", body: body)
        } check: { report, _ in
            // Nested bodies are read down to the depth limit, which is reported once; deeper ones are content.
            #expect(Self.count(.limitNestingDepth, in: report) == 1)
            #expect(Self.count(.nestedMultipart, in: report) == ValidationOptions().maxNestingDepth + 1)
            // Only the nesting itself (deprecated by RFC 7578 §4.3) is an error.
            #expect(report.errorCount == Self.count(.nestedMultipart, in: report))
            #expect(report.partCount == 1)
        }
    }
}
