import MultipartFormSystem

#if os(macOS) || os(Linux)
import Dispatch
import MultipartForm
import MultipartFormConformanceCore

/// `multipart-check compare FILE`: the body through every real parser `Interop/setup.sh` installed,
/// each reading shown beside the validator's, then the validator's findings.
///
/// The parsers are the drivers of `Interop/parsers.tsv`, run through the decoder process contract
/// as `certify --decoder` runs them; nothing of `Interop/` is needed unless `compare` runs.
struct CompareCommand {
    /// The environment variable naming the `Interop` directory when `--interop` is not given.
    static let interopVariable = "MULTIPART_CHECK_INTEROP"
    /// Seconds one parser may take for the body, by default.
    static let defaultTimeout = 30.0
    /// How many parsers run at once.
    static let jobs = 4
    /// The largest input read, in bytes: `compare` holds the body in memory and sends it to every parser.
    static let maxInputSize = 64 * 1024 * 1024

    /// The input file (`-` for standard input).
    var path: String
    /// The Content-Type value for a raw body, or `nil` to take it from the capture or infer it.
    var contentType: String?
    /// What the input holds.
    var inputFormat: InputFormat = .auto
    /// The parsers to run, by id; empty runs every installed one.
    var parserIDs: [String] = []
    /// The firewall configurations to send each body to (`--firewall`), by id; `all` names every
    /// one that can run here. Empty sends it to none.
    var firewallIDs: [String] = []
    /// The `Interop` directory given with `--interop`.
    var interopOption: String?
    /// The options `validate` and `serve` share: the output format and colour.
    var shared = ValidationOptionGroup()
    /// The output format.
    var format: ValidationOptionGroup.Format { shared.format }
    /// Seconds each parser may take.
    var timeout = defaultTimeout
    /// Seconds the whole comparison may take, by default: an hour, as `certify --deadline`.
    static let defaultDeadline = 3600.0
    /// Seconds the whole comparison may take (`--deadline`): a HAR file of many entries, each run
    /// through every parser with its own time-out, could otherwise take hours. Parsers still running
    /// then are killed, and the bodies not compared by then are listed as skipped.
    var deadline = defaultDeadline

    /// The `Interop` directory: `--interop`, else `$MULTIPART_CHECK_INTEROP`, else `Interop` in the
    /// current directory, else the one beside the corpus the command reads (the package checkout's).
    static func interopDirectory(option: String?) -> String {
        if let option { return option }
        if let variable = FileSystem.environment(interopVariable), !variable.isEmpty { return variable }
        if FileSystem.exists(FileSystem.join("Interop", InteropParser.listingName)) { return "Interop" }
        // Beside the corpus: its parent's Interop, named without a `..` step.
        let corpus = CorpusLocation.directory(option: nil)
        let components = corpus.split(separator: "/", omittingEmptySubsequences: false)
        guard let last = components.last, last != "..", last != ".", !last.isEmpty else {
            return FileSystem.join(corpus, "..", "Interop")
        }
        let parent = components.dropLast().joined(separator: "/")
        return components.count == 1 ? "Interop" : FileSystem.join(parent.isEmpty ? "/" : parent, "Interop")
    }

    /// Runs the comparison and returns the exit status: 0 when every parser read each body as the
    /// validator does, 1 when some read it otherwise, 64 for an unknown parser, 66 for an unreadable
    /// input, 69 when no parser is installed, 75 when the deadline passed before every body was
    /// compared (what was compared is still shown).
    func run(
        standardInput: StandardInput, stdout: inout some TextOutputStream, stderr: inout some TextOutputStream,
        stdoutIsTerminal: Bool = false
    ) -> Int32 {
        let directory = Self.interopDirectory(option: interopOption)
        let listing: [InteropParser]
        do {
            listing = try InteropParser.listing(in: directory)
        } catch {
            stderr.write(
                "error: cannot read the parser list '\(VisibleBytes.escape(FileSystem.join(directory, InteropParser.listingName)))': \(VisibleBytes.escape(Self.listingFailure(error)))\n")
            stderr.write("note: \(Self.installAdvice)\n")
            return ExitCode.unavailable
        }
        // A receiver named is compared too: `--receiver laravel` runs the php row.
        var parserIDs = parserIDs
        for receiver in shared.receivers where !parserIDs.isEmpty && !parserIDs.contains(receiver.id) {
            parserIDs.append(receiver.id)
        }
        if parserIDs.isEmpty { parserIDs = shared.receivers.map(\.id) }
        for id in parserIDs where !listing.contains(where: { $0.id == id }) {
            let suggestion = Suggestion.didYouMean(id, among: listing.map(\.id))
            stderr.write(UsageError("Unknown parser '\(id)'.\(suggestion)", command: CommandSpec.compare).rendered())
            return ExitCode.usage
        }
        let selected = parserIDs.isEmpty ? listing : listing.filter { parserIDs.contains($0.id) }

        let inputs: [CompareInput]
        do {
            inputs = try CompareInput.read(path: path, standardInput: standardInput, format: inputFormat, contentType: contentType)
        } catch {
            stderr.write("error: cannot read '\(path == "-" ? "<stdin>" : VisibleBytes.escape(path))': \(VisibleBytes.escape(error.message))\n")
            return error.isUnreadable ? ExitCode.noInput : ExitCode.failure
        }

        let installations = Self.installations(selected)
        let installed = installations.compactMapValues(\.version)
        let notInstalled = selected.filter { installed[$0.id] == nil }.map(\.id)
        guard notInstalled.count < selected.count else {
            stderr.write(
                "error: no parser is installed in '\(VisibleBytes.escape(directory))'\(parserIDs.isEmpty ? "" : " among those asked for")\n")
            // Why each one asked for is not; without --parser, every row of the listing would be named.
            for id in notInstalled where parserIDs.contains(id) {
                if case .notInstalled(let reason) = installations[id] { stderr.write("note: \(Self.notInstalledNote(id, reason: reason))\n") }
            }
            stderr.write("note: \(Self.installAdvice)\n")
            return ExitCode.unavailable
        }
        // With some installed, the others are worth a line each: a half-built one (a Java row whose
        // classes were never compiled) would otherwise pass unnoticed.
        for id in notInstalled {
            if case .notInstalled(let reason) = installations[id] { stderr.write("note: \(Self.notInstalledNote(id, reason: reason))\n") }
        }
        let firewalls: [String]
        switch Self.firewalls(firewallIDs, interop: directory) {
        case .success(let chosen):
            firewalls = chosen.ids
            for note in chosen.notes { stderr.write("note: \(note)\n") }
        case .failure(let problem):
            stderr.write(problem.usage ? UsageError(problem.message, command: CommandSpec.compare).rendered() : "error: \(problem.message)\n")
            return problem.usage ? ExitCode.usage : ExitCode.unavailable
        }
        let style = TerminalStyle.resolve(shared.color, outputIsTerminal: stdoutIsTerminal)
        let until = ContinuousClock.now + ChildProcess.allowed(seconds: deadline)
        var comparisons: [BodyComparison] = []
        var skipped: [String] = []
        for input in inputs {
            guard skipped.isEmpty, ContinuousClock.now < until else {
                skipped.append(input.label)
                continue
            }
            let run = Self.readings(
                of: input, by: selected.filter { installed[$0.id] != nil }, versions: installed, timeout: timeout, until: until)
            // A body some parser could not finish by the deadline has no whole comparison to show.
            if run.cutShort {
                skipped.append(input.label)
                continue
            }
            var comparison = BodyComparison(
                label: input.label, contentType: input.contentType, body: input.body, readings: run.readings,
                options: shared.validationOptions(collectingParts: true))
            comparison.notes = input.notes
            comparison.firewalls = Self.answers(of: firewalls, to: input, interop: directory, timeout: max(timeout, FirewallAnswer.minimumTimeout))
            // The validator's findings as the receivers named read them; the parts and readings stay.
            comparison.report = shared.readByReceivers(comparison.report) { Array(input.body[$0.bodyRange]) }.report
            comparisons.append(comparison)
        }
        let stop = skipped.isEmpty ? nil : DeadlineStop(seconds: deadline, compared: comparisons.count, skipped: skipped)
        switch format {
        case .text:
            var header = "Compared with \(TextReportRenderer.count(installed.count, "parser")) installed in \(VisibleBytes.escape(directory))"
            if !notInstalled.isEmpty { header += "; not installed: " + notInstalled.joined(separator: ", ") }
            stdout.write(header + "\n\n")
            stdout.write(comparisons.map { ComparisonRenderer.text($0, style: style) }.joined(separator: "\n"))
            if let stop { stdout.write((comparisons.isEmpty ? "" : "\n") + stop.text) }
        case .json:
            stdout.write(ComparisonRenderer.json(comparisons, interopDirectory: directory, notInstalled: notInstalled, deadlineStop: stop))
        }
        if let stop {
            stderr.write("error: \(stop.summary)\n")
            return ExitCode.deadlinePassed
        }
        return comparisons.allSatisfy(\.agrees) ? ExitCode.success : ExitCode.failure
    }

    /// What `compare` did and skipped when its deadline passed before every body was compared.
    struct DeadlineStop {
        /// The deadline, in seconds.
        var seconds: Double
        /// How many bodies were compared.
        var compared: Int
        /// The labels of the bodies not compared (never started, or cut short by the deadline).
        var skipped: [String]

        /// The most skipped labels the text output lists.
        static let listed = 20

        /// The error line: what happened, and what to do about it.
        var summary: String {
            let total = compared + skipped.count
            return "the --deadline of \(Self.seconds(seconds)) passed after \(compared) of \(Self.bodies(total)) "
                + "\(compared == 1 ? "was" : "were") compared; \(skipped.count) \(skipped.count == 1 ? "was" : "were") not. "
                + "Give --deadline more seconds, choose fewer parsers with --parser, or lower --timeout"
        }

        /// The text report's last section: the summary and the bodies not compared.
        var text: String {
            var out = "Stopped at the --deadline (\(Self.seconds(seconds))): \(compared) of \(Self.bodies(compared + skipped.count)) compared.\n"
            out += "Not compared (\(skipped.count)): "
            out += skipped.prefix(Self.listed).map(VisibleBytes.escape).joined(separator: ", ")
            if skipped.count > Self.listed { out += ", and \(skipped.count - Self.listed) more" }
            return out + "\n"
        }

        private static func seconds(_ value: Double) -> String {
            value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
        }

        private static func bodies(_ count: Int) -> String {
            "\(count) \(count == 1 ? "body" : "bodies")"
        }
    }

    /// Why the parser list could not be read, after its path: a file error's reason alone (its own
    /// description names the path again), a malformed line as `parsers.tsv:3: …`.
    static func listingFailure(_ error: any Error) -> String {
        (error as? FileSystem.Error)?.reason ?? "\(error)"
    }

    /// The firewall configurations chosen, and notes on those named that cannot run here.
    struct ChosenFirewalls {
        var ids: [String]
        var notes: [String]
    }

    /// Why `--firewall` cannot be followed: a usage error (an unknown id), or the tool unavailable.
    struct FirewallChoiceError: Error {
        var message: String
        var usage: Bool
    }

    /// The configurations `ids` name (`all`: every one that can run here), checked against the
    /// atlas's tool in `directory`.
    static func firewalls(_ ids: [String], interop directory: String) -> Result<ChosenFirewalls, FirewallChoiceError> {
        guard !ids.isEmpty else { return .success(ChosenFirewalls(ids: [], notes: [])) }
        let known: [FirewallAnswer.Configuration]
        do {
            known = try FirewallAnswer.configurations(interop: directory)
        } catch {
            return .failure(FirewallChoiceError(message: "cannot list the firewalls: \(error.message)", usage: false))
        }
        var chosen: [String] = [], notes: [String] = []
        for id in ids {
            guard id == "all" || known.contains(where: { $0.id == id }) else {
                let suggestion = Suggestion.didYouMean(id, among: known.map(\.id) + ["all"])
                return .failure(FirewallChoiceError(message: "Unknown firewall '\(VisibleBytes.escape(id))'.\(suggestion)", usage: true))
            }
        }
        for configuration in known where ids.contains("all") || ids.contains(configuration.id) {
            if let missing = configuration.missing {
                notes.append("firewall '\(configuration.id)' cannot run here: \(missing)")
            } else if !chosen.contains(configuration.id) {
                chosen.append(configuration.id)
            }
        }
        guard !chosen.isEmpty else {
            return .failure(FirewallChoiceError(message: "none of the firewalls asked for can run here: " + notes.joined(separator: "; "), usage: false))
        }
        return .success(ChosenFirewalls(ids: chosen, notes: notes))
    }

    /// What each firewall answered to the input's body, in the order given, asked on several threads.
    static func answers(of ids: [String], to input: CompareInput, interop directory: String, timeout: Double) -> [FirewallAnswer] {
        let results = Results<FirewallAnswer>(count: ids.count)
        runConcurrently(ids.count) { index in
            results.store(
                FirewallAnswer.ask(ids[index], interop: directory, body: input.body, contentType: input.contentType, timeout: timeout),
                at: index)
        }
        return zip(ids, results.values).map { id, answer in
            answer ?? FirewallAnswer(id: id, version: "unknown", outcome: .failed("it was not asked"))
        }
    }

    /// What to do when no parser is found.
    static let installAdvice =
        "compare runs the parsers Interop/setup.sh installs (see Interop/parsers.tsv): run it once in a checkout of "
        + "this package, then point --interop DIR (or \(interopVariable)) at that checkout's Interop directory"

    /// Whether each parser is installed (its version line) or not (why), by id, checked on several threads.
    static func installations(_ parsers: [InteropParser]) -> [String: InteropParser.Installation] {
        let results = Results<InteropParser.Installation>(count: parsers.count)
        runConcurrently(parsers.count) { index in results.store(parsers[index].installation(), at: index) }
        var installations: [String: InteropParser.Installation] = [:]
        for (parser, installation) in zip(parsers, results.values) {
            installations[parser.id] = installation ?? .notInstalled(reason: "it was not checked")
        }
        return installations
    }

    /// `'tomcat' is not installed: its main class 'TomcatPartsDriver' is not built: …`, the note for
    /// a parser that is not installed.
    static func notInstalledNote(_ id: String, reason: String) -> String {
        "'\(VisibleBytes.escape(id))' is not installed: \(VisibleBytes.escape(reason))"
    }

    /// What each parser made of the input's body, in listing order, normalised against the validator's
    /// reading, and whether the deadline `until` kept a parser from answering (`cutShort`): killed
    /// at it, or not started because it had passed.
    static func readings(
        of input: CompareInput, by parsers: [InteropParser], versions: [String: String], timeout: Double,
        until deadline: ContinuousClock.Instant? = nil
    ) -> (readings: [ParserReading], cutShort: Bool) {
        let baseline = BodyComparison(label: input.label, contentType: input.contentType, body: input.body, readings: []).baseline
        let results = Results<ParserReading.Outcome>(count: parsers.count)
        let cut = Results<Bool>(count: 1)
        runConcurrently(parsers.count) { index in
            let parser = parsers[index]
            let outcome: ParserReading.Outcome
            var adapter = parser.adapter(timeout: timeout)
            adapter.deadline = deadline
            do {
                let parts = try adapter.decode(body: input.body, contentType: input.contentType)
                outcome = .parts(ParserReading.normalised(parts, notReported: parser.notReported, baseline: baseline))
            } catch let error as ProcessAdapterError where error.code == .refused {
                let prefix = "the decoder rejected the body: "
                outcome = .rejected(error.message.hasPrefix(prefix) ? String(error.message.dropFirst(prefix.count)) : error.message)
            } catch {
                if let error = error as? ProcessAdapterError, let deadline,
                    error.code == .notRun || (error.code == .timedOut && ContinuousClock.now >= deadline)
                {
                    cut.store(true, at: 0)
                }
                outcome = .noAnswer("\(error)")
            }
            results.store(outcome, at: index)
        }
        let readings = zip(parsers, results.values).map { parser, outcome in
            ParserReading(
                id: parser.id, version: versions[parser.id] ?? "unknown", outcome: outcome ?? .noAnswer("not run"),
                conventions: parser.conventions)
        }
        return (readings, cut.values[0] ?? false)
    }

    /// Runs `work` for each index on ``jobs`` threads and waits: each job spends its time blocked on
    /// a child. The threads spawn in the caller's scope (`serve`'s comparisons have one each).
    private static func runConcurrently(_ count: Int, _ work: @escaping @Sendable (Int) -> Void) {
        let next = Results<Int>(count: 1)
        next.store(0, at: 0)
        let group = DispatchGroup()
        let scope = ChildProcessDescendants.currentScope
        for job in 0..<max(1, min(jobs, count)) {
            DispatchQueue(label: "compare.job.\(job)").async(group: group) {
                ChildProcessDescendants.withScope(scope) {
                    while let index = next.takeNext(below: count) { work(index) }
                }
            }
        }
        group.wait()
    }
}

/// Values stored from several threads, each at its own index, behind a lock.
private final class Results<Value>: @unchecked Sendable {
    private let lock = DispatchQueue(label: "compare.results")
    private var stored: [Value?]

    init(count: Int) { stored = Array(repeating: nil, count: count) }

    func store(_ value: Value, at index: Int) { lock.sync { stored[index] = value } }

    var values: [Value?] { lock.sync { stored } }
}

extension Results where Value == Int {
    /// Hands out 0, 1, 2, … up to `count`, once each.
    func takeNext(below count: Int) -> Int? {
        lock.sync {
            let next = stored[0] ?? 0
            guard next < count else { return nil }
            stored[0] = next + 1
            return next
        }
    }
}
#endif
