import MultipartFormCLI
import MultipartFormConformanceCore
import MultipartFormSystem

/// `multipart-check bench`: generates the bench bodies, times every operation and its floors, and reports.
struct BenchCommand: ExtensionCommand {
    /// Runs per measurement unless `--runs` says otherwise.
    static let defaultRuns = 5

    /// The cases to measure, in ``BenchCase/Name`` order.
    var cases: [BenchCase.Name] = BenchCase.Name.allCases
    /// Runs per measurement.
    var runs = defaultRuns
    /// The size factor applied to every body.
    var scale = 1.0
    /// Whether to print JSON instead of the table.
    var json = false
    /// Whether to measure in this process rather than in one child process per run.
    var inProcess = false
    /// Whether to leave the generated bodies in place.
    var keepBodies = false

    /// Measures every case and prints the results; returns the exit status.
    func run(stdout: inout some TextOutputStream, stderr: inout some TextOutputStream) -> Int32 {
        var isolation = BenchReport.Isolation.inProcess
        var executable: String? = nil
        if !inProcess {
            if let path = ChildProcess.currentExecutable(),
                path.split(separator: "/").last.map(String.init) == MultipartCheck.commandName
            {
                executable = path
                isolation = .process
            } else {
                stderr.write("note: not running as the \(MultipartCheck.commandName) executable; measuring in process, without peak RSS\n")
            }
        }
        #if DEBUG
        stderr.write("note: this is a debug build; build with 'swift build -c release' for representative figures\n")
        #endif
        let directory: String
        do {
            directory = try Self.makeTemporaryDirectory()
        } catch {
            stderr.write("error: \(error.message)\n")
            return ExitCode.failure
        }
        defer { if !keepBodies { Self.removeTree(directory) } }
        var report = BenchReport(runs: runs, scale: scale, isolation: isolation, machine: BenchMachine.current())
        if !json { stdout.write(report.renderedHeader()) }
        do {
            for name in cases {
                let result = try measure(name, in: directory, executable: executable)
                report.cases.append(result)
                if !json { stdout.write(report.renderedRows(of: result)) }
            }
        } catch {
            stderr.write("error: \(error.message)\n")
            return ExitCode.failure
        }
        if json {
            stdout.write(report.json().rendered() + "\n")
        } else {
            stdout.write(report.renderedFooter())
        }
        if keepBodies { stderr.write("note: the bodies are in '\(directory)'\n") }
        return ExitCode.success
    }

    /// Writes one case's files, then times its operations in interleaved rounds.
    ///
    /// Rounds alternate between the forward and the reverse order, so no operation always runs
    /// right after the same one (decode, which holds a whole file part in
    /// memory, would otherwise always precede encode). For chunked, each round also takes
    /// ``linearityPairs`` pairs of validate runs, on the body and on a body a quarter the size, so
    /// both sides of the linearity figure see the same moments of a noisy machine.
    func measure(_ name: BenchCase.Name, in directory: String, executable: String?) throws(BenchError) -> BenchReport.Case {
        let plan = try Self.prepare(name, scale: scale, in: directory + "/" + name.rawValue)
        let quarter =
            name == .chunked
            ? try Self.prepare(name, scale: scale / 4, in: directory + "/" + name.rawValue + "-quarter") : nil
        var samples: [BenchOperation: [BenchSample]] = [:]
        var linearitySamples: (full: [BenchSample], quarter: [BenchSample]) = ([], [])
        for round in 0..<runs {
            for operation in Self.order(ofRound: round) {
                let sample = try self.sample(operation, plan, executable: executable)
                try Self.check(sample, of: operation, on: plan, size: plan.bodySize)
                samples[operation, default: []].append(sample)
            }
            if let quarter {
                for _ in 0..<Self.linearityPairs {
                    let full = try self.sample(.validate, plan, executable: executable)
                    try Self.check(full, of: .validate, on: plan, size: plan.bodySize)
                    linearitySamples.full.append(full)
                    let small = try self.sample(.validate, quarter, executable: executable)
                    try Self.check(small, of: .validate, on: quarter, size: quarter.bodySize)
                    linearitySamples.quarter.append(small)
                }
            }
        }
        var result = BenchReport.Case(plan: plan)
        for operation in BenchOperation.allCases {
            result.results.append(BenchReport.Result(operation: operation, floor: operation.floor(on: name), samples: samples[operation] ?? []))
        }
        if quarter != nil {
            result.linearity = BenchReport.Linearity(
                full: BenchReport.Result(operation: .validate, floor: nil, samples: linearitySamples.full),
                quarter: BenchReport.Result(operation: .validate, floor: nil, samples: linearitySamples.quarter))
        }
        return result
    }

    /// Pairs of validate runs (body, quarter body) per round for the chunked linearity figure: with
    /// several, a quiet moment is likely to fall on both sides even when noise lasts whole runs.
    static let linearityPairs = 3

    /// The operations of round `round` (counted from 0): all of them, in reverse order in odd rounds.
    static func order(ofRound round: Int) -> [BenchOperation] {
        round.isMultiple(of: 2) ? BenchOperation.allCases : BenchOperation.allCases.reversed()
    }

    /// One run of `operation`: in a child process when `executable` is given, else here.
    func sample(_ operation: BenchOperation, _ plan: BenchCase, executable: String?) throws(BenchError) -> BenchSample {
        guard let executable else { return try operation.measure(plan) }
        let outcome: ChildProcess.Outcome
        do {
            // No deadline: a run takes as long as the body; its standard error reaches the user.
            outcome = try ChildProcess.run(
                [executable] + BenchWorker.arguments(operation, plan), timeout: nil, inheritsStandardError: true)
        } catch {
            throw BenchError(error.description)
        }
        let text = String(decoding: outcome.standardOutput, as: UTF8.self)
        guard outcome.termination == .exited(0),
            var sample = BenchSample(line: String(text.split(separator: "\n").last ?? ""))
        else {
            throw BenchError("\(operation.rawValue) on \(plan.name.rawValue): the worker process failed")
        }
        if sample.peakResidentBytes == nil { sample.peakResidentBytes = outcome.peakResidentBytes }
        return sample
    }

    /// Plans a case and writes its files into a new directory.
    static func prepare(_ name: BenchCase.Name, scale: Double, in directory: String) throws(BenchError) -> BenchCase {
        guard SystemCalls.makeDirectory(directory) else { throw BenchError(systemCall: "create directory", path: directory) }
        let plan = BenchCase(name, scale: scale, directory: directory)
        try plan.write()
        return plan
    }

    /// Refuses a run that measured something other than intended: a wrong size, lost parts, an error.
    static func check(
        _ sample: BenchSample, of operation: BenchOperation, on plan: BenchCase, size: Int
    ) throws(BenchError) {
        let what = "\(operation.rawValue) on \(plan.name.rawValue)"
        guard sample.bytes == size else {
            throw BenchError("\(what): \(sample.bytes) bytes instead of the body's \(size)")
        }
        switch operation {
        case .memchr:
            break
        case .delimiter:
            guard sample.found == plan.delimitersAfterFirst else {
                throw BenchError("\(what): found \(sample.found ?? 0) delimiters instead of \(plan.delimitersAfterFirst)")
            }
        case .copy, .encode:
            guard sample.found == size else { throw BenchError("\(what): writing to /dev/null failed") }
        case .validate, .decode:
            guard sample.parts == plan.partCount, sample.errors == 0, sample.warnings == 0 else {
                throw BenchError(
                    "\(what): \(sample.parts ?? 0) parts, \(sample.errors ?? 0) errors and \(sample.warnings ?? 0) warnings; expected \(plan.partCount) parts and no finding")
            }
            if operation == .decode && sample.found != plan.partCount {
                throw BenchError("\(what): \(sample.found ?? 0) parts materialised instead of \(plan.partCount)")
            }
        }
    }

    // MARK: The temporary directory

    static func makeTemporaryDirectory() throws(BenchError) -> String {
        let made = FileSystem.makeTemporaryDirectory(prefix: "multipart-check-bench")
        guard let path = made.path else { throw BenchError(systemCall: "create directory", path: made.parent) }
        return path
    }

    /// Removes a directory the bench made, with everything in it.
    static func removeTree(_ path: String) {
        FileSystem.removeTree(path)
    }
}
