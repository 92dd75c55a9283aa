import Foundation

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
    /// The environment variable that overrides the corpus directory.
    public static let environmentVariable = "MULTIPART_VECTORS_DIR"

    /// The `Vectors/` directory of the package this library was built from, found from this source file's path.
    ///
    /// This file is `Sources/MultipartFormConformance/Corpus.swift`, so the corpus is `../../Vectors`
    /// from it. The path is fixed at build time; it exists wherever the package's sources exist,
    /// including a dependency checkout under `.build/checkouts/`.
    public static var packageDirectory: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // Corpus.swift
            .deletingLastPathComponent()  // MultipartFormConformance
            .deletingLastPathComponent()  // Sources
            .appendingPathComponent("Vectors", isDirectory: true)
    }

    /// The directory ``load()`` reads: `$MULTIPART_VECTORS_DIR` when set and not empty, else ``packageDirectory``.
    public static func defaultDirectory(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> URL {
        if let override = environment[environmentVariable], !override.isEmpty {
            return URL(fileURLWithPath: override, isDirectory: true)
        }
        return packageDirectory
    }

    /// The directory the vectors were read from.
    public let directory: URL
    /// Every vector, sorted by id.
    public let vectors: [ConformanceVector]

    /// Loads the corpus from ``defaultDirectory(environment:)``.
    public static func load() throws -> Corpus {
        try Corpus(directory: defaultDirectory())
    }

    /// Loads every vector in `directory`; throws a ``CorpusError`` listing every problem found.
    public init(directory: URL) throws {
        self.directory = directory
        let fileManager = FileManager.default
        let root = directory.path
        guard Self.isDirectory(root) else {
            throw CorpusError(directory: root, problems: [.directoryMissing])
        }
        var problems: [CorpusError.Problem] = []
        var bodies: Set<String> = []
        var sidecars: Set<String> = []

        for area in try Self.visibleEntries(of: root) {
            let areaPath = directory.appendingPathComponent(area).path
            // Files beside the area directories (MANIFEST.sha256, README, licences) are not vectors.
            guard Self.isDirectory(areaPath) else { continue }
            guard ConformanceVector.isAreaName(area) else {
                problems.append(.invalidName(path: area + "/"))
                continue
            }
            let names: [String]
            do {
                names = try Self.visibleEntries(of: areaPath)
            } catch {
                problems.append(.unreadable(path: areaPath, reason: "\(error)"))
                continue
            }
            for name in names {
                let relative = area + "/" + name
                if Self.isDirectory(directory.appendingPathComponent(relative).path) {
                    problems.append(.invalidName(path: relative + "/"))
                    continue
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
            let bodyPath = directory.appendingPathComponent(id + ".body").path
            let sidecarPath = directory.appendingPathComponent(id + ".json").path
            guard let body = fileManager.contents(atPath: bodyPath) else {
                problems.append(.unreadable(path: bodyPath, reason: "cannot read file"))
                continue
            }
            guard let json = fileManager.contents(atPath: sidecarPath) else {
                problems.append(.unreadable(path: sidecarPath, reason: "cannot read file"))
                continue
            }
            do {
                let sidecar = try VectorSidecar.decode(json)
                vectors.append(try ConformanceVector(id: id, body: Array(body), sidecar: sidecar))
            } catch {
                problems.append(.undecodableSidecar(id: id, reason: Self.describe(error)))
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
    public func verifyManifest() throws -> CorpusManifest.Verification {
        try CorpusManifest(contentsOf: directory).verify(directory: directory)
    }

    private static func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    private static func visibleEntries(of path: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path).filter { !$0.hasPrefix(".") }.sorted()
    }

    /// Turns a decoding error into one line naming the JSON path, e.g. `parts[0].name: ...`.
    static func describe(_ error: any Error) -> String {
        func path(_ keys: [any CodingKey]) -> String {
            var text = ""
            for key in keys {
                if let index = key.intValue {
                    text += "[\(index)]"
                } else {
                    text += (text.isEmpty ? "" : ".") + key.stringValue
                }
            }
            return text.isEmpty ? "top level" : text
        }
        guard let error = error as? DecodingError else {
            return "\(error)"
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "\(path(context.codingPath + [key])): required key is missing"
        case .typeMismatch(let type, let context):
            return "\(path(context.codingPath)): expected \(type); \(context.debugDescription)"
        case .valueNotFound(let type, let context):
            return "\(path(context.codingPath)): expected \(type), found null"
        case .dataCorrupted(let context):
            var text = "\(path(context.codingPath)): \(context.debugDescription)"
            if let underlying = context.underlyingError {
                text += " (\(underlying))"
            }
            return text
        @unknown default:
            return "\(error)"
        }
    }
}
