import MultipartFormConformanceCore
import MultipartFormSystem

#if os(macOS) || os(Linux)
/// What a firewall configuration of the bypass atlas answered to one body: `compare --firewall ID`.
///
/// The configurations are the atlas's (`Interop/tools/firewalls.py`: ModSecurity 2 in Apache and
/// ModSecurity 3 behind nginx, each with the OWASP Core Rule Set at paranoia levels 1 to 4). For each
/// body, the configuration is started as a real server, sent the body under its Content-Type, and
/// stopped; its HTTP status says whether the request would reach the application behind it, and the
/// rules it logged say why not. The parsers' readings beside it are what each application gets when
/// the firewall lets the body through.
struct FirewallAnswer: Sendable {
    /// A rule the firewall logged as matching.
    struct MatchedRule: Sendable, Equatable {
        /// The rule's id, such as `941100`.
        var id: String
        /// The rule's message.
        var message: String
    }

    /// What happened.
    enum Outcome: Sendable {
        /// The firewall answered with `status` (`nil` when it closed the connection without an
        /// answer), having matched `rules`.
        case answered(status: Int?, rules: [MatchedRule])
        /// The firewall could not be run or asked; the reason.
        case failed(String)
    }

    /// The configuration's id, such as `modsec2-pl1`.
    var id: String
    /// The packages' versions, or `unknown`.
    var version: String
    /// What it answered.
    var outcome: Outcome

    /// Whether the firewall lets the body through to the application: a 2xx answer.
    var passes: Bool {
        if case .answered(let status?, _) = outcome { return (200..<300).contains(status) }
        return false
    }

    /// One configuration the atlas's tool knows, whether or not it can run here.
    struct Configuration: Sendable {
        /// The id, such as `modsec2-pl1`.
        var id: String
        /// What it is, such as "ModSecurity 2 (Apache), Core Rule Set paranoia level 1".
        var title: String
        /// Why it cannot run here (a package missing), or `nil` when it can.
        var missing: String?
    }

    /// The tool that starts the firewalls, relative to the `Interop` directory.
    static let toolPath = "tools/firewalls.py"
    /// Seconds a firewall may take to start, answer and stop, at least: ModSecurity 3 loads the Core
    /// Rule Set into nginx before it listens.
    static let minimumTimeout = 120.0

    /// The configurations `Interop/tools/firewalls.py list` names, in the atlas's order.
    static func configurations(interop directory: String) throws(FirewallError) -> [Configuration] {
        let output = try run(["list"], interop: directory, input: [], timeout: 60)
        var configurations: [Configuration] = []
        for line in output.split(separator: UInt8(ascii: "\n")) where !line.isEmpty {
            do {
                let object = try JSONNode.parse(Array(line)).object(allowing: ["id", "title", "version", "missing"])
                configurations.append(
                    Configuration(
                        id: try object.required("id").string(), title: try object.required("title").string(),
                        missing: try object.nonNull("missing")?.string()))
            } catch {
                throw FirewallError("'\(toolPath) list' printed a line that is not a configuration (\(error))")
            }
        }
        return configurations
    }

    /// Starts configuration `id`, sends it `body` under `contentType`, stops it, and returns its answer.
    static func ask(
        _ id: String, interop directory: String, body: [UInt8], contentType: String, timeout: Double
    ) -> FirewallAnswer {
        do {
            let output = try run(["answer", id, contentType], interop: directory, input: body, timeout: timeout)
            let object = try JSONNode.parse(output).object(allowing: ["id", "version", "status", "rules"])
            var rules: [MatchedRule] = []
            for rule in try object.required("rules").array() {
                let fields = try rule.object(allowing: ["id", "message"])
                rules.append(MatchedRule(id: try fields.required("id").string(), message: try fields.required("message").string()))
            }
            return FirewallAnswer(
                id: id, version: try object.required("version").string(),
                outcome: .answered(status: try object.nonNull("status")?.integer(), rules: rules))
        } catch let error as FirewallError {
            return FirewallAnswer(id: id, version: "unknown", outcome: .failed(error.message))
        } catch {
            return FirewallAnswer(id: id, version: "unknown", outcome: .failed("its answer is not the tool's JSON (\(error))"))
        }
    }

    /// Runs the tool with `arguments` and returns its standard output, or says why it failed.
    private static func run(_ arguments: [String], interop directory: String, input: [UInt8], timeout: Double) throws(FirewallError) -> [UInt8] {
        let tool = FileSystem.join(directory, toolPath)
        guard FileSystem.exists(tool) else {
            throw FirewallError("'\(VisibleBytes.escape(tool))' does not exist; --firewall needs a checkout's Interop directory")
        }
        let outcome: ChildProcess.Outcome
        do {
            outcome = try ChildProcess.run(["python3", tool] + arguments, input: input, timeout: timeout, outputLimit: 1024 * 1024)
        } catch {
            throw FirewallError("cannot run python3: \(error.description)")
        }
        let stderr = String(decoding: outcome.standardError.suffix(400), as: UTF8.self)
            .split(whereSeparator: { $0 == "\n" }).last.map(String.init) ?? ""
        if outcome.timedOut { throw FirewallError("no answer within \(Int(timeout)) s; it was stopped") }
        guard case .exited(0) = outcome.termination else {
            throw FirewallError("'\(toolPath) \(arguments[0])' ended with \(outcome.termination)\(stderr.isEmpty ? "" : ": " + VisibleBytes.escape(stderr))")
        }
        return outcome.standardOutput
    }
}

/// Why the firewalls could not be listed or asked.
struct FirewallError: Error {
    /// What went wrong, for a message.
    var message: String

    init(_ message: String) { self.message = message }
}
#endif
