import Dispatch
import MultipartForm
import MultipartFormConformanceCore

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
    }

    var adapter: Adapter
    /// How many children run at once.
    var jobs: Int
    /// When the first this-many forms all end the same way (a time-out, a crash, a failure
    /// status, a malformed answer), the rest are not sent.
    var earlyStopCount = 3
    /// Where every answer is saved, or `nil`.
    var saveDirectory: String?

    /// What ended the run before every form was sent, in one sentence, or `nil`.
    typealias StopReason = String

    /// Grades every vector; returns the verdicts in vector order, why the run stopped early if it
    /// did, and the first answer that could not be saved.
    func verdicts(
        for vectors: [ConformanceVector]
    ) -> (verdicts: [CertificationVerdict], stopped: StopReason?, saveFailure: String?) {
        let state = RunState(count: vectors.count, earlyStopCount: earlyStopCount)
        let group = DispatchGroup()
        let queue = DispatchQueue(label: "certify.jobs", attributes: .concurrent)
        for _ in 0..<max(1, min(jobs, vectors.count)) {
            queue.async(group: group) {
                while let index = state.nextIndex() {
                    let observer = AnswerObserver(state: state, index: index, vectorID: vectors[index].id, saveDirectory: saveDirectory)
                    switch adapter {
                    case .encoder(let base):
                        state.store(EncoderCertification(ObservedEncoder(base: base, observer: observer)).verdict(for: vectors[index]), at: index)
                    case .decoder(let base):
                        state.store(DecoderCertification(ObservedDecoder(base: base, observer: observer)).verdict(for: vectors[index]), at: index)
                    }
                }
            }
        }
        group.wait()
        return (state.verdicts(), state.stopReason, state.saveFailure)
    }
}

/// The shared, lock-protected state of one run.
private final class RunState: @unchecked Sendable {
    private let lock = DispatchQueue(label: "certify.state")
    private var next = 0
    private var results: [CertificationVerdict?]
    private var failures: [ProcessAdapterError?]
    private var answered: [Bool]
    private let earlyStopCount: Int
    private var stop: String?
    private var firstSaveFailure: String?

    init(count: Int, earlyStopCount: Int) {
        results = Array(repeating: nil, count: count)
        failures = Array(repeating: nil, count: count)
        answered = Array(repeating: false, count: count)
        self.earlyStopCount = earlyStopCount
    }

    /// The next vector to grade, or `nil` when every one has been taken.
    func nextIndex() -> Int? {
        lock.sync {
            guard next < results.count else { return nil }
            defer { next += 1 }
            return next
        }
    }

    /// Why the run stopped early, once it has.
    var stopReason: String? { lock.sync { stop } }

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

    /// Records how the command ended for one vector's form and decides whether to stop.
    func record(_ failure: ProcessAdapterError?, at index: Int) {
        lock.sync {
            answered[index] = true
            failures[index] = failure
            guard stop == nil, results.count > earlyStopCount, index < earlyStopCount else { return }
            let first = failures.prefix(earlyStopCount)
            guard answered.prefix(earlyStopCount).allSatisfy({ $0 }),
                let code = first.first??.code, Self.stopsTheRun(code),
                first.allSatisfy({ $0?.code == code })
            else { return }
            let message = first.first??.message ?? ""
            stop =
                "the first \(earlyStopCount) requests all ended the same way (\(code): \(message)), so the other \(results.count - earlyStopCount) were not sent; fix the command and run again"
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
    let index: Int
    let vectorID: String
    let saveDirectory: String?

    /// Throws the not-run error once the run has stopped.
    func checkNotStopped() throws(ProcessAdapterError) {
        if let reason = state.stopReason {
            throw ProcessAdapterError(.notRun, "the run stopped before this was sent: \(reason.prefix { $0 != "," })")
        }
    }

    /// Records an answer (a rejection or refusal is one) and saves it.
    func answered(_ pieces: [(extension: String, bytes: [UInt8])]) {
        state.record(nil, at: index)
        save(pieces)
    }

    /// Records a failure of the command, or a refusal, and saves it.
    func failed(_ error: ProcessAdapterError) {
        state.record(error.code == .refused ? nil : error, at: index)
        save([("error", Array("\(error.code): \(error.message)\n".utf8))])
    }

    /// Writes `<dir>/<vector id>.<extension>` for each piece; the first failure is kept for the end of the run.
    private func save(_ pieces: [(extension: String, bytes: [UInt8])]) {
        guard let saveDirectory else { return }
        let area = FileSystem.join(saveDirectory, String(vectorID.prefix { $0 != "/" }))
        let path = FileSystem.join(saveDirectory, vectorID)
        do {
            if !FileSystem.isDirectory(area) { try FileSystem.makeDirectory(area) }
            for piece in pieces {
                try FileSystem.write(piece.bytes, to: path + "." + piece.extension)
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

    func decode(body: [UInt8], contentType: String) throws -> [DecodedFormPart] {
        try observer.checkNotStopped()
        do {
            let parts = try base.decode(body: body, contentType: contentType)
            let json = JSONValue.array(parts.map { part in
                JSONValue.object([
                    ("name", Self.text(part.name)), ("filename", Self.text(part.filename)),
                    ("content_type", Self.text(part.contentType)), ("body_base64", .string(Base64.encode(part.body))),
                ])
            })
            observer.answered([("parts.json", Array((json.rendered() + "\n").utf8))])
            return parts
        } catch let error as ProcessAdapterError {
            observer.failed(error)
            throw error
        }
    }

    private static func text(_ bytes: [UInt8]?) -> JSONValue {
        bytes.map { JSONValue.string(String(decoding: $0, as: UTF8.self)) } ?? .null
    }
}
