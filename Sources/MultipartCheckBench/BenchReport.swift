import MultipartFormCLI
import MultipartFormConformanceCore

/// The results of a bench run: per case, every operation's samples, medians and ratios to floors.
struct BenchReport {
    /// Where the runs happened.
    enum Isolation: String {
        /// Each run in a child process of its own, with its peak RSS.
        case process
        /// Every run in the bench's own process; no peak RSS.
        case inProcess = "in-process"
    }

    /// One operation's runs on one case.
    struct Result {
        var operation: BenchOperation
        /// The floor it is compared with, `nil` for a floor.
        var floor: BenchOperation?
        var samples: [BenchSample]

        /// Bytes of body each run handled.
        var bytes: Int { samples.first?.bytes ?? 0 }

        /// The median of the runs' times, in nanoseconds.
        var medianNanoseconds: Double {
            let sorted = samples.map(\.nanoseconds).sorted()
            guard !sorted.isEmpty else { return .nan }
            let middle = sorted.count / 2
            if sorted.count % 2 == 1 { return Double(sorted[middle]) }
            return (Double(sorted[middle - 1]) + Double(sorted[middle])) / 2
        }

        /// The fastest run's time, in nanoseconds.
        var fastestNanoseconds: Double { samples.map { Double($0.nanoseconds) }.min() ?? .nan }

        /// 10^6 bytes per second at the median time.
        var megabytesPerSecond: Double { Double(bytes) * 1_000 / medianNanoseconds }

        /// The largest peak RSS of the runs, when they had processes of their own.
        var peakResidentBytes: Int? { samples.compactMap(\.peakResidentBytes).max() }
    }

    /// How the cost per byte of 1-byte feeding grows with the body: full body against a quarter of it.
    ///
    /// Both sides are validate runs of their own, taken in alternating pairs, and each side's cost
    /// is its fastest run: a noisy machine only ever adds time, and a cost that grows with the body
    /// shows in every run, the fastest included.
    struct Linearity {
        var full: Result
        var quarter: Result

        var nanosecondsPerByte: Double { full.fastestNanoseconds / Double(full.bytes) }
        var quarterNanosecondsPerByte: Double { quarter.fastestNanoseconds / Double(quarter.bytes) }
        /// 1 when the cost per byte does not grow with the body.
        var ratio: Double { nanosecondsPerByte / quarterNanosecondsPerByte }
    }

    /// One case's results.
    struct Case {
        var plan: BenchCase
        var results: [Result] = []
        var linearity: Linearity?
        /// The body's size in bytes.
        var bytes: Int

        init(plan: BenchCase) {
            self.plan = plan
            bytes = plan.bodySize
        }

        /// The result's MB/s over its floor's MB/s, `nil` for a floor.
        func ratio(of result: Result) -> Double? {
            guard let floor = result.floor, let base = results.first(where: { $0.operation == floor }) else { return nil }
            return result.megabytesPerSecond / base.megabytesPerSecond
        }
    }

    var runs: Int
    var scale: Double
    var isolation: Isolation
    var machine: BenchMachine
    var cases: [Case] = []

    // MARK: Text

    static let columns = [13, 11, 10, 10, 7, 11, 10]

    /// The lines before the table, and the table's header.
    func renderedHeader() -> String {
        let runsText = "median of \(runs) run\(runs == 1 ? "" : "s")"
        let placement = isolation == .process ? "each run in a process of its own" : "in process (no peak RSS)"
        var text = "multipart-check bench: \(runsText), \(placement), scale \(BenchFormat.number(scale))\n"
        text += "machine: \(machine.description)\n"
        text += "MB/s: 10^6 bytes of body per second; ratio: MB/s over the floor's MB/s in this run\n\n"
        text += row(["case", "size", "operation", "MB/s", "ratio", "floor", "peak RSS"]) + "\n"
        return text
    }

    /// The table rows of one case.
    func renderedRows(of result: Case) -> String {
        var lines: [String] = []
        for (index, item) in result.results.enumerated() {
            let first = index == 0
            let ratio = result.ratio(of: item).map { BenchFormat.fixed($0, 2) } ?? ""
            lines.append(
                row([
                    first ? result.plan.name.rawValue : "", first ? BenchFormat.megabytes(result.bytes) : "",
                    item.operation.rawValue, BenchFormat.fixed(item.megabytesPerSecond, 1), ratio,
                    item.floor?.rawValue ?? "(floor)", item.peakResidentBytes.map(BenchFormat.binarySize) ?? "-",
                ]))
        }
        if let linearity = result.linearity {
            let indent = String(repeating: " ", count: Self.columns[0] + Self.columns[1])
            lines.append(
                indent + "linearity \(BenchFormat.fixed(linearity.ratio, 2)) (1 is linear; fastest of "
                    + "\(linearity.full.samples.count) runs each): validate "
                    + "\(BenchFormat.fixed(linearity.nanosecondsPerByte, 1)) ns/byte on "
                    + "\(BenchFormat.megabytes(linearity.full.bytes)), "
                    + "\(BenchFormat.fixed(linearity.quarterNanosecondsPerByte, 1)) ns/byte on "
                    + "\(BenchFormat.megabytes(linearity.quarter.bytes))")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// What follows the table.
    func renderedFooter() -> String { "" }

    private func row(_ cells: [String]) -> String {
        var line = ""
        for (index, cell) in cells.enumerated() {
            let width = Self.columns[index]
            let numeric = index == 3 || index == 4 || index == 6
            line += numeric ? BenchFormat.pad(cell, width, right: true) : BenchFormat.pad(cell, width)
            if numeric && index != cells.count - 1 { line += "  " }
        }
        while line.hasSuffix(" ") { line.removeLast() }
        return line
    }

    // MARK: JSON

    /// The report for machines: every sample time, medians, MB/s, ratios and peak RSS.
    func json() -> BenchJSON {
        .object([
            ("version", .integer(1)),
            ("runs", .integer(runs)),
            ("scale", .number(scale, decimals: 6)),
            ("isolation", .string(isolation.rawValue)),
            (
                "machine",
                .object([
                    ("system", .string(machine.system)),
                    ("processor", machine.processor.map(BenchJSON.string) ?? .null),
                    ("processors", .integer(machine.processors)),
                    ("memory_bytes", .integer(machine.memoryBytes)),
                ])
            ),
            ("cases", .array(cases.map(json(of:)))),
        ])
    }

    private func json(of result: Case) -> BenchJSON {
        var members: [(String, BenchJSON)] = [
            ("name", .string(result.plan.name.rawValue)),
            ("summary", .string(result.plan.name.summary)),
            ("bytes", .integer(result.bytes)),
            ("parts", .integer(result.plan.partCount)),
            ("feed_bytes", .integer(result.plan.feedSize)),
            (
                "results",
                .array(
                    result.results.map { item in
                        .object([
                            ("operation", .string(item.operation.rawValue)),
                            ("floor", item.floor.map { .string($0.rawValue) } ?? .null),
                            ("runs_ns", .array(item.samples.map { .integer($0.nanoseconds) })),
                            ("median_ns", .number(item.medianNanoseconds, decimals: 1)),
                            ("mb_per_s", .number(item.megabytesPerSecond, decimals: 3)),
                            ("ratio", result.ratio(of: item).map { .number($0, decimals: 4) } ?? .null),
                            ("peak_rss_bytes", item.peakResidentBytes.map(BenchJSON.integer) ?? .null),
                        ])
                    })
            ),
        ]
        if let linearity = result.linearity {
            members.append(
                (
                    "linearity",
                    .object([
                        ("operation", .string(linearity.full.operation.rawValue)),
                        ("estimator", .string("fastest")),
                        ("bytes", .integer(linearity.full.bytes)),
                        ("runs_ns", .array(linearity.full.samples.map { .integer($0.nanoseconds) })),
                        ("ns_per_byte", .number(linearity.nanosecondsPerByte, decimals: 3)),
                        ("quarter_bytes", .integer(linearity.quarter.bytes)),
                        ("quarter_runs_ns", .array(linearity.quarter.samples.map { .integer($0.nanoseconds) })),
                        ("quarter_ns_per_byte", .number(linearity.quarterNanosecondsPerByte, decimals: 3)),
                        ("ratio", .number(linearity.ratio, decimals: 4)),
                    ])
                ))
        }
        return .object(members)
    }
}

/// A JSON value for bench output: like the CLI's JSON values, plus numbers with a fraction.
indirect enum BenchJSON {
    case null
    case integer(Int)
    /// Rounded to `decimals` places, trailing zeros dropped.
    case number(Double, decimals: Int)
    case string(String)
    case array([BenchJSON])
    case object([(String, BenchJSON)])

    /// Pretty-printed with two-space indentation.
    func rendered(level: Int = 0) -> String {
        let indent = String(repeating: "  ", count: level + 1)
        let closing = String(repeating: "  ", count: level)
        switch self {
        case .null: return "null"
        case .integer(let value): return String(value)
        case .number(let value, let decimals):
            guard value.isFinite else { return "null" }
            var text = BenchFormat.fixed(value, decimals)
            if text.contains(".") {
                while text.hasSuffix("0") { text.removeLast() }
                if text.hasSuffix(".") { text.removeLast() }
            }
            return text
        case .string(let value): return JSONValue.quote(value)
        case .array(let items):
            if items.isEmpty { return "[]" }
            if items.allSatisfy({ if case .integer = $0 { return true } else { return false } }) {
                return "[" + items.map { $0.rendered() }.joined(separator: ", ") + "]"
            }
            return "[\n" + items.map { indent + $0.rendered(level: level + 1) }.joined(separator: ",\n") + "\n" + closing + "]"
        case .object(let members):
            if members.isEmpty { return "{}" }
            let inner = members.map { indent + JSONValue.quote($0.0) + ": " + $0.1.rendered(level: level + 1) }
            return "{\n" + inner.joined(separator: ",\n") + "\n" + closing + "}"
        }
    }
}
