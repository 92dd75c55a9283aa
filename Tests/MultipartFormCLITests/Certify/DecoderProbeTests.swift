import Foundation
import MultipartForm
import MultipartFormConformanceCore
import MultipartFormTestSupport
import Testing

/// Decoders meet bodies no table of the corpus holds: a decoder that answers from the shipped
/// corpus instead of parsing fails them, and a seed from the report makes the same probes again.
@Suite("decoder probes", .ownThread)
struct DecoderProbeTests {
    static let python3 = CertifyFastLoopTests.python3

    /// A "decoder" that parses nothing: it finds the body in the shipped corpus and answers the
    /// parts its sidecar expects, or rejects what it does not know.
    static let lookupTable = """
        import base64, hashlib, json, os, sys
        root = sys.argv[1]
        table = {}
        for area in os.listdir(root):
            folder = os.path.join(root, area)
            if not os.path.isdir(folder):
                continue
            for name in os.listdir(folder):
                if name.endswith(".body"):
                    with open(os.path.join(folder, name), "rb") as body, open(os.path.join(folder, name[:-5] + ".json"), "rb") as sidecar:
                        table[hashlib.sha256(body.read()).hexdigest()] = json.load(sidecar)
        request = json.load(sys.stdin)
        sidecar = table.get(hashlib.sha256(base64.b64decode(request["body_base64"])).hexdigest())
        if sidecar is None or sidecar.get("parts") is None:
            json.dump({"error": "unknown body"}, sys.stdout)
            sys.exit(0)
        parts = []
        for part in sidecar["parts"]:
            body = part["body"].encode("utf-8") if "body" in part else base64.b64decode(part["body_base64"])
            parts.append({"name": part.get("name"), "filename": part.get("filename"), "content_type": part.get("content_type"),
                          "body_base64": base64.b64encode(body).decode("ascii")})
        json.dump({"parts": parts}, sys.stdout)
        """

    @Test(.enabled(if: python3 != nil, "python3 is not installed"))
    func aDecoderThatLooksBodiesUpInTheCorpusFailsTheProbes() throws {
        let directory = try TemporaryDirectory()
        let script = try directory.write(Array(Self.lookupTable.utf8), named: "lookup.py")
        let corpus = packageRoot.appendingPathComponent("Vectors").path
        let run = runCLI(
            ["certify", "--decoder", "--format", "json", "--area", "structure", "--area", "probe", "--probe-seed", "7", "--",
             try #require(Self.python3), script, corpus])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run.stderr)")
        let verdicts = try #require(report["verdicts"] as? [[String: Any]])
        let probes = verdicts.filter { ($0["id"] as? String)?.hasPrefix("probe/y-reframed-") == true }
        #expect(probes.count == DecoderProbe.count)
        #expect(probes.allSatisfy { $0["grade"] as? String == "fail" }, "\(probes.map { $0["summary"] ?? "" })")
        #expect(report["level_on_run"] as? String == "rejects-valid-bodies", "\(report["headline"] ?? "")")
        // The table answers the corpus's own bodies: only the probes tell it from a parser.
        let structure = verdicts.filter { ($0["area"] as? String) == "structure" && ($0["id"] as? String)?.contains("/y-") == true }
        #expect(!structure.isEmpty && structure.allSatisfy { $0["grade"] as? String == "pass" })
        #expect((report["provenance"] as? [String: Any])?["probe_seed"] as? Int == 7)
    }

    @Test(.enabled(if: python3 != nil, "python3 is not installed"))
    func aParserPassesTheProbesAndTheSeedRepeatsThem() throws {
        let directory = try TemporaryDirectory()
        let decoder = try CertifyDecoderTests.pythonParser(in: directory)
        let command = ["--", try #require(Self.python3), decoder]
        let run = runCLI(["certify", "--decoder", "--format", "json", "--area", "probe", "--probe-seed", "42"] + command)
        let verdicts = try #require((try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])?["verdicts"] as? [[String: Any]])
        #expect(verdicts.count == DecoderProbe.count)
        #expect(verdicts.allSatisfy { $0["grade"] as? String == "pass" }, "\(verdicts.map { $0["summary"] ?? "" })")
        // The same seed makes the same body; another seed another one.
        let first = runCLI(["certify", "--decoder", "--probe-seed", "42", "--show-request", "probe/y-reframed-1"] + command)
        let again = runCLI(["certify", "--decoder", "--probe-seed", "42", "--show-request", "probe/y-reframed-1"] + command)
        let other = runCLI(["certify", "--decoder", "--probe-seed", "43", "--show-request", "probe/y-reframed-1"] + command)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout == again.stdout)
        #expect(first.stdout != other.stdout)
        let unseeded = runCLI(["certify", "--decoder", "--show-request", "probe/y-reframed-1"] + command)
        #expect(unseeded.status == 64)
        #expect(unseeded.stderr.contains("give the seed its report records (--probe-seed N)"))
    }

    @Test func everyProbeIsAValidBodyUnlikeAnyVector() throws {
        let corpus = try Corpus(directory: packageRoot.appendingPathComponent("Vectors").path)
        let bodies = Set(corpus.vectors.map(\.body))
        for seed: UInt64 in [1, 2, 3, 99] {
            let probes = DecoderProbe.vectors(from: corpus.vectors, seed: seed)
            #expect(probes.count == DecoderProbe.count)
            #expect(probes.map(\.id) == DecoderProbe.ids)
            for probe in probes {
                #expect(!bodies.contains(probe.body))
                let report = MultipartValidator.validate(probe.body, contentType: probe.contentType)
                #expect(report.isConforming, "\(probe.sidecar.description)")
                #expect(report.parts.map { $0.name.map(Array.init) } == probe.sidecar.parts?.map(\.name))
            }
        }
    }

    @Test func anEncoderTakesNoProbeSeed() {
        let run = runCLI(["certify", "--probe-seed", "1", "--", "/bin/true"])
        #expect(run.status == 64)
        #expect(run.stderr.contains("'--probe-seed' is for decoders"))
    }
}
