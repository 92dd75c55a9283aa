import MultipartFormTestSupport
import Testing

@testable import MultipartForm

/// The report lists the first findings by position, whatever order they were found in.
@Suite struct DiagnosticCollectorTests {
    static func collect(_ offsets: [Int], limit: Int) -> DiagnosticCollector {
        var collector = DiagnosticCollector(limit: limit)
        for offset in offsets {
            collector.add(.headerMissingColon, offset: offset, line: 1, column: offset + 1, part: nil, "at \(offset)")
        }
        return collector
    }

    @Test func anEarlierFindingFoundPastTheLimitTakesTheLatestSlot() {
        let collector = Self.collect([10, 20, 5, 30, 15], limit: 2)
        let report = collector.finished()
        #expect(report.diagnostics.map(\.offset) == [5, 10, 15])
        #expect(report.diagnostics.map(\.rule) == [.headerMissingColon, .headerMissingColon, .limitDiagnostics])
        #expect(report.diagnostics.last?.message == "3 more findings dropped after the first 2")
        #expect(report.counts[.error] == 5 && report.counts[.note] == 1)
        #expect(collector.found.map(\.offset) == [10, 20])
    }

    @Test func everyOrderListsTheSameFindings() {
        let offsets = [40, 3, 17, 3, 99, 0, 58, 21, 17, 8]
        var generator = SeededGenerator(seed: 48, "collector orders")
        for limit in 0...offsets.count {
            let expected = Array(offsets.sorted().prefix(limit))
            for _ in 0..<20 {
                let report = Self.collect(offsets.shuffled(using: &generator), limit: limit).finished()
                let listed = report.diagnostics.filter { $0.rule != .limitDiagnostics }
                #expect(listed.map(\.offset) == expected)
                let note = report.diagnostics.first { $0.rule == .limitDiagnostics }
                #expect(note?.offset == (limit < offsets.count ? offsets.sorted()[limit] : nil))
            }
        }
    }
}
