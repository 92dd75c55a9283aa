import Foundation
import MultipartFormTestSupport
import Testing

@testable import MultipartCheckBench
@testable import MultipartFormCLI

/// `multipart-check bench` run small: the output's shape, and figures derived from the measured times.
///
/// Speed itself is never asserted; only that every figure follows from the times the run recorded.
@Suite struct BenchCommandTests {
    static let operations = ["memchr", "delimiter", "copy", "validate", "decode", "encode"]
    static let boundary = "----WebKitFormBoundary7MA4YWxkTrZu0gW"

    func parse(_ text: String) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// The many-fields body at `fields` fields, written here independently of the bench's generator.
    func manyFieldsSize(fields: Int) -> Int {
        var size = 0
        for index in 0..<fields {
            size += "--\(Self.boundary)\r\nContent-Disposition: form-data; name=\"field\(index)\"\r\n\r\nvalue \(index)\r\n".utf8.count
        }
        return size + "--\(Self.boundary)--\r\n".utf8.count
    }

    @Test func jsonReportsEveryCaseAndOperationWithFiguresDerivedFromTheRunTimes() throws {
        let result = runCLI(["bench", "--scale", "0.001", "--runs", "3", "--format", "json", "--in-process"])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try parse(result.stdout)
        #expect(report["runs"] as? Int == 3)
        #expect(report["isolation"] as? String == "in-process")
        let machine = try #require(report["machine"] as? [String: Any])
        #expect((machine["processors"] as? Int ?? 0) >= 1)
        let cases = try #require(report["cases"] as? [[String: Any]])
        #expect(cases.map { $0["name"] as? String } == ["big-binary", "many-fields", "crlf-heavy", "mixed", "chunked"])
        for item in cases {
            let name = item["name"] as? String ?? "?"
            let bytes = try #require(item["bytes"] as? Int)
            let results = try #require(item["results"] as? [[String: Any]])
            #expect(results.map { $0["operation"] as? String } == Self.operations, "\(name)")
            var rates: [String: Double] = [:]
            for entry in results {
                let operation = entry["operation"] as? String ?? "?"
                let runs = try #require(entry["runs_ns"] as? [Double], "\(name) \(operation)")
                #expect(runs.count == 3)
                #expect(runs.allSatisfy { $0 > 0 })
                let medianTime = try #require(entry["median_ns"] as? Double)
                #expect(medianTime == median(runs), "\(name) \(operation)")
                let rate = try #require(entry["mb_per_s"] as? Double)
                let expected = Double(bytes) * 1_000 / medianTime
                #expect(abs(rate - expected) <= 0.0005 + expected * 1e-9, "\(name) \(operation): \(rate) vs \(expected)")
                rates[operation] = expected
                #expect(entry["peak_rss_bytes"] is NSNull, "no peak RSS in process")
            }
            for entry in results {
                let operation = entry["operation"] as? String ?? "?"
                let floor = entry["floor"] as? String
                let expectedFloor: String? =
                    switch operation {
                    case "memchr", "delimiter", "copy": nil
                    case "encode": "copy"
                    default: name == "crlf-heavy" ? "delimiter" : "memchr"
                    }
                #expect(floor == expectedFloor, "\(name) \(operation)")
                if let floor {
                    let ratio = try #require(entry["ratio"] as? Double)
                    let expected = try #require(rates[operation]) / #require(rates[floor])
                    #expect(abs(ratio - expected) <= 0.00005 + 1e-9, "\(name) \(operation): \(ratio) vs \(expected)")
                } else {
                    #expect(entry["ratio"] is NSNull)
                }
            }
            if name == "many-fields" {
                #expect(item["parts"] as? Int == 100)
                #expect(bytes == manyFieldsSize(fields: 100))
            }
            if name == "chunked" {
                #expect(item["feed_bytes"] as? Int == 1)
                let linearity = try #require(item["linearity"] as? [String: Any])
                let fullRuns = try #require(linearity["runs_ns"] as? [Double])
                let quarterRuns = try #require(linearity["quarter_runs_ns"] as? [Double])
                let quarterBytes = try #require(linearity["quarter_bytes"] as? Int)
                #expect(linearity["estimator"] as? String == "fastest")
                #expect(linearity["bytes"] as? Int == bytes)
                #expect(quarterBytes > 0)
                #expect(fullRuns.count == quarterRuns.count && fullRuns.count == BenchCommand.linearityPairs * 3)
                let fullPerByte = try #require(fullRuns.min()) / Double(bytes)
                let quarterPerByte = try #require(quarterRuns.min()) / Double(quarterBytes)
                let ratio = try #require(linearity["ratio"] as? Double)
                #expect(abs(ratio - fullPerByte / quarterPerByte) <= 0.00005 + 1e-9)
            } else {
                #expect(item["feed_bytes"] as? Int == 65536)
                #expect(item["linearity"] == nil)
            }
        }
    }

    @Test func textTableHasARowPerOperationWithItsFloorAndRatio() {
        let result = runCLI(["bench", "--case", "many-fields", "--scale", "0.001", "--runs", "1", "--in-process"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "multipart-check bench: median of 1 run, in process (no peak RSS), scale 0.001")
        #expect(lines.contains { $0.hasPrefix("machine: ") })
        let header = "case         size       operation       MB/s    ratio  floor        peak RSS"
        guard let table = lines.firstIndex(of: header) else {
            Issue.record("no table header in:\n\(result.stdout)")
            return
        }
        let rows = lines[(table + 1)...].filter { !$0.isEmpty }
        #expect(rows.count == Self.operations.count)
        #expect(rows.first?.hasPrefix("many-fields  \(BenchFormat.megabytes(manyFieldsSize(fields: 100))) ") == true)
        for (row, operation) in zip(rows, Self.operations) {
            let words = row.split(separator: " ").map(String.init)
            let index = words.firstIndex(of: operation)
            #expect(index != nil, "\(row)")
            guard let index else { continue }
            let isFloor = ["memchr", "delimiter", "copy"].contains(operation)
            let expectedTail = isFloor ? ["(floor)", "-"] : [operation == "encode" ? "copy" : "memchr", "-"]
            #expect(Array(words.suffix(2)) == expectedTail, "\(row)")
            #expect(Double(words[index + 1]) != nil, "MB/s in \(row)")
            if !isFloor { #expect(Double(words[index + 2]) != nil, "ratio in \(row)") }
        }
    }

    @Test func roundsRunEveryOperationAndAlternateTheirOrderSoNoneAlwaysFollowsTheSameOne() {
        let rounds = (0..<4).map { BenchCommand.order(ofRound: $0) }
        for order in rounds {
            #expect(order.count == BenchOperation.allCases.count && Set(order) == Set(BenchOperation.allCases))
        }
        // The runs in the order they happen, across rounds.
        let sequence = rounds.flatMap { $0 }
        for operation in BenchOperation.allCases {
            let predecessors = Set(sequence.indices.dropFirst().filter { sequence[$0] == operation }.map { sequence[$0 - 1] })
            #expect(predecessors.count >= 2, "\(operation) follows only \(predecessors)")
        }
        #expect(rounds[0] == BenchOperation.allCases && rounds[1] == BenchOperation.allCases.reversed())
    }

    @Test(arguments: [
        (["bench", "--runs", "0"], "Error: The value '0' is invalid for '--runs <n>'. Please provide a positive integer."),
        (
            ["bench", "--scale=100"],
            "Error: The value '100' is invalid for '--scale <factor>'. Please provide a number above 0 and at most 64."
        ),
        (["bench", "--case", "many-field"], "Error: The value 'many-field' is invalid for '--case <case>'. Did you mean 'many-fields'?"),
        (["__bench-worker", "validate", "nope", "1", "/tmp"], "Error: '__bench-worker' is run by 'bench' as: OPERATION CASE SCALE DIRECTORY"),
    ])
    func usageErrorsNameTheBadValue(arguments: [String], firstLine: String) {
        let result = runCLI(arguments)
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.split(separator: "\n").first.map(String.init) == firstLine)
    }

    @Test func workerMeasuresOneOperationOnBodiesTheBenchWrote() throws {
        let directory = try TemporaryDirectory()
        let plan = BenchCase(.manyFields, scale: 0.001, directory: directory.url.path)
        try plan.write()
        #expect(try Data(contentsOf: URL(fileURLWithPath: plan.bodyPath)).count == manyFieldsSize(fields: 100))
        for operation in ["validate", "delimiter"] {
            let result = runCLI(["__bench-worker", operation, "many-fields", "0.001", directory.url.path])
            #expect(result.status == 0, "\(result.stderr)")
            let sample = try #require(BenchSample(line: result.stdout.trimmingCharacters(in: .newlines)))
            #expect(sample.nanoseconds > 0)
            #expect(sample.bytes == manyFieldsSize(fields: 100))
            if operation == "validate" {
                #expect(sample.parts == 100 && sample.errors == 0 && sample.warnings == 0)
            } else {
                #expect(sample.found == 100, "one '\\r\\n--boundary' after each field")
            }
        }
    }

    @Test(arguments: BenchCase.Name.allCases)
    func encoderWritesExactlyTheBodyTheBenchMeasuresAgainst(name: BenchCase.Name) throws {
        let directory = try TemporaryDirectory()
        let plan = BenchCase(name, scale: 0.002, directory: directory.url.path)
        try plan.write()
        let output = directory.url.appendingPathComponent("encoded").path
        try BenchEncode.prepare(BenchEncode.form(of: plan)).write(toFileAtPath: output, chunkSize: 4096)
        let expected = try Data(contentsOf: URL(fileURLWithPath: plan.bodyPath))
        #expect(!expected.isEmpty)
        #expect(try Data(contentsOf: URL(fileURLWithPath: output)) == expected)
        let sample = try BenchEncode.run(plan, form: BenchEncode.form(of: plan))
        #expect(sample.bytes == expected.count)
    }

    @Test(
        .enabled(
            if: EndToEndTests.executable != nil,
            "multipart-check was not found next to the test bundle; build it with `swift build`")
    )
    func builtBinaryMeasuresEachRunInAChildProcessWithItsPeakRSS() throws {
        let result = try EndToEndTests().run(["bench", "--case", "mixed", "--scale", "0.002", "--runs", "1", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try parse(result.stdout)
        #expect(report["isolation"] as? String == "process")
        let cases = try #require(report["cases"] as? [[String: Any]])
        #expect(cases.count == 1)
        let results = try #require(cases.first?["results"] as? [[String: Any]])
        #expect(results.count == Self.operations.count)
        for entry in results {
            let peak = try #require(entry["peak_rss_bytes"] as? Int, "\(entry)")
            #expect(peak > 1 << 20 && peak < 1 << 30, "\(entry)")
        }
    }
}

/// `bench --json` is the old spelling of `--format json`: still accepted, no longer shown.
@Suite struct BenchFormatSpellingTests {
    @Test func helpShowsFormatAndHidesTheOldFlag() {
        let help = runCLI(["bench", "--help"])
        #expect(help.stdout.contains("--format <format>"))
        #expect(!help.stdout.contains("--json"))
    }
}
