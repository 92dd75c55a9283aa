/// Every problem found while loading a corpus; the loader reports them all at once instead of stopping at the first.
public struct CorpusError: Error, Sendable, Hashable, CustomStringConvertible {
    /// One reason the corpus could not be loaded.
    public enum Problem: Sendable, Hashable, CustomStringConvertible {
        /// The corpus directory does not exist or is not a directory.
        case directoryMissing
        /// The corpus directory holds no vector at all.
        case noVectors
        /// A file or directory could not be read.
        case unreadable(path: String, reason: String)
        /// A file or directory name does not follow `<area>/<y|n|i>-<slug>.body|.json`.
        case invalidName(path: String)
        /// A `.body` file has no `.json` sidecar next to it.
        case bodyWithoutSidecar(id: String)
        /// A `.json` sidecar has no `.body` file next to it.
        case sidecarWithoutBody(id: String)
        /// A sidecar is not valid JSON or does not have the documented shape.
        case undecodableSidecar(id: String, reason: String)
        /// The directory has no `MANIFEST.sha256`.
        case manifestMissing
        /// A manifest line is not `<64 lower-case hex digits>  <relative path>`, or repeats a path.
        case invalidManifestLine(line: Int, text: String)

        /// The problem as one line.
        public var description: String {
            switch self {
            case .directoryMissing:
                "the corpus directory does not exist"
            case .noVectors:
                "the corpus directory holds no vectors (expected <area>/<y|n|i>-<slug>.body and .json files)"
            case .unreadable(let path, let reason):
                "cannot read \(path): \(reason)"
            case .invalidName(let path):
                "\(path): not a vector file name; expected <area>/<y|n|i>-<slug>.body or .json "
                    + "(area: a-z, 0-9, '-'; slug: ASCII letters, digits, '-', '_', '.')"
            case .bodyWithoutSidecar(let id):
                "\(id).body has no sidecar \(id).json"
            case .sidecarWithoutBody(let id):
                "\(id).json has no body file \(id).body"
            case .undecodableSidecar(let id, let reason):
                "\(id).json does not decode: \(reason)"
            case .manifestMissing:
                "\(CorpusManifest.fileName) is missing"
            case .invalidManifestLine(let line, let text):
                "\(CorpusManifest.fileName):\(line): expected '<sha256 hex>  <relative path>', found '\(text)'"
            }
        }
    }

    /// The corpus directory that was being loaded, if the problem concerns one.
    public let directory: String?
    /// Every problem found, in a stable order.
    public let problems: [Problem]

    /// Creates an error listing the problems found in `directory`.
    package init(directory: String?, problems: [Problem]) {
        self.directory = directory
        self.problems = problems
    }

    /// A multi-line report: the directory, then one line per problem, then how to point the loader elsewhere.
    public var description: String {
        var lines = ["cannot load the conformance corpus" + (directory.map { " at \($0)" } ?? "") + ":"]
        lines += problems.map { "  - \($0)" }
        lines.append("  (set \(Corpus.environmentVariable) to read another corpus directory)")
        return lines.joined(separator: "\n")
    }
}
