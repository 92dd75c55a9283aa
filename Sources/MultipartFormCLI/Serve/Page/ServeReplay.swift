import MultipartForm
import MultipartFormSystem

/// Serves one connection whose client sends exactly the given bytes and then stops sending, on
/// this thread, over a socket pair: the server's whole request reader without a network, for the
/// fuzz target (`Tests/Fuzz/run.sh serve`) and tests.
package enum ServeReplay {
    /// What the server made of the bytes.
    package struct Result {
        /// Every line the server printed, in order (JSON lines: the replay uses `--format json`).
        package var output: [String]
        /// Every byte the server answered with.
        package var answers: [UInt8]
        /// How many requests the server counted.
        package var requests: Int
        /// The live page's entries for the requests, each its rendered JSON object, oldest first.
        package var pageEntries: [String] = []
        /// The page's answer to `GET /_/requests?after=0`: its status and its body.
        package var pageAnswer: (status: Int, body: [UInt8]) = (0, [])
    }

    /// The most bytes one entry of the live page may take (for the page fuzz target).
    package static var pageEntryByteLimit: Int { ServedRequest.pageEntryByteLimit }

    /// Replays `bytes` as one client connection and returns what the server printed and answered.
    /// - Parameters:
    ///   - maxBody: `--max-body`, small so a fuzzer reaches the limit.
    ///   - respond: `--respond`.
    package static func replay(_ bytes: [UInt8], maxBody: Int = 64 * 1024, respond: String = "report") -> Result {
        var configuration = ServeConfiguration()
        configuration.shared.format = .json
        configuration.maxBody = maxBody
        configuration.respond = ServeConfiguration.Response(rawValue: respond) ?? .report
        configuration.idleTimeout = 5
        guard let server = try? ServeServer(configuration: configuration, listening: false) else {
            fatalError("a server that does not listen cannot fail to start")
        }
        var pair: [Int32] = [-1, -1]
        guard SystemCalls.makeSocketPair(&pair) else { fatalError("no socket pair: \(SystemCalls.lastError())") }
        // The client's side writes and reads on threads of its own, so neither direction can fill up
        // and block the server.
        let client = pair[1]
        let answers = LockedValue<[UInt8]>([])
        let done = LockedValue<Int>(0)
        _ = DetachedThread.start {
            bytes.withUnsafeBytes { raw in
                var offset = 0
                while offset < raw.count {
                    let count = SystemCalls.sendWithoutSignal(client, raw.baseAddress! + offset, raw.count - offset)
                    if count <= 0 { break }  // the server closed: it refused the request
                    offset += count
                }
            }
            ConnectedSocket.shutDownWriting(client)
            done.withLock { $0 += 1 }
        }
        _ = DetachedThread.start {
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = SystemCalls.read(client, &buffer, buffer.count)
                if count <= 0 { break }
                answers.withLock { $0 += buffer[..<count] }
            }
            done.withLock { $0 += 1 }
        }
        server.adopt(pair[0])
        ServeConnection(server: server, descriptor: pair[0], peer: "replay").run()
        while done.withLock({ $0 }) < 2 { CurrentThread.sleep(microseconds: 100) }
        SystemCalls.close(client)
        let output = server.takeOutput().map { line -> String in
            switch line {
            case .standardOutput(let text), .standardError(let text): text
            }
        }
        var result = Result(
            output: output.joined().split(separator: "\n").map(String.init), answers: answers.withLock { $0 },
            requests: server.totals.requests)
        result.pageEntries = server.history?.entries(after: 0).map(\.json) ?? []
        if let head = try? HTTPRequestHead(Array("GET /_/requests?after=0 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)[...]) {
            let page = ServeLivePage.answer(
                head, history: server.history, boundHost: configuration.host, port: server.port, keepAlive: false, headOnly: false)
            result.pageAnswer = (page.status.code, ServeResponse.content(of: page.bytes))
        }
        return result
    }
}
