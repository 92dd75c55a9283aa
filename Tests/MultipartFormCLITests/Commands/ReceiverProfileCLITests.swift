import Foundation
import MultipartForm
@testable import MultipartFormCLI
import MultipartFormConformanceCore
import MultipartFormReceivers
import MultipartFormTestSupport
import Testing

/// `--receiver` on `validate`, `serve`, `compare` and `explain`: the blog tutorial's upload (three
/// `tags`, a Japanese filename) passes as it is and fails for PHP and Rack, which keep one value per
/// name, naming the values lost and the fix; Django, which keeps them all, is not raised.
@Suite struct ReceiverProfileCLITests {
    static let contentType = "multipart/form-data; boundary=Boundary-1"

    /// Three `tags`, then a JPEG with a Japanese filename; `tagName` renames the three.
    static func body(tagName: String = "tags") -> [UInt8] {
        var text = ""
        for (name, value) in [("title", "Kyoto trip"), ("user_id", "42"), (tagName, "temple"), (tagName, "travel"), (tagName, "kyoto")] {
            text += "--Boundary-1\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n"
        }
        text += "--Boundary-1\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"写真 2024.jpg\"\r\n"
        text += "Content-Type: image/jpeg\r\n\r\nJPEG\r\n--Boundary-1--\r\n"
        return Array(text.utf8)
    }

    static func validate(_ extra: [String], body: [UInt8] = body()) throws -> CLIResult {
        let directory = try TemporaryDirectory()
        let path = try directory.write(body, named: "blog.body")
        return runCLI(["validate", "--content-type", contentType] + extra + [path])
    }

    @Test func withoutAReceiverTheRepeatedNameIsANote() throws {
        let result = try Self.validate([])
        #expect(result.status == 0)
        #expect(result.stdout.contains("note: part 2 already carries the name 'tags'"))
        #expect(!result.stdout.contains(": receiver ") && !result.stdout.contains("error:"))
    }

    @Test func phpAndRailsRaiseItNamingTheLostValuesAndTheFix() throws {
        let result = try Self.validate(["--receiver", "php", "--receiver", "rails", "--receiver", "django"])
        #expect(result.status == 1)
        let out = result.stdout
        #expect(out.contains(
            "error: php keeps only the last of the 3 parts named 'tags': the value 'temple' (part 2) and the value 'travel' (part 3) are lost"))
        #expect(out.contains("error: rack keeps only the last of the 3 parts named 'tags'"))
        #expect(out.contains("= help: for php, name each of these parts 'tags[]': it then keeps every value, as a list"))
        #expect(out.contains(": 6 parts, 2 errors, 0 warnings, 0 notes; not conforming\n"))
        #expect(out.contains("receiver php (PHP request parser"))
        #expect(out.contains("receiver django (Django MultiPartParser, django "))
        #expect(out.contains("): reads none of these findings otherwise; evidence: the interop run over "))
    }

    @Test func theBracketNamePassesForPHP() throws {
        let result = try Self.validate(["--receiver", "laravel"], body: Self.body(tagName: "tags[]"))
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.contains("note: php reads the parts of a name ending in [] as one list"))
    }

    @Test func jsonNamesTheReceiverOnTheFindingAndListsTheOutcomes() throws {
        let result = try Self.validate(["--format", "json", "--receiver", "rails"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let file = try #require((document["files"] as? [[String: Any]])?.first)
        let raised = try #require((file["diagnostics"] as? [[String: Any]])?.first { $0["receiver"] != nil })
        #expect(raised["receiver"] as? String == "rack" && raised["severity"] as? String == "error")
        #expect(raised["part"] as? Int == 3)
        let outcome = try #require((file["receivers"] as? [[String: Any]])?.first)
        #expect(outcome["receiver"] as? String == "rack" && outcome["read_otherwise"] as? Int == 1)
    }

    @Test func anUnknownReceiverIsAUsageError() throws {
        let result = try Self.validate(["--receiver", "no-such-server"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("'--receiver <name>': the interop evidence has no such receiver. Known: python-multipart"))
    }

    @Test func explainAndValidateRefuseAMisspelledReceiverAlikeWithASuggestion() throws {
        let explain = runCLI(["explain", "name-duplicate", "--receiver", "larvel"])
        let validate = try Self.validate(["--receiver", "larvel"])
        for result in [explain, validate] {
            #expect(result.status == 64)
            #expect(result.stderr.contains("'--receiver <name>': the interop evidence has no such receiver. Did you mean 'laravel'? Known: "), "\(result.stderr)")
        }
    }

    @Test func explainShowsTheReceiversConventionAndItsEvidence() {
        let result = runCLI(["explain", "name-duplicate", "--receiver", "laravel"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("FOR RECEIVER php (PHP request parser"))
        #expect(result.stdout.contains("documented convention last-of-repeated-name"))
        let evidence = runCLI(["explain", "boundary-prefix-line", "--receiver", "php"]).stdout
        #expect(evidence.contains("    boundary/n-prefix-line-in-value: data-loss: accepted an invalid body"), "\(evidence)")
    }

    @Test func serveRaisesTheFindingForTheReceiverOnTheAnswerAndThePage() throws {
        let server = try RunningServer { $0.shared.receivers = [.php] }
        let answer = try ServeLivePageTests.exchange(
            server, String(decoding: postRequest(Self.body(), contentType: Self.contentType), as: UTF8.self))
        #expect(answer.status == 200)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any])
        let file = try #require((document["files"] as? [[String: Any]])?.first)
        #expect(file["conforming"] as? Bool == false)
        let entry = try ServeLivePageTests.firstEntry(server)
        let finding = try #require((entry["findings"] as? [[String: Any]])?.first { $0["receiver"] as? String == "php" })
        #expect(finding["severity"] as? String == "error")
        #expect((finding["message"] as? String)?.contains("'temple' (part 2)") == true)
        let marked = try #require(finding["marked"] as? [String: Any])
        #expect(marked["at"] as? String == "C" && marked["after"] as? String == #"ontent-Disposition: form-data; name="tags"\r\n"#)
    }

    /// Without `--receiver`, the page still says which receivers read each finding otherwise, so its
    /// selector can raise them for the one picked.
    @Test func thePageListsTheReceiversThatReadAFindingOtherwise() throws {
        let server = try RunningServer()
        _ = try ServeLivePageTests.exchange(server, String(decoding: postRequest(Self.body(), contentType: Self.contentType), as: UTF8.self))
        let entry = try ServeLivePageTests.firstEntry(server)
        let finding = try #require((entry["findings"] as? [[String: Any]])?.first { $0["rule"] as? String == "name-duplicate" })
        let otherwise = try #require(finding["otherwise"] as? [String])
        #expect(otherwise.contains("php") && otherwise.contains("rack") && !otherwise.contains("django"))
        #expect(finding["severity"] as? String == "note")
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: ServeLivePageTests.chromium), "needs headless Chromium at /usr/bin/chromium"))
    func thePagesSelectorRaisesTheFindingForThePickedReceiver() throws {
        let server = try RunningServer()
        _ = try ServeLivePageTests.exchange(server, String(decoding: postRequest(Self.body(), contentType: Self.contentType), as: UTF8.self))
        func dom(_ query: String) throws -> String {
            try TestProcess.run([
                ServeLivePageTests.chromium, "--headless=new", "--no-sandbox", "--disable-gpu", "--virtual-time-budget=3000", "--dump-dom",
                "http://127.0.0.1:\(server.port)/_/\(query)",
            ]).stdout
        }
        let picked = try dom("?receiver=php")
        #expect(picked.contains("<option value=\"php\" selected=\"\">php</option>") || picked.contains("<option value=\"php\">php</option>"))
        #expect(picked.contains("error for php: part 2 already carries the name 'tags'"))
        #expect(picked.contains("php reads this shape otherwise, by the interop evidence"))
        let django = try dom("?receiver=django")
        #expect(django.contains("note: part 2 already carries the name 'tags'") && !django.contains("error for django"))
    }

    /// `compare --receiver laravel` runs the php row (a stand-in driver answering as PHP does) and
    /// shows the validator's findings as PHP reads them.
    @Test func compareRunsTheReceiversRowAndRaisesItsFindings() throws {
        let interop = try TemporaryDirectory()
        try FileManager.default.createDirectory(at: interop.url.appendingPathComponent("drivers"), withIntermediateDirectories: true)
        func part(_ name: String, _ value: String) -> String {
            #"{"name":""# + name + #"","filename":null,"content_type":null,"body_base64":""# + Data(value.utf8).base64EncodedString() + #""}"#
        }
        let answer = #"{"parts":["# + [part("title", "Kyoto trip"), part("user_id", "42"), part("tags", "kyoto")].joined(separator: ",") + "]}"
        _ = try interop.write(Array("cat > /dev/null\nprintf '%s\\n' '\(answer)'\n".utf8), named: "drivers/php.sh")
        let listing = "# id\tlanguage\tparser\tnot reported\tversion command\tdriver command\n"
            + "php\tShell\tstand-in\t-\techo php 1.0\tsh drivers/php.sh\nother\tShell\tunused\t-\techo other 1.0\tsh drivers/php.sh\n"
        _ = try interop.write(Array(listing.utf8), named: InteropParser.listingName)
        let input = try TemporaryDirectory()
        let path = try input.write(Self.body(), named: "blog.body")
        let result = runCLI(["compare", "--interop", interop.url.path, "--content-type", Self.contentType, "--receiver", "laravel", path])
        #expect(result.stdout.hasPrefix("Compared with 1 parser installed in"), "\(result.stdout)")
        #expect(result.stdout.contains("error: php keeps only the last of the 3 parts named 'tags'"))
        #expect(result.status == 1)
    }
}
