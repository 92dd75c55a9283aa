import Dispatch
import MultipartForm
import MultipartFormConformanceCore
import MultipartFormSystem

/// The vectors of one `certify` run, graded on several threads, with an early stop for a command
/// that cannot work and, optionally, every answer kept on disk.
///
/// Verdicts come back in vector order whatever the number of jobs, so the report does not depend
/// on it. Each vector is graded by ``EncoderCertification/verdict(for:)`` or
/// ``DecoderCertification/verdict(for:)`` exactly as the Swift API grades it; only the adapter in
/// between is observed.
struct CertifyRun {
    /// The command's adapter, encoder or decoder, with its timeout, limits and known issues.
    enum Adapter {
        case encoder(ProcessEncoderAdapter)
        case decoder(ProcessDecoderAdapter)

        /// When the whole run ends, if it has an overall deadline.
        var deadline: ContinuousClock.Instant? {
            switch self {
            case .encoder(let encoder): encoder.deadline
            case .decoder(let decoder): decoder.deadline
            }
        }
    }

    var adapter: Adapter
    /// How many children run at once.
    var jobs: Int
    /// When the first this-many requests sent all end the same way (a time-out, a crash, a failure
    /// status, a malformed answer), the rest are not sent.
    var earlyStopCount = 3
    /// Where every answer is saved, or `nil`.
    var saveDirectory: String?
    /// The signal interrupting the process, if one is (``ChildProcessGroups/interruption``): its
    /// children then die of it, which says nothing about the command.
    var interruption: @Sendable () -> String? = { ChildProcessGroups.interruption }

    /// Grades every vector, then every probe (encoders only); returns the verdicts in that order, why
    /// the run stopped early if it did, the first answer that could not be saved, and the signal
    /// that interrupted it, if one did (then the verdicts grade killed children and mean nothing).
    func verdicts(
        for vectors: [ConformanceVector], probes: [EncoderProbe] = []
    ) -> (verdicts: [CertificationVerdict], stopped: String?, saveFailure: String?, interrupted: String?) {
        let ids = vectors.map(\.id) + probes.map(\.id)
        let state = RunState(count: ids.count, earlyStopCount: earlyStopCount, deadline: adapter.deadline, interruption: interruption)
        let group = DispatchGroup()
        // A serial queue a job: each job spends its time blocked on a child, and serial queues are
        // given a thread of their own when none is free, where one concurrent queue would share the
        // few threads there are cores for with the rest of the process and run fewer jobs than asked.
        // The jobs spawn in the caller's scope (``LeftoverChildren``'s, when called in-process).
        let scope = ChildProcessDescendants.currentScope
        for job in 0..<max(1, min(jobs, ids.count)) {
            DispatchQueue(label: "certify.job.\(job)").async(group: group) {
                ChildProcessDescendants.withScope(scope) {
                    while let index = state.nextIndex() {
                        let observer = AnswerObserver(state: state, vectorID: ids[index], saveDirectory: saveDirectory)
                        switch adapter {
                        case .encoder(let base):
                            let certification = EncoderCertification(ObservedEncoder(base: base, observer: observer))
                            state.store(
                                index < vectors.count
                                    ? certification.verdict(for: vectors[index]) : certification.verdict(for: probes[index - vectors.count]),
                                at: index)
                        case .decoder(let base):
                            state.store(DecoderCertification(ObservedDecoder(base: base, observer: observer)).verdict(for: vectors[index]), at: index)
                        }
                    }
                }
            }
        }
        group.wait()
        if let signal = interruption() { return (state.verdicts(), nil, state.saveFailure, signal) }
        return (state.verdicts(), state.stopReason, state.saveFailure, nil)
    }
}

/// The shared, lock-protected state of one run.
private final class RunState: @unchecked Sendable {
    private let lock = DispatchQueue(label: "certify.state")
    private var next = 0
    private var results: [CertificationVerdict?]
    /// How the first requests sent ended, in the order they ended (`nil`: an answer), up to the early-stop count.
    private var firstEndings: [ProcessAdapterError?] = []
    private let earlyStopCount: Int
    /// The run's overall deadline: requests that end once it has passed do not count for the early stop.
    private let deadline: ContinuousClock.Instant?
    /// The ending every one of the first requests had, once the run has stopped on it.
    private var stoppedOn: ProcessAdapterError?
    /// Requests the deadline killed, and ones it kept from being sent.
    private var killedAtTheDeadline = 0
    private var notSentForTheDeadline = 0
    private var firstSaveFailure: String?
    /// The signal interrupting the process, if one is.
    let interruption: @Sendable () -> String?

    init(count: Int, earlyStopCount: Int, deadline: ContinuousClock.Instant?, interruption: @escaping @Sendable () -> String?) {
        results = Array(repeating: nil, count: count)
        self.earlyStopCount = earlyStopCount
        self.deadline = deadline
        self.interruption = interruption
    }

    /// The next vector to grade, or `nil` when every one has been taken.
    func nextIndex() -> Int? {
        lock.sync {
            guard next < results.count else { return nil }
            defer { next += 1 }
            return next
        }
    }

    /// What every one of the first requests ended with, once the run has stopped on it.
    var stoppingEnding: ProcessAdapterError? { lock.sync { stoppedOn } }

    /// Why the run stopped early, in one sentence, once it has: its first requests all failed the
    /// same way, or its overall deadline passed before every request was answered.
    var stopReason: String? {
        lock.sync {
            if let ending = stoppedOn {
                return "the first \(earlyStopCount) requests all ended the same way (\(ending.code): \(ending.message)), so the remaining ones were not sent; fix the command and run again"
            }
            let missed = [(killedAtTheDeadline, "killed"), (notSentForTheDeadline, "not sent")].filter { $0.0 > 0 }
                .map { "\($0.0) \($0.0 == 1 ? "request was" : "requests were") \($0.1)" }
            guard !missed.isEmpty else { return nil }
            return "the run's overall deadline passed: \(missed.joined(separator: " and ")), and their vectors fail; give --deadline more seconds, or select fewer vectors"
        }
    }

    func store(_ verdict: CertificationVerdict, at index: Int) {
        lock.sync { results[index] = verdict }
    }

    func verdicts() -> [CertificationVerdict] {
        lock.sync { results.compactMap { $0 } }
    }

    /// Saving is best effort; the first failure is kept so the command can report it.
    func noteSaveFailure(_ message: String) {
        lock.sync { if firstSaveFailure == nil { firstSaveFailure = message } }
    }

    /// The first answer that could not be saved, if any.
    var saveFailure: String? { lock.sync { firstSaveFailure } }

    /// Records how one request ended and decides whether to stop. Vectors that send nothing
    /// (unsupported ones) do not count, so the first requests are the first ones really sent.
    ///
    /// Nor do requests that end once the run's deadline has passed: the deadline killed them or kept
    /// them from being sent, which says nothing about the command, and they already say so. Nor,
    /// once a signal interrupts the process, any request: its child was killed by the interruption,
    /// or could not start because of it.
    func record(_ ending: ProcessAdapterError?) {
        if interruption() != nil { return }
        if let deadline, ContinuousClock.now >= deadline {
            lock.sync {
                switch ending?.code {
                case .timedOut?: killedAtTheDeadline += 1
                case .notRun?: notSentForTheDeadline += 1
                default: break
                }
            }
            return
        }
        lock.sync {
            guard stoppedOn == nil, firstEndings.count < earlyStopCount else { return }
            firstEndings.append(ending)
            guard firstEndings.count == earlyStopCount, let first = firstEndings[0], Self.stopsTheRun(first.code),
                firstEndings.allSatisfy({ $0?.code == first.code })
            else { return }
            stoppedOn = first
        }
    }

    /// The ways of ending that say the command cannot work at all (a refusal is an answer).
    private static func stopsTheRun(_ code: ProcessAdapterError.Code) -> Bool {
        [.timedOut, .crashed, .failed, .malformedResponse, .outputTooLarge, .launchFailed].contains(code)
    }
}

/// What the observed adapters share: the stop check, how each answer ended, and saving it.
private struct AnswerObserver {
    let state: RunState
    let vectorID: String
    let saveDirectory: String?

    /// Throws the not-run error once the run has stopped, or been interrupted.
    func checkNotStopped() throws(ProcessAdapterError) {
        if let signal = state.interruption() {
            throw ProcessAdapterError(.notRun, "the run was interrupted by \(signal) before this was sent")
        }
        if let ending = state.stoppingEnding {
            throw ProcessAdapterError(
                .notRun, "the run stopped before this was sent: its first requests all ended with \(ending.code)")
        }
    }

    /// Records an answer (a rejection or refusal is one) and saves it.
    func answered(_ pieces: [(extension: String, bytes: [UInt8])]) {
        state.record(nil)
        save(pieces)
    }

    /// Records a failure of the command, or a refusal, and saves it.
    func failed(_ error: ProcessAdapterError) {
        state.record(error.code == .refused ? nil : error)
        save([("error", Array("\(error.code): \(error.message)\n".utf8))])
    }

    /// Writes `<dir>/<vector id>.<extension>` for each piece through ``SafeFile`` (nothing below the
    /// directory is followed, so a planted link cannot send a copy elsewhere); the first failure is
    /// kept for the end of the run.
    private func save(_ pieces: [(extension: String, bytes: [UInt8])]) {
        guard let saveDirectory else { return }
        do throws(SafeFile.Error) {
            for piece in pieces {
                try SafeFile.write(piece.bytes, under: saveDirectory, path: vectorID + "." + piece.extension)
            }
        } catch {
            // The verdict does not depend on the copy; the run says at the end that saving failed.
            state.noteSaveFailure("\(error)")
        }
    }
}

/// The encoder command's adapter, observed.
private struct ObservedEncoder: FormEncoderAdapter {
    let base: ProcessEncoderAdapter
    let observer: AnswerObserver

    var name: String { base.name }
    var acceptsBoundary: Bool { base.acceptsBoundary }
    var unsupportedFeatures: Set<EncoderFeature> { base.unsupportedFeatures }
    var knownIssues: [String: String] { base.knownIssues }

    func encode(_ form: FormData, boundary: String?) throws -> EncodedForm {
        try observer.checkNotStopped()
        do {
            let encoded = try base.encode(form, boundary: boundary)
            observer.answered([("body", encoded.body), ("content-type", Array((encoded.contentType + "\n").utf8))])
            return encoded
        } catch let error as ProcessAdapterError {
            observer.failed(error)
            throw error
        }
    }
}

/// The decoder command's adapter, observed; its answer is saved as `<id>.parts.json`.
private struct ObservedDecoder: FormDecoderAdapter {
    let base: ProcessDecoderAdapter
    let observer: AnswerObserver

    var name: String { base.name }
    var knownIssues: [String: String] { base.knownIssues }
    var unreportedDetails: Set<UnreportedDetail> { base.unreportedDetails }
    var conventions: Set<DecoderConvention> { base.conventions }
    var limits: [ReceiverLimit] { base.limits }

    func decode(body: [UInt8], contentType: String) throws -> [DecodedFormPart] {
        try observer.checkNotStopped()
        do {
            let parts = try base.decode(body: body, contentType: contentType)
            let json = JSONValue.array(parts.map { part in
                JSONValue.object(
                    Self.members("name", part.name) + Self.members("filename", part.filename)
                        + Self.members("content_type", part.contentType)
                        + [("body_base64", .string(Base64.encode(part.body)))])
            })
            observer.answered([("parts.json", Array((json.rendered() + "\n").utf8))])
            return parts
        } catch let error as ProcessAdapterError {
            observer.failed(error)
            throw error
        }
    }

    /// `key: text` for UTF-8 bytes, `key_base64` for others (as the contract writes names), `key: null` for none.
    private static func members(_ key: String, _ bytes: [UInt8]?) -> [(key: String, value: JSONValue)] {
        guard let bytes else { return [(key, .null)] }
        if let text = String(validating: bytes, as: UTF8.self) { return [(key, .string(text))] }
        return [(key + "_base64", .string(Base64.encode(bytes)))]
    }
}
