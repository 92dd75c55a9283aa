import MultipartForm
import MultipartFormConformanceCore
import MultipartFormSystem

/// `multipart-check vectors check`: audits vectors and the manifest, printing each failure under its vector id.
struct VectorsCheckCommand {
    /// Vector ids or areas to check; all when empty.
    var selection: [String] = []
    /// Whether to rewrite sidecars in normal form and refresh the manifest first.
    var update = false
    /// The `--corpus` option.
    var corpusOption: String?

    /// Checks the corpus and returns the exit status.
    func run(stdout: inout some TextOutputStream, stderr: inout some TextOutputStream) -> Int32 {
        let directory = CorpusLocation.directory(option: corpusOption)
        guard FileSystem.isDirectory(directory) else {
            stderr.write("error: cannot read the corpus: '\(directory)' is not a directory\n")
            return ExitCode.noInput
        }
        let corpus: Corpus
        do {
            corpus = try Corpus(directory: directory)
        } catch {
            stdout.write("\(error)\n")
            return ExitCode.failure
        }
        let vectors: [ConformanceVector]
        do throws(UsageError) {
            vectors = try select(from: corpus)
        } catch {
            stderr.write(error.rendered())
            return ExitCode.usage
        }
        if update {
            do {
                try rewrite(corpus, stdout: &stdout)
            } catch {
                stderr.write("error: \(error)\n")
                return ExitCode.noInput
            }
        }

        var failing = 0
        for vector in vectors {
            var messages = VectorAudit.findings(of: vector).map(\.description)
            if let problem = Self.formProblem(of: vector, in: directory) { messages.append(problem) }
            guard !messages.isEmpty else { continue }
            failing += 1
            stdout.write("FAIL \(vector.id)\n" + messages.map { "  \($0)\n" }.joined())
        }

        var corpusProblems: [String] = []
        do {
            let verification = try corpus.verifyManifest()
            if !verification.isClean {
                corpusProblems += verification.description.split(separator: "\n").map { "manifest: \($0)" }
            }
        } catch {
            corpusProblems.append("manifest: \(error)")
        }
        if selection.isEmpty {
            let expected = Set(corpus.vectors.flatMap(\.expectedRules))
            let uncovered = Rule.catalog.map(\.id).filter { !expected.contains($0) }
            if !uncovered.isEmpty {
                corpusProblems.append(
                    "coverage: no vector expects \(uncovered.map(\.rawValue).joined(separator: ", "))")
            }
        }
        for problem in corpusProblems { stdout.write(problem + "\n") }

        let passing = vectors.count - failing
        stdout.write(
            "\(vectors.count) vector\(vectors.count == 1 ? "" : "s") checked: \(passing) pass, \(failing) fail"
                + (corpusProblems.isEmpty ? "; the manifest matches every file\n" : "; \(corpusProblems.count) corpus problem\(corpusProblems.count == 1 ? "" : "s")\n"))
        return failing == 0 && corpusProblems.isEmpty ? ExitCode.success : ExitCode.failure
    }

    /// The vectors named by ``selection`` (ids or areas), in corpus order; all when it is empty.
    private func select(from corpus: Corpus) throws(UsageError) -> [ConformanceVector] {
        guard !selection.isEmpty else { return corpus.vectors }
        var wanted: Set<String> = []
        for item in selection {
            if corpus.areas.contains(item) {
                wanted.formUnion(corpus.vectors.filter { $0.area == item }.map(\.id))
            } else if corpus[item] != nil {
                wanted.insert(item)
            } else {
                let suggestion = Suggestion.didYouMean(item, among: corpus.areas + corpus.vectors.map(\.id))
                throw UsageError("No vector or area named '\(item)'.\(suggestion)", command: .vectorsCheck)
            }
        }
        return corpus.vectors.filter { wanted.contains($0.id) }
    }

    /// Why a sidecar file is not in the form the tool writes, or `nil` when it is.
    static func formProblem(of vector: ConformanceVector, in directory: String) -> String? {
        let path = FileSystem.join(directory, vector.id + ".json")
        guard let onDisk = try? FileSystem.read(path) else { return "sidecar: cannot read \(VisibleBytes.escape(path))" }
        let rendered = Array(vector.sidecar.jsonText.utf8)
        guard onDisk != rendered else { return nil }
        let line = 1 + onDisk.prefix(zip(onDisk, rendered).prefix { $0 == $1 }.count).filter { $0 == UInt8(ascii: "\n") }.count
        return "sidecar: not in the form the tool writes (first difference on line \(line)); run 'multipart-check vectors check --update'"
    }

    /// Rewrites sidecars that are not in normal form and refreshes the manifest, keeping recorded body digests.
    private func rewrite(_ corpus: Corpus, stdout: inout some TextOutputStream) throws {
        var rewritten = 0
        for vector in corpus.vectors where Self.formProblem(of: vector, in: corpus.directory) != nil {
            try FileSystem.write(Array(vector.sidecar.jsonText.utf8), to: FileSystem.join(corpus.directory, vector.id + ".json"))
            rewritten += 1
        }
        var manifest = try CorpusManifest.computed(for: corpus.directory)
        // A body's recorded digest is never replaced: a changed body is damage to undo, not to bless.
        let recorded = (try? CorpusManifest(contentsOf: corpus.directory))?.entries ?? [:]
        for (file, digest) in recorded where file.hasSuffix(".body") && manifest.entries[file].map({ $0 != digest }) == true {
            manifest.entries[file] = digest
            stdout.write("kept: \(file) differs from its recorded checksum; bodies are never rewritten, restore it\n")
        }
        let path = FileSystem.join(corpus.directory, CorpusManifest.fileName)
        let refreshed = (try? FileSystem.read(path)) != Array(manifest.text.utf8)
        if refreshed { try FileSystem.write(Array(manifest.text.utf8), to: path) }
        stdout.write(
            "updated: rewrote \(rewritten) sidecar\(rewritten == 1 ? "" : "s"); "
                + (refreshed ? "refreshed \(CorpusManifest.fileName)\n" : "\(CorpusManifest.fileName) already current\n"))
    }
}
