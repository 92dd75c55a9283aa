import MultipartFormSystem

#if os(macOS) || os(Linux)
/// One request to a process adapter's command and its answer: the child is started, given the
/// request on standard input, and its standard output is returned when it exits with status 0.
///
/// Everything else is a ``ProcessAdapterError`` that says what happened: not started, killed at
/// the time-out or the run's deadline, too much output, ended by a signal, a failure status.
struct ProcessExchange {
    var command: [String]
    var timeout: Double
    var outputLimit: Int
    var deadline: ContinuousClock.Instant?

    /// Runs the command once; `what` names what the request carries ("form", "body") in messages.
    func run(_ request: [UInt8], sending what: String) throws(ProcessAdapterError) -> [UInt8] {
        let now = ContinuousClock.now
        var killedAt = now + ChildProcess.allowed(seconds: timeout)
        var killedAtTheDeadline = false
        if let deadline {
            guard deadline > now else {
                throw ProcessAdapterError(.notRun, "the run's overall deadline passed before this \(what) was sent; it was not run")
            }
            if deadline < killedAt {
                killedAt = deadline
                killedAtTheDeadline = true
            }
        }
        let outcome: ChildProcess.Outcome
        do {
            outcome = try ChildProcess.run(command, input: request, until: killedAt, outputLimit: outputLimit)
        } catch {
            throw ProcessAdapterError(.launchFailed, error.description)
        }
        let stderr = Self.excerpt(outcome.standardError)
        if outcome.timedOut {
            throw ProcessAdapterError(
                .timedOut,
                killedAtTheDeadline
                    ? "the command did not answer before the run's overall deadline; it was killed\(stderr)"
                    : "the command did not answer within \(Self.seconds(timeout)); it was killed\(stderr)")
        }
        if outcome.outputLimitReached {
            throw ProcessAdapterError(.outputTooLarge, "the command wrote more than \(outputLimit) bytes to standard output; it was killed")
        }
        switch outcome.termination {
        case .signaled:
            throw ProcessAdapterError(.crashed, "the command was ended by \(outcome.termination)\(stderr)")
        case .exited(let status) where status != 0:
            throw ProcessAdapterError(.failed, "the command exited with status \(status)\(stderr)")
        case .exited:
            return outcome.standardOutput
        }
    }

    /// Reads a contract answer with `read`; anything it throws other than a ``ProcessAdapterError``
    /// (a JSON syntax or shape error) means the output is not a version 1 response, and says so with
    /// the start of the output made visible.
    static func readAnswer<Answer>(_ output: [UInt8], _ read: () throws -> Answer) throws(ProcessAdapterError) -> Answer {
        do {
            return try read()
        } catch let error as ProcessAdapterError {
            throw error
        } catch {
            let shown = VectorExpectation.Mismatch.render(Array(output.prefix(200)))
            throw ProcessAdapterError(.malformedResponse, "the output is not a version 1 response (\(error)); it was \(shown)")
        }
    }

    /// The end of the child's standard error, made visible, for a message.
    private static func excerpt(_ stderr: [UInt8]) -> String {
        guard !stderr.isEmpty else { return "" }
        return "; its standard error ends with \(VectorExpectation.Mismatch.render(Array(stderr.suffix(400))))"
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }
}
#endif
