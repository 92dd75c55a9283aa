import MultipartFormSystem

#if os(macOS) || os(Linux)
import MultipartFormConformanceCore

/// Real parsers' readings of a body `serve` validated, as `compare` shows them: after each request
/// for the parsers `--parser` names, and for every installed parser when the live page asks
/// (`GET /_/compare/N`). The parsers are `compare`'s (the drivers `Interop/setup.sh` installed, run
/// through the decoder process contract), looked for once, when first needed.
final class ServeComparison: Sendable {
    /// Why no comparison could be made.
    struct UnavailableError: Error {
        var message: String
        /// The exit status when `serve` cannot start for it: 64 for an unknown parser, else 69.
        var exitCode = ExitCode.unavailable
    }

    /// Seconds one parser may take for a body: less than `compare`'s, since a request waits on it.
    static let timeout = 10.0

    /// The `Interop` directory the parsers are looked for in.
    let directory: String
    private let shared = LockedValue(Shared())

    private struct Shared {
        /// The listing, the installed parsers' version lines and why the others are not installed, once read.
        var found: (parsers: [InteropParser], versions: [String: String], reasons: [String: String])?
        /// Whether the page's comparison is running: one at a time, since each runs every parser.
        var pageComparisonRunning = false
    }

    /// Looks for parsers in `--interop`'s directory, else where `compare` looks.
    init(interopOption: String?) {
        directory = CompareCommand.interopDirectory(option: interopOption)
    }

    /// The listing, which of its parsers are installed and why the others are not, read on the first call.
    func installed() throws(UnavailableError) -> (parsers: [InteropParser], versions: [String: String], reasons: [String: String]) {
        if let found = shared.withLock({ $0.found }) { return found }
        let parsers: [InteropParser]
        do {
            parsers = try InteropParser.listing(in: directory)
        } catch {
            throw UnavailableError(
                message:
                    "cannot read the parser list '\(FileSystem.join(directory, InteropParser.listingName))': \(CompareCommand.listingFailure(error)); \(CompareCommand.installAdvice)")
        }
        // Version commands, too, are ended with what they leave; no output belongs to this look-up,
        // so there is no note.
        let installations = LeftoverChildren.cleaningUpScope { CompareCommand.installations(parsers) }.result
        let reasons = installations.compactMapValues { installation -> String? in
            if case .notInstalled(let reason) = installation { reason } else { nil }
        }
        let found = (parsers, installations.compactMapValues(\.version), reasons)
        shared.withLock { $0.found = found }
        return found
    }

    /// Checks `--parser`'s ids at start: each must be listed and installed.
    func check(_ ids: [String]) throws(UnavailableError) {
        let (parsers, versions, reasons) = try installed()
        for id in ids {
            guard parsers.contains(where: { $0.id == id }) else {
                throw UnavailableError(
                    message: "--parser: unknown parser '\(id)'.\(Suggestion.didYouMean(id, among: parsers.map(\.id)))", exitCode: ExitCode.usage)
            }
            guard versions[id] != nil else {
                let reason = reasons[id].map { " (\($0))" } ?? ""
                throw UnavailableError(message: "--parser: '\(id)' is not installed in '\(directory)'\(reason); \(CompareCommand.installAdvice)")
            }
        }
    }

    /// What the parsers `ids` (every installed one when empty) make of the body.
    ///
    /// What the drivers leave running outside their process groups is killed when the comparison
    /// ends, while `serve` goes on (``LeftoverChildren/cleaningUpScope(_:)``), and a note says so.
    func compare(label: String, body: [UInt8], contentType: String, ids: [String]) throws(UnavailableError) -> BodyComparison {
        let (parsers, versions, _) = try installed()
        let chosen = parsers.filter { versions[$0.id] != nil && (ids.isEmpty || ids.contains($0.id)) }
        guard !chosen.isEmpty else { throw UnavailableError(message: "no parser is installed in '\(directory)'; \(CompareCommand.installAdvice)") }
        let input = CompareInput(label: label, contentType: contentType, body: body)
        let (readings, note) = LeftoverChildren.cleaningUpScope {
            CompareCommand.readings(of: input, by: chosen, versions: versions, timeout: Self.timeout).readings
        }
        var comparison = BodyComparison(label: label, contentType: contentType, body: body, readings: readings)
        if let note { comparison.notes.append(note) }
        return comparison
    }

    /// The page's comparison of a kept request with every installed parser, as `compare` prints it
    /// without the findings (the page shows those); refused while another one runs.
    func pageComparison(label: String, body: [UInt8], contentType: String) throws(UnavailableError) -> String {
        let started = shared.withLock { shared -> Bool in
            guard !shared.pageComparisonRunning else { return false }
            shared.pageComparisonRunning = true
            return true
        }
        guard started else { throw UnavailableError(message: "another comparison is running; try again when it ends") }
        defer { shared.withLock { $0.pageComparisonRunning = false } }
        let comparison = try compare(label: label, body: body, contentType: contentType, ids: [])
        return ComparisonRenderer.text(comparison, findings: false)
    }
}
#endif
