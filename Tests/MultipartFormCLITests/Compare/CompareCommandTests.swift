import Foundation
import MultipartFormConformanceCore
import MultipartFormTestSupport
@testable import MultipartFormCLI
import Testing

/// `compare` runs the drivers of an `Interop` directory's `parsers.tsv` and groups their readings.
///
/// Most tests use an `Interop` directory of shell drivers with canned answers, so they run anywhere;
/// the last runs the real parsers and is skipped, saying why, when `Interop/setup.sh` has not run.
@Suite(.ownThread) struct CompareCommandTests {
    /// Two parts: a text field `a` holding `1`, and a file `f` (`x.txt`, text/plain) holding `hello`.
    static let body = Array(
        ("--XY\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n"
            + "--XY\r\nContent-Disposition: form-data; name=\"f\"; filename=\"x.txt\"\r\nContent-Type: text/plain\r\n\r\nhello\r\n"
            + "--XY--\r\n").utf8)
    static let contentType = "multipart/form-data; boundary=XY"

    static let textPart = #"{"name":"a","filename":null,"content_type":null,"body_base64":"MQ=="}"#
    static func filePart(_ filename: String) -> String {
        #"{"name":"f","filename":""# + filename + #"","content_type":"text/plain","body_base64":"aGVsbG8="}"#
    }

    /// An `Interop` directory with five parsers: one reads the body as the validator does, one drops
    /// the file part, one renames the file, one rejects the body, and one is not installed.
    static func fakeInterop() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        try FileManager.default.createDirectory(at: directory.url.appendingPathComponent("drivers"), withIntermediateDirectories: true)
        let answers = [
            "same": #"{"parts":["# + textPart + "," + filePart("x.txt") + "]}",
            "lossy": #"{"parts":["# + textPart + "]}",
            "renamer": #"{"parts":["# + textPart + "," + filePart("y.txt") + "]}",
            "refuser": #"{"error":"bad body"}"#,
        ]
        var script = "cat > /dev/null\ncase \"$1\" in\n"
        for (id, answer) in answers.sorted(by: { $0.key < $1.key }) {
            script += "\(id)) printf '%s\\n' '\(answer)' ;;\n"
        }
        script += "esac\n"
        _ = try directory.write(Array(script.utf8), named: "drivers/answer.sh")
        var listing = "# id\tlanguage\tparser\tnot reported\tversion command\tdriver command\n"
        for id in ["same", "lossy", "renamer", "refuser"] {
            listing += "\(id)\tShell\t\(id) driver\t-\techo \(id) 1.0\tsh drivers/answer.sh \(id)\n"
        }
        listing += "absent\tShell\tnot installed\t-\techo absent 1.0\tsh drivers/missing.sh\n"
        _ = try directory.write(Array(listing.utf8), named: InteropParser.listingName)
        return directory
    }

    @Test func readingsAreGroupedAndEveryDifferenceFromTheValidatorIsMarked() throws {
        let interop = try Self.fakeInterop()
        let input = try TemporaryDirectory()
        let path = try input.write(Self.body, named: "body.bin")
        let result = runCLI(["compare", "--interop", interop.url.path, "--content-type", Self.contentType, path])
        #expect(result.status == 1, "\(result.stderr)")
        let out = result.stdout
        #expect(out.hasPrefix("Compared with 4 parsers installed in \(interop.url.path); not installed: absent\n"))
        #expect(out.contains("\nsame as the validator (1): same\n"))
        #expect(out.contains("\ndata loss (1): lossy\n"))
        #expect(out.contains("  -   (missing: \"f\", 5 bytes: \"hello\")\n"), "\(out)")
        #expect(out.contains("\nother parts (1): renamer\n"))
        #expect(out.contains(#"*"y.txt""#))
        #expect(!out.contains(#"*"x.txt""#))
        #expect(out.contains("\nrejected (1): refuser\n  refuser: bad body\n"))
        #expect(out.contains("body.bin: 2 parts, 0 errors, 0 warnings, 0 notes; conforming"))
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/stat") && EndToEndTests.executable != nil, "needs /proc and the built binary"))
    func aDriverThatLeavesAProcessBehindHasItKilled() throws {
        let interop = try TemporaryDirectory()
        let pidFile = interop.url.appendingPathComponent("left.pid").path
        // Answers, then leaves a sleep running in a session of its own, outside the driver's group.
        let script = "cat > /dev/null\nsetsid /bin/sh -c 'echo $$ > \"\(pidFile)\"; exec /bin/sleep 300' </dev/null >/dev/null 2>&1 &\n"
            + "while [ ! -s \"\(pidFile)\" ]; do sleep 0.05; done\nprintf '%s\\n' '{\"parts\":[]}'\n"
        _ = try interop.write(Array(script.utf8), named: "drivers/leaver.sh")
        _ = try interop.write(
            Array("leaver\tShell\tleaves a process\t-\techo leaver 1.0\tsh drivers/leaver.sh\n".utf8), named: InteropParser.listingName)
        // The built binary, in a process of its own: in this one, another test's clean-up could take the
        // leftover first (every command run here shares this process's marker).
        let executable = try #require(EndToEndTests.executable, "multipart-check was not found next to the test bundle")
        let result = try TestProcess.run(
            [executable.path, "compare", "--interop", interop.url.path, "--content-type", Self.contentType, "-"], stdin: Self.body)
        #expect(result.stderr.contains("note: killed 1 process the command left running outside its process group"), "\(result.stderr)")
        let pid = try #require(Int32((try? String(contentsOfFile: pidFile, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""))
        let alive = eventually(within: 2) {
            let state = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8))?.split(separator: ")").last?.split(separator: " ").first
            return state == nil || state == "Z"
        }
        if !alive { TestProcess.send(.kill, to: pid) }
        #expect(alive, "the process the driver left (pid \(pid)) outlived compare")
    }

    @Test func onlyTheChosenParsersRunAndAgreementExitsZero() throws {
        let interop = try Self.fakeInterop()
        let result = runCLI(
            ["compare", "--interop", interop.url.path, "--content-type", Self.contentType, "--parser", "same", "-"], stdin: Self.body)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("Compared with 1 parser installed in"))
        #expect(!result.stdout.contains("lossy"))
    }

    @Test func jsonListsEachParsersReadingWithDigests() throws {
        let interop = try Self.fakeInterop()
        let result = runCLI(["compare", "--interop", interop.url.path, "--format", "json", "-"], stdin: Self.body)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let body = try #require((document["bodies"] as? [[String: Any]])?.first)
        #expect(body["content_type"] as? String == Self.contentType)
        let parsers = try #require(body["parsers"] as? [[String: Any]])
        #expect(parsers.map { $0["reading"] as? String } == ["same", "data-loss", "other-parts", "rejected"])
        let parts = try #require(parsers[0]["parts"] as? [[String: Any]])
        // SHA-256 of "hello".
        #expect(parts[1]["sha256"] as? String == "2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824")
        #expect(document["not_installed"] as? [String] == ["absent"])
    }

    @Test func withoutAnInstalledParserItSaysHowToInstallThem() throws {
        let interop = try Self.fakeInterop()
        let result = runCLI(["compare", "--interop", interop.url.path, "--parser", "absent", "-"], stdin: Self.body)
        #expect(result.status == ExitCode.unavailable)
        #expect(result.stderr.contains("error: no parser is installed in '\(interop.url.path)'"))
        #expect(result.stderr.contains("Interop/setup.sh"))
        let empty = try TemporaryDirectory()
        let missing = runCLI(["compare", "--interop", empty.url.path, "-"], stdin: Self.body)
        #expect(missing.status == ExitCode.unavailable)
        #expect(missing.stderr.contains("Interop/setup.sh"))
    }

    /// A Java row of `parsers.tsv` whose version command works (the JVM and the libraries are
    /// there) but whose driver class was never compiled into `.build/java`.
    static func javaRow(_ id: String, classPath: String, mainClass: String) -> String {
        "\(id)\tJava\t\(id) driver\t-\techo \(id) 1.0\tjava -XX:+UseSerialGC -cp \(classPath) \(mainClass)\n"
    }

    @Test func aJavaRowWhoseDriverClassIsMissingIsNotInstalled() throws {
        let interop = try Self.fakeInterop()
        try FileManager.default.createDirectory(at: interop.url.appendingPathComponent(".build/java"), withIntermediateDirectories: true)
        let listing = try String(contentsOf: interop.url.appendingPathComponent(InteropParser.listingName), encoding: .utf8)
        _ = try interop.write(
            Array((listing + Self.javaRow("unbuilt", classPath: ".build/java", mainClass: "UnbuiltDriver")).utf8),
            named: InteropParser.listingName)
        let result = runCLI(
            ["compare", "--interop", interop.url.path, "--content-type", Self.contentType, "--parser", "same", "--parser", "unbuilt", "-"],
            stdin: Self.body)
        // Not run (it would answer ClassNotFoundException to every body): only the working parser counts.
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("Compared with 1 parser installed in \(interop.url.path); not installed: unbuilt\n"), "\(result.stdout)")
        #expect(
            result.stderr.contains(
                "note: 'unbuilt' is not installed: its main class 'UnbuiltDriver' is not built: none of its class path entries (.build/java) holds it\n"),
            "\(result.stderr)")
        // Asked for alone, it is why nothing can run.
        let alone = runCLI(["compare", "--interop", interop.url.path, "--parser", "unbuilt", "-"], stdin: Self.body)
        #expect(alone.status == ExitCode.unavailable)
        #expect(alone.stderr.contains("note: 'unbuilt' is not installed: its main class 'UnbuiltDriver' is not built"), "\(alone.stderr)")
    }

    @Test func aJavaClassPathIsInstalledOnlyWhenEveryEntryExistsAndOneHoldsTheMainClass() throws {
        let interop = try TemporaryDirectory()
        try interop.write([
            ".build/java/pkg/BuiltDriver.class": [0xCA, 0xFE, 0xBA, 0xBE],
            // A jar's entry names are stored as they are: the class is found by its name.
            "lib/driver.jar": Array("PK\u{3}\u{4}....jar/JarDriver.class....PK\u{1}\u{2}".utf8),
        ])
        func missing(_ command: String) throws -> [String] {
            try interop.write(Array("j\tJava\tj\t-\ttrue\t\(command)\n".utf8), named: InteropParser.listingName)
            return try #require(try InteropParser.listing(in: interop.path).first).missingPieces
        }
        #expect(try missing("java -cp .build/java pkg.BuiltDriver") == [])
        #expect(try missing("java -XX:TieredStopAtLevel=1 -classpath lib/driver.jar:.build/java jar.JarDriver") == [])
        #expect(try missing("java --class-path=.build/java:lib/* Anything") == [])
        #expect(try missing("java -cp .build/java pkg.Other") == ["its main class 'pkg.Other' is not built: none of its class path entries (.build/java) holds it"])
        #expect(
            try missing("java -cp .build/java:/nonexistent/lib.jar pkg.BuiltDriver") == ["its class path entry '/nonexistent/lib.jar' does not exist"])
        #expect(try missing("java -jar /nonexistent/absent.jar") == ["its jar '/nonexistent/absent.jar' does not exist"])
        #expect(try missing("java -cp .build/absent pkg.BuiltDriver") == [
            "'.build/absent' does not exist in the Interop directory",
            "its main class 'pkg.BuiltDriver' is not built: none of its class path entries (.build/absent) holds it",
        ])
        #expect(try missing("env A=b java -jar lib/driver.jar") == [])
        // Not a JVM: only the files it names count.
        #expect(try missing("sh drivers/none.sh") == ["'drivers/none.sh' does not exist in the Interop directory"])
    }

    @Test func anUnreadableInputOrListingNamesItsPathOnce() throws {
        let interop = try Self.fakeInterop()
        let directory = try TemporaryDirectory()
        let asInput = runCLI(["compare", "--interop", interop.path, directory.path])
        #expect(asInput.status == ExitCode.noInput)
        #expect(asInput.stderr == "error: cannot read '\(directory.path)': it is not a regular file\n")
        let missing = directory.url.appendingPathComponent("absent.bin").path
        let absent = runCLI(["compare", "--interop", interop.path, missing])
        #expect(absent.stderr == "error: cannot read '\(missing)': no such file or directory\n")
        let noListing = runCLI(["compare", "--interop", directory.path, "-"], stdin: Self.body)
        #expect(noListing.status == ExitCode.unavailable)
        #expect(
            noListing.stderr.hasPrefix("error: cannot read the parser list '\(directory.path)/parsers.tsv': no such file or directory\nnote: "),
            "\(noListing.stderr)")
        let serve = runCLI(["serve", "--port", "0", "--interop", directory.path, "--parser", "same"])
        #expect(serve.stderr.hasPrefix("error: cannot read the parser list '\(directory.path)/parsers.tsv': no such file or directory; "), "\(serve.stderr)")
    }

    @Test func anUnknownParserIsAUsageErrorWithASuggestion() throws {
        let interop = try Self.fakeInterop()
        let result = runCLI(["compare", "--interop", interop.url.path, "--parser", "lossi", "-"], stdin: Self.body)
        #expect(result.status == ExitCode.usage)
        #expect(result.stderr.hasPrefix("Error: Unknown parser 'lossi'. Did you mean 'lossy'?"))
    }

    /// What the parsers the interop tools record as API limits do not report is taken from the validator.
    /// The blog body: `title`, `user_id`, three `tags` and a photo, with `tags` or `tags[]` as the name.
    static func blogComparison(tags: String, readings: [ParserReading]) -> BodyComparison {
        var text = ""
        for (name, value) in [("title", "Hi"), ("user_id", "42"), (tags, "a"), (tags, "b"), (tags, "c")] {
            text += "--XY\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n"
        }
        text += "--XY\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"p.jpg\"\r\nContent-Type: image/jpeg\r\n\r\nJPEG\r\n--XY--\r\n"
        return BodyComparison(label: "blog", contentType: contentType, body: Array(text.utf8), readings: readings)
    }

    @Test func partsAreMatchedByNameSoOnlyWhatWasLostIsMissing() {
        // As PHP hands it over: the last tags value where the first was, the file after the fields.
        let read = [("title", "Hi"), ("user_id", "42"), ("tags", "c")].map { DecodedFormPart(name: Array($0.0.utf8), body: Array($0.1.utf8)) }
            + [DecodedFormPart(name: Array("photo".utf8), filename: Array("p.jpg".utf8), contentType: Array("image/jpeg".utf8), body: Array("JPEG".utf8))]
        let reading = ParserReading(id: "php", version: "8", outcome: .parts(read))
        let comparison = Self.blogComparison(tags: "tags", readings: [reading])
        #expect(comparison.kind(of: reading) == .dataLoss)
        let table = ComparisonRenderer.table(read, baseline: comparison.baseline)
        #expect(table.components(separatedBy: "(missing: ").count - 1 == 2, "\(table)")
        #expect(table.contains(#"(missing: "tags", 1 bytes: "a")"#) && table.contains(#"(missing: "tags", 1 bytes: "b")"#), "\(table)")
        #expect(!table.contains("user_id\", ") && !table.contains("*\"photo\""), "\(table)")
        // Declared, keeping the last of a repeated name is the parser's documented convention, shown as such.
        var declared = reading
        declared.conventions = [.lastOfRepeatedName]
        #expect(comparison.kind(of: declared) == .convention)
        // A reader that kept the first value instead does not follow that convention: still a loss.
        var first = declared
        first.outcome = .parts(read.map { $0.name == Array("tags".utf8) ? DecodedFormPart(name: $0.name, body: Array("a".utf8)) : $0 })
        #expect(comparison.kind(of: first) == .dataLoss)
    }

    @Test func aReadingItsDeclaredConventionsDescribeIsNoDifference() {
        // `tags[]` comes back indexed, and the file before the fields: order is not counted.
        let read = [DecodedFormPart(name: Array("photo".utf8), filename: Array("p.jpg".utf8), contentType: Array("image/jpeg".utf8), body: Array("JPEG".utf8))]
            + [("title", "Hi"), ("user_id", "42"), ("tags[0]", "a"), ("tags[1]", "b"), ("tags[2]", "c")].map {
                DecodedFormPart(name: Array($0.0.utf8), body: Array($0.1.utf8))
            }
        let plain = ParserReading(id: "php", version: "8", outcome: .parts(read))
        let conventional = ParserReading(id: "php", version: "8", outcome: .parts(read), conventions: [.indexedBrackets, .lastOfRepeatedName])
        let comparison = Self.blogComparison(tags: "tags[]", readings: [conventional])
        #expect(comparison.kind(of: plain) == .otherParts)
        #expect(comparison.kind(of: conventional) == .convention)
        #expect(comparison.agrees)
        let text = ComparisonRenderer.text(comparison, findings: false)
        #expect(text.contains("as its documented conventions say (1): php"), "\(text)")
        #expect(text.contains("indexed-brackets"), "\(text)")
    }

    @Test func unreportedPartOrderIsNotADifference() {
        let baseline = [DecodedFormPart(name: "a", body: [1]), DecodedFormPart(name: "b", body: [2])]
        let reversed = Array(baseline.reversed())
        #expect(ParserReading.normalised(reversed, notReported: [.partOrder], baseline: baseline) == baseline)
        #expect(ParserReading.normalised(reversed, notReported: [], baseline: baseline) == reversed)
    }

    /// Where `Interop/setup.sh` ran: `MULTIPART_CHECK_INTEROP`, else this checkout's `Interop`.
    static var installedInterop: String? {
        let candidates = [ProcessInfo.processInfo.environment[CompareCommand.interopVariable]].compactMap { $0 } + [
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("Interop").path
        ]
        return candidates.first { FileManager.default.fileExists(atPath: $0 + "/.venv/bin/python") }
    }

    @Test(
        .enabled(
            if: installedInterop != nil,
            "needs the parsers Interop/setup.sh installs (set MULTIPART_CHECK_INTEROP to an Interop directory where it ran)"))
    func realParsersSplitOnTheHandRolledBlogBody() throws {
        let interop = try #require(Self.installedInterop)
        let vector = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Vectors/realworld/n-hand-rolled-blog-body.body").path
        let result = runCLI(
            ["compare", "--interop", interop, "--parser", "python-multipart", "--parser", "php", "--parser", "werkzeug", vector])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stdout.contains("Compared with 3 parsers installed in"))
        #expect(result.stdout.contains("[parameter-syntax]"))
        #expect(!result.stdout.contains("\nsame as the validator (3)"))
    }
}
