import Foundation
import MultipartFormConformanceCore
import MultipartFormTestSupport
import Testing

@testable import MultipartFormCLI

/// `compare --deadline`: a HAR file of many entries stops at the deadline, shows what it compared,
/// lists what it did not, and exits 75.
@Suite(.ownThread) struct CompareDeadlineTests {
    /// An `Interop` directory with one parser, `slow`, that reads ``CompareCommandTests/body`` as the
    /// validator does after `delay` seconds.
    static func slowInterop(delay: String) throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        let answer = #"{"parts":["# + CompareCommandTests.textPart + "," + CompareCommandTests.filePart("x.txt") + "]}"
        _ = try directory.write(Array("cat > /dev/null\nsleep \(delay)\nprintf '%s\\n' '\(answer)'\n".utf8), named: "drivers/slow.sh")
        _ = try directory.write(Array("slow\tShell\tslow driver\t-\techo slow 1.0\tsh drivers/slow.sh\n".utf8), named: InteropParser.listingName)
        return directory
    }

    /// A HAR file of `count` POST entries, each carrying ``CompareCommandTests/body``.
    static func har(entries count: Int) -> [UInt8] {
        let text = CaptureInputTests.jsonString(CompareCommandTests.body)
        let entries = (1...count).map { index in
            CaptureInputTests.entry(url: "https://example.com/upload/\(index)", contentType: CompareCommandTests.contentType, text: text)
        }
        return CaptureInputTests.har(entries)
    }

    @Test func aHARStopsAtTheDeadlineAndListsWhatItDidNotCompare() throws {
        let interop = try Self.slowInterop(delay: "0.5")
        let input = try TemporaryDirectory()
        let path = try input.write(Self.har(entries: 12), named: "log.har")
        let started = ContinuousClock.now
        let result = runCLI(["compare", "--interop", interop.path, "--deadline", "1.8", path])
        let elapsed = ContinuousClock.now - started
        #expect(result.status == ExitCode.deadlinePassed, "\(result.stderr)")
        // Half a second a body: at most 3 fit in 1.8 s, and the one running at the deadline is cut short.
        let stopped = try #require(result.stdout.range(of: "Stopped at the --deadline (1.8 s): "), "\(result.stdout)")
        let compared = try #require(Int(result.stdout[stopped.upperBound...].prefix { $0.isNumber }))
        #expect((0...3).contains(compared), "\(result.stdout)")
        #expect(result.stdout.contains("Stopped at the --deadline (1.8 s): \(compared) of 12 bodies compared.\nNot compared (\(12 - compared)): \(path)#entry-\(compared + 1), "))
        #expect(result.stdout.contains("\(path)#entry-12\n"))
        #expect(result.stdout.components(separatedBy: "same as the validator (1): slow").count - 1 == compared)
        #expect(
            result.stderr.contains(
                "error: the --deadline of 1.8 s passed after \(compared) of 12 bodies \(compared == 1 ? "was" : "were") compared; \(12 - compared) were not."),
            "\(result.stderr)")
        // Stopped at the deadline, not after every entry (6 s) or the parser's own time-out.
        #expect(elapsed < .seconds(5), "compare took \(elapsed)")
    }

    @Test func jsonSaysWhereTheRunStopped() throws {
        let interop = try Self.slowInterop(delay: "0.5")
        let input = try TemporaryDirectory()
        let path = try input.write(Self.har(entries: 8), named: "log.har")
        let result = runCLI(["compare", "--interop", interop.path, "--format", "json", "--deadline", "1.2", path])
        #expect(result.status == ExitCode.deadlinePassed, "\(result.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let deadline = try #require(document["deadline"] as? [String: Any])
        let bodies = try #require(document["bodies"] as? [[String: Any]])
        #expect(deadline["milliseconds"] as? Int == 1200)
        #expect(deadline["compared"] as? Int == bodies.count)
        #expect(bodies.count + ((deadline["not_compared"] as? [String])?.count ?? 0) == 8)
        #expect((deadline["not_compared"] as? [String])?.last == "\(path)#entry-8")
    }

    @Test func withinTheDeadlineNothingChanges() throws {
        let interop = try Self.slowInterop(delay: "0")
        let input = try TemporaryDirectory()
        let path = try input.write(Self.har(entries: 3), named: "log.har")
        let result = runCLI(["compare", "--interop", interop.path, "--deadline", "60", path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stdout.contains("Stopped at the --deadline"))
        let json = runCLI(["compare", "--interop", interop.path, "--format", "json", path])
        #expect(json.status == 0)
        #expect(!json.stdout.contains("\"deadline\""))
    }

    @Test func aDeadlineOfNoTimeIsAUsageError() {
        let result = runCLI(["compare", "--deadline", "0", "-"])
        #expect(result.status == ExitCode.usage)
        #expect(result.stderr.contains("The value '0' is invalid for '--deadline <seconds>'"), "\(result.stderr)")
    }
}
