import MultipartForm
import MultipartFormSystem

/// What `multipart-check serve` was asked to do: where to listen, how to answer, what to keep.
struct ServeConfiguration: Sendable {
    /// How the server answers a request it validated.
    enum Response: String, CaseIterable, Sendable {
        /// 200 with the JSON report, whatever the verdict.
        case report
        /// 200 with an empty body.
        case ok
        /// 400 with the JSON report when the body is not conforming, else 200 with it.
        case strict
    }

    /// The address to bind: loopback unless told otherwise.
    var host = "127.0.0.1"
    /// The port; 0 picks a free one.
    var port = 8080
    var respond: Response = .report
    /// Where each request is saved as a raw HTTP capture, or `nil`.
    var saveDirectory: String?
    /// The largest body read; a larger one is answered 413 and its connection closed.
    var maxBody = 4 * 1024 * 1024 * 1024
    /// The most connections served at once; one more is answered 503 and closed.
    var maxConnections = 128
    /// The most connections one client (one peer address) may hold at once, or `nil` for the
    /// default (``clientConnectionLimit(loopback:)``); one more from it is answered 503 and closed.
    var maxConnectionsPerClient: Int?
    /// How many requests the live page (`GET /_/`) keeps; 0 turns the page off.
    var pageHistory = 50
    /// How long a client may send nothing, in seconds, before it is answered 408 (mid-request) or
    /// its idle keep-alive connection is closed.
    var idleTimeout = 30.0
    /// How long a whole request, from the first byte of its head to the last of its body, may take,
    /// in seconds, before it is answered 408: a client that trickles bytes just often enough never
    /// reaches the idle timeout, and would otherwise hold its connection for as long as it likes.
    var requestTimeout = 120.0
    /// The longest a request head may take from its first byte, in seconds (or the idle timeout if
    /// shorter): a head is a few hundred bytes, and a slow one holds a connection that serves no one.
    var headTimeout = 10.0
    /// The options `validate` and `compare` share: the output format, the finding limit, colour.
    var shared = ValidationOptionGroup()
    /// The output format: text blocks, or one JSON object per line.
    var format: ValidationOptionGroup.Format { shared.format }
    /// Colours of the text output, as ``ValidationOptionGroup/color`` resolves for the terminal.
    var style: TerminalStyle = .plain
    /// The parsers (ids of `Interop/parsers.tsv`) whose reading of each body is printed after it.
    var parserIDs: [String] = []
    /// `--interop`: where the parsers for `--parser` and the page's comparison are looked for.
    var interopDirectory: String?

    /// The most connections one peer address may hold: `--max-connections-per-client`, else all of
    /// ``maxConnections`` on a loopback address (every client is this machine, so a share per
    /// address would only lower the limit), else half of it, so one client that holds its share
    /// (trickling bytes, reconnecting at once) leaves the other half to everyone else.
    func clientConnectionLimit(loopback: Bool) -> Int {
        maxConnectionsPerClient ?? (loopback ? maxConnections : max(1, maxConnections / 2))
    }

    /// How long a request head may take from its first byte: ``headTimeout``, or the idle timeout if shorter.
    var headLimit: Double { min(idleTimeout, headTimeout) }

    /// The default of `--max-body`, as help shows it.
    static let defaultMaxBody = "4G"

    /// Reads a size such as `1048576`, `512K`, `16M` or `4G` (binary multiples); `nil` when it is not one.
    static func parseSize(_ text: String) -> Int? {
        var digits = Substring(text)
        var multiplier = 1
        if let last = text.last, let power = ["K": 10, "M": 20, "G": 30, "T": 40][last.uppercased()] {
            digits = digits.dropLast()
            multiplier = 1 << power
        }
        guard !digits.isEmpty, digits.utf8.count <= 15, digits.allSatisfy(\.isASCII), let value = Int(digits), value > 0 else {
            return nil
        }
        return value.multipliedReportingOverflow(by: multiplier).overflow ? nil : value * multiplier
    }

    /// Descriptors the server holds besides its connections: the standard streams, the listening
    /// socket, its pipes, the spare kept for refusing a connection when none is left, refused
    /// connections still lingering (``LingeringClose``), and room for a few more.
    static let descriptorReserve = 32 + LingeringClose.capacity

    /// The open files `maxConnections` connections can hold at once: a socket each, and with
    /// `--save` a capture file and its directory each, plus ``descriptorReserve``.
    var descriptorsNeeded: Int {
        maxConnections * (saveDirectory == nil ? 1 : 3) + Self.descriptorReserve
    }

    /// The validator options for every request. Each part keeps only as much of its name, filename
    /// and Content-Type as the page shows (``ServedRequest/pageParameterBytes``), and the answer says
    /// how long a cut one was: a body in progress of thousands of long names would otherwise hold
    /// them all until it ends, and its answer and page entry several copies more.
    var validationOptions: ValidationOptions {
        var options = shared.validationOptions(collectingParts: format == .json || respond != .ok || pageHistory > 0)
        options.maxCollectedValueBytes = ServedRequest.pageParameterBytes
        return options
    }
}
