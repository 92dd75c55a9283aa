import Foundation
import MultipartFormTestSupport
@testable import MultipartFormCLI
import Testing

/// `compare --firewall`: each body also goes to firewall configurations of the bypass atlas, and the
/// output says which let it through to the parsers.
///
/// Most tests use a stand-in `tools/firewalls.py` with the real tool's interface (`list`, `answer ID
/// CONTENT-TYPE`); the last runs the real ModSecurity configurations and is skipped, saying why, when
/// `Interop/setup.sh` has not installed them.
@Suite(.ownThread) struct CompareFirewallTests {
    /// A stand-in for the atlas's tool: `strict` stops any body holding `hello` (rule 900001),
    /// `open` lets everything through, `absent` cannot run, and each answer echoes the Content-Type
    /// it was given in its version.
    static let standInTool = #"""
        import json, sys
        CONFIGURATIONS = [("strict", None), ("open", None), ("absent", "apache2 is missing")]
        if sys.argv[1:] == ["list"]:
            for id, missing in CONFIGURATIONS:
                print(json.dumps({"id": id, "title": id + " firewall", "version": None, "missing": missing}))
            sys.exit(0)
        _, id, content_type = sys.argv[1:]
        body = sys.stdin.buffer.read()
        stopped = id == "strict" and b"hello" in body
        print(json.dumps({"id": id, "version": "stand-in 1 for " + content_type, "status": 403 if stopped else 200,
                          "rules": [{"id": "900001", "message": "hello found"}] if stopped else []}))
        """#

    static var python3Available: Bool {
        ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":")
            .contains { FileManager.default.isExecutableFile(atPath: "\($0)/python3") } ?? false
    }

    /// The `Interop` directory of ``CompareCommandTests/fakeInterop()`` with the stand-in tool.
    static func interopWithFirewalls() throws -> TemporaryDirectory {
        let directory = try CompareCommandTests.fakeInterop()
        try FileManager.default.createDirectory(at: directory.url.appendingPathComponent("tools"), withIntermediateDirectories: true)
        _ = try directory.write(Array(standInTool.utf8), named: FirewallAnswer.toolPath)
        return directory
    }

    /// `compare` of ``CompareCommandTests/body`` with the stand-in tool, the parser `same` and `options`.
    static func compare(_ options: [String]) throws -> CLIResult {
        let interop = try interopWithFirewalls()
        return runCLI(
            ["compare", "--interop", interop.url.path, "--content-type", CompareCommandTests.contentType, "--parser", "same"]
                + options + ["-"], stdin: CompareCommandTests.body)
    }

    @Test(.enabled(if: python3Available, "needs python3 for the stand-in firewall tool"))
    func eachFirewallsAnswerIsShownWithWhatItLetThrough() throws {
        let result = try Self.compare(["--firewall", "all"])
        // The firewalls' answers do not change the exit status: the parser read the body as the validator does.
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("note: firewall 'absent' cannot run here: apache2 is missing"), "\(result.stderr)")
        let out = result.stdout
        #expect(out.contains("\nFirewalls (2):\n  strict  403 stopped: 900001 hello found\n  open    200 let through\n"), "\(out)")
        #expect(out.contains("Let through by open: the applications behind it read the body as the parsers above do.\n"))
    }

    @Test(.enabled(if: python3Available, "needs python3 for the stand-in firewall tool"))
    func aBodyEveryFirewallStopsReachesNoApplication() throws {
        let result = try Self.compare(["--firewall", "strict"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("No firewall above lets the body through: no application behind them reads it.\n"), "\(result.stdout)")
        #expect(!result.stdout.contains("  open "))
    }

    @Test(.enabled(if: python3Available, "needs python3 for the stand-in firewall tool"))
    func jsonGivesEachFirewallsStatusRulesAndTheContentTypeItWasSent() throws {
        let result = try Self.compare(["--firewall", "strict", "--firewall", "open", "--format", "json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let body = try #require((document["bodies"] as? [[String: Any]])?.first)
        let firewalls = try #require(body["firewalls"] as? [[String: Any]])
        #expect(firewalls.map { $0["id"] as? String } == ["strict", "open"])
        #expect(firewalls.map { $0["status"] as? Int } == [403, 200])
        #expect(firewalls.map { $0["passes"] as? Bool } == [false, true])
        let rules = try #require(firewalls[0]["rules"] as? [[String: Any]])
        #expect(rules.map { $0["id"] as? String } == ["900001"])
        #expect(firewalls[1]["version"] as? String == "stand-in 1 for \(CompareCommandTests.contentType)")
    }

    @Test(.enabled(if: python3Available, "needs python3 for the stand-in firewall tool"))
    func anUnknownFirewallIsAUsageErrorThatSuggestsTheNearestId() throws {
        let interop = try Self.interopWithFirewalls()
        let result = runCLI(
            ["compare", "--interop", interop.url.path, "--content-type", CompareCommandTests.contentType, "--firewall", "stricter", "-"],
            stdin: CompareCommandTests.body)
        #expect(result.status == ExitCode.usage)
        #expect(result.stderr.contains("Unknown firewall 'stricter'. Did you mean 'strict'?"), "\(result.stderr)")
    }

    @Test func withoutTheToolTheFirewallsAreUnavailable() throws {
        let interop = try CompareCommandTests.fakeInterop()
        let result = runCLI(
            ["compare", "--interop", interop.url.path, "--content-type", CompareCommandTests.contentType, "--firewall", "all", "-"],
            stdin: CompareCommandTests.body)
        #expect(result.status == ExitCode.unavailable)
        #expect(result.stderr.contains("error: cannot list the firewalls: '\(interop.url.path)/tools/firewalls.py' does not exist"), "\(result.stderr)")
    }

    /// The atlas's own finding: a value under `filename=""` passes ModSecurity 2 at paranoia level 1
    /// with an XSS payload that ModSecurity 3 stops.
    @Test(
        .enabled(
            if: FileManager.default.fileExists(atPath: "/usr/lib/apache2/modules/mod_security2.so")
                && FileManager.default.fileExists(atPath: "/usr/lib/nginx/modules/ngx_http_modsecurity_module.so")
                && python3Available,
            "needs ModSecurity 2 and 3 (Interop/setup.sh installs them)"))
    func theRealFirewallsDisagreeOnAValueUnderAnEmptyFilename() throws {
        let interop = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../Interop").standardized
        let body = Array(
            ("--AaB03x\r\nContent-Disposition: form-data; name=\"q\"; filename=\"\"\r\nContent-Type: text/plain\r\n\r\n"
                + "<script>alert(1)</script>\r\n--AaB03x--\r\n").utf8)
        let result = runCLI(
            ["compare", "--interop", interop.path, "--content-type", "multipart/form-data; boundary=AaB03x", "--parser", "php",
             "--firewall", "modsec2-pl1", "--firewall", "modsec3-pl1", "-"], stdin: body)
        #expect(result.stdout.contains("  modsec2-pl1  200 let through\n"), "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("  modsec3-pl1  403 stopped: 941100"), "\(result.stdout)")
        #expect(result.stdout.contains("[filename-empty-with-content]"))
    }
}
