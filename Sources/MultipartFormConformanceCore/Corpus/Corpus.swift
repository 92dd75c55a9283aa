import MultipartFormSystem

/// The conformance corpus: every vector in a `Vectors/` directory, loaded, checked for shape and sorted by id.
///
/// The loader refuses to be empty: a missing directory, a directory without vectors, a `.body`
/// without its `.json` (or the reverse), a file name that is not `<y|n|i>-<slug>` and a sidecar that
/// does not decode are all errors, reported together in one ``CorpusError``. A test parameterized
/// over an empty corpus would pass silently; one over a corpus that failed to load fails loudly.
///
/// ```swift
/// let corpus = try Corpus.load()          // $MULTIPART_VECTORS_DIR, else the package's Vectors/
/// for vector in corpus.vectors { ... }
/// ```
public struct Corpus: Sendable {
    /// The version of the corpus format (vector files, sidecar fields) this library reads: CONFORMANCE.md, "Corpus versions and stability".
    public static let formatVersion = 1

    /// The environment variable that overrides the corpus directory.
    public static let environmentVariable = "MULTIPART_VECTORS_DIR"

    /// The `Vectors/` directory of the package this library was built from, found from this source file's path.
    ///
    /// This file is `Sources/MultipartFormConformanceCore/Corpus/Corpus.swift`, so the corpus is
    /// `../../../Vectors` from it. The path is fixed at build time; it exists wherever the package's
    /// sources exist, including a dependency checkout under `.build/checkouts/`.
    public static var packageDirectory: String {
        var components = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
        components.removeLast(4)  // Sources/MultipartFormConformanceCore/Corpus/Corpus.swift
        return components.joined(separator: "/") + "/Vectors"
    }

    /// The directory ``load()`` reads: `$MULTIPART_VECTORS_DIR` when set and not empty, else ``packageDirectory``.
    /// - Parameter environment: The environment to read; `nil` reads the process's.
    /// - Returns: The directory's path.
    public static func defaultDirectory(environment: [String: String]? = nil) -> String {
        let override = environment.map { $0[environmentVariable] } ?? FileSystem.environment(environmentVariable)
        if let override, !override.isEmpty { return override }
        return packageDirectory
    }

    /// The directory the vectors were read from.
    public let directory: String
    /// Every vector, sorted by id.
    public let vectors: [ConformanceVector]

    /// Loads the corpus from ``defaultDirectory(environment:)``.
    /// - Returns: Every vector, sorted by id.
    /// - Throws: ``CorpusError`` listing every problem: a missing or empty directory, a malformed sidecar, a body without a sidecar.
    public static func load() throws(CorpusError) -> Corpus {
        try Corpus(directory: defaultDirectory())
    }

    /// Loads every vector in `directory`; throws a ``CorpusError`` listing every problem found.
    /// - Parameter directory: The corpus directory, `Vectors/` or a copy of it.
    /// - Throws: ``CorpusError`` listing every problem found; an empty corpus is one.
    public init(directory: String) throws(CorpusError) {
        self.directory = directory
        let root = directory
        guard FileSystem.isDirectory(root) else {
            throw CorpusError(directory: root, problems: [.directoryMissing])
        }
        var problems: [CorpusError.Problem] = []
        var bodies: Set<String> = []
        var sidecars: Set<String> = []

        let areas: [String]
        do {
            areas = try Self.visibleEntries(of: root)
        } catch {
            throw CorpusError(directory: root, problems: [.unreadable(path: root, reason: error.reason)])
        }
        for area in areas {
            let areaPath = FileSystem.join(directory, area)
            // Nothing in a corpus may be a symbolic link or a special file: it could point outside the
            // corpus, at a device or at a FIFO.
            switch FileSystem.kind(of: areaPath) {
            case .symbolicLink, .other:
                problems.append(.unreadable(path: areaPath, reason: Self.notPlain))
                continue
            case .directory:
                break
            case .regularFile, .missing:
                continue  // files beside the area directories (MANIFEST.sha256, README, licences) are not vectors
            }
            guard ConformanceVector.isAreaName(area) else {
                problems.append(.invalidName(path: area + "/"))
                continue
            }
            let names: [String]
            do {
                names = try Self.visibleEntries(of: areaPath)
            } catch {
                problems.append(.unreadable(path: areaPath, reason: error.reason))
                continue
            }
            for name in names {
                let relative = area + "/" + name
                switch FileSystem.kind(of: FileSystem.join(directory, relative)) {
                case .directory:
                    problems.append(.invalidName(path: relative + "/"))
                    continue
                case .symbolicLink, .other:
                    problems.append(.unreadable(path: FileSystem.join(directory, relative), reason: Self.notPlain))
                    continue
                case .regularFile, .missing:
                    break
                }
                let stem: Substring
                let isBody: Bool
                if name.hasSuffix(".body") {
                    stem = name.dropLast(5)
                    isBody = true
                } else if name.hasSuffix(".json") {
                    stem = name.dropLast(5)
                    isBody = false
                } else {
                    problems.append(.invalidName(path: relative))
                    continue
                }
                guard ConformanceVector.parse(fileStem: stem) != nil else {
                    problems.append(.invalidName(path: relative))
                    continue
                }
                let id = area + "/" + stem
                if isBody { bodies.insert(id) } else { sidecars.insert(id) }
            }
        }

        for id in bodies.subtracting(sidecars).sorted() {
            problems.append(.bodyWithoutSidecar(id: id))
        }
        for id in sidecars.subtracting(bodies).sorted() {
            problems.append(.sidecarWithoutBody(id: id))
        }

        var vectors: [ConformanceVector] = []
        for id in bodies.intersection(sidecars).sorted() {
            let body: [UInt8]
            let json: [UInt8]
            do {
                body = try FileSystem.read(FileSystem.join(directory, id + ".body"))
                json = try FileSystem.read(FileSystem.join(directory, id + ".json"))
            } catch {
                problems.append(.unreadable(path: error.path, reason: error.reason))
                continue
            }
            do {
                let sidecar = try VectorSidecar.decode(json)
                vectors.append(ConformanceVector(validID: id, body: body, sidecar: sidecar))
            } catch {
                problems.append(.undecodableSidecar(id: id, reason: error.description))
            }
        }

        if vectors.isEmpty && bodies.isEmpty && sidecars.isEmpty {
            problems.append(.noVectors)
        }
        if !problems.isEmpty {
            throw CorpusError(directory: root, problems: problems)
        }
        self.vectors = vectors
    }

    /// The vector with the given id, if the corpus has it.
    public subscript(id: String) -> ConformanceVector? {
        vectors.first { $0.id == id }
    }

    /// The area names present, sorted.
    public var areas: [String] {
        Set(vectors.map(\.area)).sorted()
    }

    /// Reads `MANIFEST.sha256` and compares it with the files in ``directory``.
    /// - Returns: Missing, extra and mismatched files; clean when there are none.
    /// - Throws: ``CorpusError`` when the manifest or a file cannot be read.
    public func verifyManifest() throws(CorpusError) -> CorpusManifest.Verification {
        try CorpusManifest(contentsOf: directory).verify(directory: directory)
    }

    /// Why a symbolic link or a special file in the corpus is an integrity error.
    static let notPlain = "a symbolic link or a special file; a corpus holds only directories and regular files"

    private static func visibleEntries(of path: String) throws(FileSystem.Error) -> [String] {
        try FileSystem.entries(of: path).filter { !$0.hasPrefix(".") }
    }
}
