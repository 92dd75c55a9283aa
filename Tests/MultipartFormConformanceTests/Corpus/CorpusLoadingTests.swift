import Foundation
import MultipartForm
import MultipartFormConformance
import MultipartFormTestSupport
import Testing

@Suite("Corpus loading")
struct CorpusLoadingTests {
    /// The smallest corpus the suite accepts; an empty or truncated corpus must never pass silently.
    static let minimumVectorCount = 300
    /// The fewest vectors any area may hold.
    static let minimumVectorsPerArea = 25
    /// The areas the corpus must have.
    static let requiredAreas = [
        "binary", "boundary", "charset", "crlf", "filenames", "headers", "limits", "quoting", "realworld", "structure",
    ]

    @Test func corpusLoadsAtLeastTheMinimumNumberOfVectors() throws {
        let corpus = try Fixtures.corpus.get()
        #expect(
            corpus.vectors.count >= Self.minimumVectorCount,
            "the corpus at \(corpus.directory) has \(corpus.vectors.count) vectors")
    }

    @Test(arguments: requiredAreas)
    func everyAreaHasAtLeastTheMinimumNumberOfVectors(area: String) throws {
        let count = try Fixtures.vectors().filter { $0.area == area }.count
        #expect(count >= Self.minimumVectorsPerArea, "area \(area) has \(count) vectors")
    }

    @Test func vectorsAreSortedByUniqueID() throws {
        let ids = try Fixtures.vectors().map(\.id)
        #expect(ids == ids.sorted())
        #expect(Set(ids).count == ids.count)
    }

    @Test func vectorIDsNameTheirAreaVerdictAndSlug() throws {
        for vector in try Fixtures.vectors() {
            #expect(vector.id == "\(vector.area)/\(vector.verdict.rawValue)-\(vector.slug)")
        }
    }

    @Test func environmentVariableOverridesTheDefaultDirectory() {
        let overridden = Corpus.defaultDirectory(environment: [Corpus.environmentVariable: "/tmp/elsewhere"])
        #expect(overridden == "/tmp/elsewhere")
        #expect(Corpus.defaultDirectory(environment: [Corpus.environmentVariable: ""]) == Corpus.packageDirectory)
        #expect(Corpus.defaultDirectory(environment: [:]) == Corpus.packageDirectory)
    }

    @Test func packageDirectoryIsTheRepositoryVectorsDirectory() {
        #expect(
            URL(fileURLWithPath: Corpus.packageDirectory).standardizedFileURL.path
                == Fixtures.packageRoot.appendingPathComponent("Vectors").standardizedFileURL.path)
    }

    @Test func bundledCorpusIsTheRepositoryCorpus() throws {
        let bundled = try Corpus.bundled()
        let repository = try Fixtures.corpus.get()
        #expect(bundled.directory != repository.directory)
        #expect(bundled.vectors.map(\.id) == repository.vectors.map(\.id))
        #expect(bundled.vectors == repository.vectors)
        #expect(try bundled.verifyManifest().isClean)
    }

    // MARK: - Refusing bad corpora

    static let validSidecar = Array(
        """
        {"description": "d", "specs": [], "content_type": null, "diagnostics": [],
         "parts": [{"name": "a", "filename": null, "content_type": null, "body": "1"}]}
        """.utf8)

    private func problems(loading files: [String: [UInt8]]) throws -> [CorpusError.Problem] {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write(files)
        do {
            _ = try Corpus(directory: directory.path)
            return []
        } catch {
            #expect(error.description.contains(directory.path))
            return error.problems
        }
    }

    @Test func missingDirectoryIsAnError() throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("no-such-corpus-\(UUID())").path
        #expect(throws: CorpusError.self) { try Corpus(directory: missing) }
        do {
            _ = try Corpus(directory: missing)
        } catch {
            #expect(error.problems == [.directoryMissing])
        }
    }

    @Test func emptyDirectoryIsAnError() throws {
        #expect(try problems(loading: [:]) == [.noVectors])
        #expect(try problems(loading: ["MANIFEST.sha256": []]) == [.noVectors])
    }

    @Test func loadsAWellFormedVector() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write(
            ["framing/y-one.body": Array("x".utf8), "framing/y-one.json": Self.validSidecar, "README.md": []])
        let corpus = try Corpus(directory: directory.path)
        #expect(corpus.vectors.map(\.id) == ["framing/y-one"])
        #expect(corpus["framing/y-one"]?.verdict == .yes)
        #expect(corpus["framing/y-one"]?.body == Array("x".utf8))
        #expect(corpus.areas == ["framing"])
    }

    @Test func bodyWithoutSidecarIsAnError() throws {
        let found = try problems(loading: [
            "framing/y-one.body": [], "framing/y-one.json": Self.validSidecar, "framing/n-two.body": [],
        ])
        #expect(found == [.bodyWithoutSidecar(id: "framing/n-two")])
    }

    @Test func sidecarWithoutBodyIsAnError() throws {
        let found = try problems(loading: ["framing/i-three.json": Self.validSidecar])
        #expect(found == [.sidecarWithoutBody(id: "framing/i-three")])
    }

    @Test(arguments: [
        "framing/x-bad.body", "framing/y_bad.body", "framing/y-.body", "framing/y-a b.body",
        "framing/y-ok.txt", "Framing/y-ok.body", "framing/deeper/y-ok.body",
    ])
    func malformedFileNameIsAnError(path: String) throws {
        let found = try problems(loading: [path: []])
        #expect(found.contains { if case .invalidName = $0 { true } else { false } }, "\(found)")
    }

    @Test func undecodableSidecarIsAnErrorNamingTheJSONPath() throws {
        let found = try problems(loading: [
            "framing/n-bad.body": [],
            "framing/n-bad.json": Array(
                #"{"description": "d", "specs": [], "content_type": null, "diagnostics": [{"rule": "x"}]}"#.utf8),
        ])
        guard case .undecodableSidecar(let id, let reason)? = found.first, found.count == 1 else {
            Issue.record("expected one undecodable sidecar, found \(found)")
            return
        }
        #expect(id == "framing/n-bad")
        #expect(reason.contains("diagnostics[0].offset"), "\(reason)")
    }

    @Test func unknownSidecarKeyIsAnError() throws {
        let found = try problems(loading: [
            "framing/n-bad.body": [],
            "framing/n-bad.json": Array(
                #"{"description": "d", "specs": [], "content_type": null, "diagnostics": [], "diagnostic": []}"#.utf8),
        ])
        guard case .undecodableSidecar(_, let reason)? = found.first else {
            Issue.record("expected an undecodable sidecar, found \(found)")
            return
        }
        #expect(reason.contains("unknown key \"diagnostic\""), "\(reason)")
    }

    @Test func everyProblemIsReportedAtOnce() throws {
        let found = try problems(loading: [
            "framing/y-a.body": [], "framing/n-b.json": Self.validSidecar, "framing/q-c.body": [],
        ])
        #expect(found.count == 3, "\(found)")
    }
}
