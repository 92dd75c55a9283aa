import Foundation
import MultipartFormConformanceCore
import MultipartFormTestSupport
import Testing

@testable import MultipartFormCLI

/// `multipart-check serve` answering well-behaved clients: reports, answers, output and captures.
@Suite(.ownThread) struct ServeTests {
    @Test func conformingUploadIsAnsweredWithTheJSONReportAndASummaryLine() throws {
        let running = try RunningServer()
        let client = try RawClient(port: running.port)
        client.send(postRequest(conformingServeBody, contentType: serveContentType))
        let response = try #require(client.readResponse())
        #expect(response.status == 200)
        #expect(response.headers["content-type"] == "application/json")
        #expect(response.headers["multipart-check-verdict"] == "conforming")
        let file = try #require(response.file)
        #expect(file["conforming"] as? Bool == true)
        #expect(file["parts"] as? Int == 2)
        #expect(file["bytes"] as? Int == conformingServeBody.count)
        #expect((file["decoded_parts"] as? [[String: Any]])?.map { $0["name"] as? String } == ["field", "file"])
        #expect(running.waitForOutput(containing: "request-1: 2 parts, 0 errors, 0 warnings, 0 notes; conforming"))
        #expect(running.output.contains("request-1: POST /upload HTTP/1.1 from 127.0.0.1:"))
        #expect(running.output.contains("request-1: Content-Type: \(serveContentType)\n"))
        #expect(running.output.contains("request-1: Content-Length: \(conformingServeBody.count)\n"))
        #expect(running.stop() == ServeServer.Totals(requests: 1, conforming: 1))
    }

    @Test func findingsArePrintedAsValidatePrintsThemWithPositionsInTheBody() throws {
        let running = try RunningServer()
        let client = try RawClient(port: running.port)
        client.send(postRequest(bareLFServeBody, contentType: serveContentType))
        let response = try #require(client.readResponse())
        #expect(response.status == 200)
        #expect(response.headers["multipart-check-verdict"] == "not-conforming")
        let diagnostics = try #require(response.file?["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.map { $0["rule"] as? String } == ["header-bare-lf"])
        #expect(diagnostics.first?["offset"] as? Int == 50)
        #expect(response.file?["offsets"] as? String == "body")
        #expect(running.waitForOutput(containing: "not conforming"))
        // The same block validate prints for the body alone, under the request's name.
        let directory = try TemporaryDirectory()
        let path = try directory.write(bareLFServeBody, named: "body")
        let validated = runCLI(["validate", "--content-type", serveContentType, path])
        let finding = try #require(validated.stdout.components(separatedBy: "\n\n").first)
        #expect(running.output.contains(finding.replacingOccurrences(of: path, with: "request-1")))
        #expect(running.output.contains("request-1:2:41: error: header line ends with '\\n' without a preceding '\\r' [header-bare-lf]"))
        #expect(running.stop()?.notConforming == 1)
    }

    @Test func strictAnswers400ForANonConformingBodyAnd200Otherwise() throws {
        let running = try RunningServer { $0.respond = .strict }
        let client = try RawClient(port: running.port)
        client.send(postRequest(bareLFServeBody, contentType: serveContentType))
        let refused = try #require(client.readResponse())
        #expect(refused.status == 400)
        #expect(refused.file?["conforming"] as? Bool == false)
        client.send(postRequest(conformingServeBody, contentType: serveContentType))
        #expect(client.readResponse()?.status == 200)
        #expect(running.waitForOutput(containing: "answered 400 Bad Request"))
    }

    @Test func okAnswersAnEmptyBody() throws {
        let running = try RunningServer { $0.respond = .ok }
        let client = try RawClient(port: running.port)
        client.send(postRequest(bareLFServeBody, contentType: serveContentType))
        let response = try #require(client.readResponse())
        #expect(response.status == 200)
        #expect(response.body.isEmpty)
        #expect(response.headers["multipart-check-verdict"] == "not-conforming")
    }

    @Test func chunkedBodyAfter100ContinueAndPipelinedRequestsOnOneConnection() throws {
        let running = try RunningServer()
        let client = try RawClient(port: running.port)
        client.send(
            "POST /a HTTP/1.1\r\nHost: x\r\nContent-Type: \(serveContentType)\r\nTransfer-Encoding: chunked\r\nExpect: 100-continue\r\n\r\n")
        let interim = try #require(client.readSome(seconds: 10))
        #expect(String(decoding: interim, as: UTF8.self) == "HTTP/1.1 100 Continue\r\n\r\n")
        // The body in three chunks, then two more requests sent at once behind it.
        let body = conformingServeBody
        var chunked: [UInt8] = []
        for piece in [body[..<7], body[7..<100], body[100...]] {
            chunked += Array(String(piece.count, radix: 16).utf8) + Array("\r\n".utf8) + piece + Array("\r\n".utf8)
        }
        chunked += Array("0\r\n\r\n".utf8)
        client.send(
            chunked + postRequest(bareLFServeBody, contentType: serveContentType)
                + postRequest(conformingServeBody, contentType: serveContentType, extraHeaders: "Connection: close\r\n"))
        let first = try #require(client.readResponse())
        #expect(first.file?["conforming"] as? Bool == true)
        #expect(first.file?["bytes"] as? Int == body.count)
        #expect(first.headers["connection"] == "keep-alive")
        #expect(client.readResponse()?.file?["conforming"] as? Bool == false)
        let last = try #require(client.readResponse())
        #expect(last.headers["connection"] == "close")
        #expect(client.readUntilClosed().isEmpty)
        #expect(running.waitForOutput(containing: "request-3:"))
        #expect(running.output.contains("request-1: Transfer-Encoding: chunked"))
        #expect(running.stop() == ServeServer.Totals(requests: 3, conforming: 2, notConforming: 1))
    }

    @Test func jsonFormatPrintsOneReportPerLine() throws {
        let running = try RunningServer { $0.shared.format = .json }
        let client = try RawClient(port: running.port)
        client.send(postRequest(conformingServeBody, contentType: serveContentType))
        _ = client.readResponse()
        client.send(postRequest(bareLFServeBody, contentType: serveContentType))
        _ = client.readResponse()
        #expect(running.waitForOutput(containing: "header-bare-lf"))
        _ = running.stop()
        let lines = running.output.split(separator: "\n")
        #expect(lines.count == 2)
        let objects = lines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(objects.count == 2)
        #expect(objects.map { ($0["request"] as? [String: Any])?["number"] as? Int } == [1, 2])
        #expect(objects.map { (($0["files"] as? [[String: Any]])?.first?["conforming"]) as? Bool } == [true, false])
    }

    @Test func savedCapturesAreReadByValidateAndVectorsNew() throws {
        let directory = try TemporaryDirectory()
        let running = try RunningServer { $0.saveDirectory = directory.url.path }
        let client = try RawClient(port: running.port)
        let request = postRequest(bareLFServeBody, contentType: serveContentType)
        client.send(request)
        _ = client.readResponse()
        _ = running.stop()
        let saved = try FileManager.default.contentsOfDirectory(atPath: directory.url.path).filter { $0.hasSuffix("-request-1.http") }
        let path = directory.url.appendingPathComponent(try #require(saved.first)).path
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: path))) == request)
        let validated = runCLI(["validate", "--format", "json", path])
        #expect(validated.status == 1)
        #expect(validated.stdout.contains("\"header-bare-lf\""))
        // vectors new takes the decoded body and the capture's Content-Type.
        let corpus = directory.url.appendingPathComponent("corpus").path
        try FileManager.default.createDirectory(atPath: corpus, withIntermediateDirectories: true)
        let added = runCLI([
            "vectors", "new", "--corpus", corpus, "--area", "served", "--slug", "bare-lf", "--description", "saved by serve", path,
        ])
        #expect(added.status == 0, "\(added.stderr)")
        let body = try Data(contentsOf: URL(fileURLWithPath: corpus + "/served/n-bare-lf.body"))
        #expect(Array(body) == bareLFServeBody)
        let sidecar = try String(contentsOfFile: corpus + "/served/n-bare-lf.json", encoding: .utf8)
        #expect(sidecar.contains("\"content_type\": \"\(serveContentType)\""))
    }

    @Test func requestsWithoutAMultipartBodyGetAClearAnswer() throws {
        let running = try RunningServer()
        let client = try RawClient(port: running.port)
        // A browser's own icon request is answered 404 and neither numbered nor logged.
        client.send("GET /favicon.ico HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try #require(client.readResponse()).status == 404)
        client.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        let usage = try #require(client.readResponse())
        #expect(usage.status == 200)
        #expect(usage.text.contains("multipart/form-data"))
        #expect(usage.text.contains("Open /_/ in a browser"))
        client.send(postRequest(Array("{\"a\": 1}".utf8), contentType: "application/json"))
        let json = try #require(client.readResponse())
        let rules = (json.file?["diagnostics"] as? [[String: Any]])?.compactMap { $0["rule"] as? String } ?? []
        #expect(rules.contains("content-type-not-form-data"))
        #expect(running.waitForOutput(containing: "request-2: 0 parts"))
        #expect(running.output.contains("request-1 (GET / HTTP/1.1): no body"))
        #expect(running.stop() == ServeServer.Totals(requests: 2, notConforming: 1, withoutBody: 1))
    }

    @Test func findingsAppearBeforeTheBodyHasArrived() throws {
        let running = try RunningServer()
        let client = try RawClient(port: running.port)
        let padding = [UInt8](repeating: UInt8(ascii: "x"), count: 4096)
        let body: [UInt8] = Array(bareLFServeBody.prefix(bareLFServeBody.count - 14)) + padding + Array("\r\n--AaB03x--\r\n".utf8)
        let request = postRequest(Array(body), contentType: serveContentType)
        // Everything but the last bytes: the finding near the start is shown while the client waits.
        client.send(Array(request.dropLast(10)))
        #expect(running.waitForOutput(containing: "[header-bare-lf]"))
        #expect(!running.output.contains("request-1: 1 part"))
        client.send(Array(request.suffix(10)))
        #expect(client.readResponse()?.status == 200)
        #expect(running.waitForOutput(containing: "request-1: 1 part, 1 error"))
    }

    @Test func stoppingEndsIdleConnectionsAndReturnsTheTotals() throws {
        let running = try RunningServer()
        let idle = try RawClient(port: running.port)
        idle.send(postRequest(conformingServeBody, contentType: serveContentType))
        _ = idle.readResponse()
        let started = Date()
        #expect(running.stop() == ServeServer.Totals(requests: 1, conforming: 1))
        #expect(Date().timeIntervalSince(started) < 5)
        #expect(idle.readUntilClosed(seconds: 5).isEmpty)
    }

    @Test func commandLineParsesServeOptions() throws {
        guard case .serve(let command) = try Invocation.parse([
            "serve", "--host", "0.0.0.0", "--port", "0", "--respond", "strict", "--max-body", "16M", "--max-connections", "3",
            "--idle-timeout", "2.5", "--request-timeout", "90", "--format", "json",
        ]) else {
            Issue.record("not a serve invocation")
            return
        }
        #expect(command.configuration.host == "0.0.0.0")
        #expect(command.configuration.respond == .strict)
        #expect(command.configuration.maxBody == 16 << 20)
        #expect(command.configuration.maxConnections == 3)
        #expect(command.configuration.idleTimeout == 2.5)
        #expect(command.configuration.requestTimeout == 90)
        #expect(runCLI(["serve", "--request-timeout", "0"]).status == ExitCode.usage)
        #expect(runCLI(["serve", "--max-body", "lots"]).stderr.contains("Please provide a positive size"))
        #expect(runCLI(["serve", "--port", "70000"]).status == ExitCode.usage)
        #expect(runCLI(["help", "serve"]).stdout.contains("--respond <answer>"))
    }

    @Test func sizesReadWithBinaryMultiples() {
        #expect(ServeConfiguration.parseSize("1024") == 1024)
        #expect(ServeConfiguration.parseSize("512K") == 512 << 10)
        #expect(ServeConfiguration.parseSize("4g") == 4 << 30)
        #expect(ServeConfiguration.parseSize("0") == nil)
        #expect(ServeConfiguration.parseSize("-1") == nil)
        #expect(ServeConfiguration.parseSize("99999999999999G") == nil)
    }
}

/// `--save` with two servers started in the same second on one directory: no capture is lost to a name.
@Suite struct ServeSaveNamingTests {
    @Test func twoServersInOneSecondKeepEveryCapture() throws {
        let directory = try TemporaryDirectory()
        var servers: [RunningServer] = []
        // Their capture names start with the second they started in: take two that share it.
        for _ in 0..<5 where servers.count < 2 || servers[0].server.runLabel != servers[1].server.runLabel {
            servers = [try RunningServer { $0.saveDirectory = directory.url.path }, try RunningServer { $0.saveDirectory = directory.url.path }]
        }
        try #require(servers[0].server.runLabel == servers[1].server.runLabel)
        for running in servers {
            let client = try RawClient(port: running.port)
            client.send(postRequest(conformingServeBody, contentType: serveContentType))
            #expect(client.readResponse()?.status == 200)
        }
        for running in servers {
            _ = running.stop()
            #expect(!running.output.contains("cannot save"), "\(running.output)")
        }
        let saved = try FileManager.default.contentsOfDirectory(atPath: directory.url.path).sorted()
        let label = servers[0].server.runLabel
        #expect(saved == ["\(label)-request-1-2.http", "\(label)-request-1.http"], "\(saved)")
    }
}
