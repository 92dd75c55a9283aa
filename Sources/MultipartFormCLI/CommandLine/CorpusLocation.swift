import MultipartFormConformanceCore
import MultipartFormSystem

/// Where the subcommands that read the corpus find it.
///
/// In order: `--corpus`, `$MULTIPART_VECTORS_DIR`, `Vectors` in the current directory, the corpus
/// installed beside the executable (`<prefix>/share/multipart-check/Vectors` for
/// `<prefix>/bin/multipart-check`, as `.tools/install.sh` lays it out), and last the `Vectors`
/// directory of the package the tool was built from, while that source tree exists.
enum CorpusLocation {
    /// The installed corpus's path relative to the executable's directory.
    static let installedRelativePath = "../share/multipart-check/Vectors"

    /// The corpus directory to read.
    static func directory(option: String?) -> String {
        if let option { return option }
        if let variable = FileSystem.environment(Corpus.environmentVariable), !variable.isEmpty { return variable }
        if FileSystem.isDirectory("Vectors") { return "Vectors" }
        if let installed = installedDirectory(), FileSystem.isDirectory(installed) { return installed }
        return Corpus.packageDirectory
    }

    /// The corpus an installed executable reads, whether or not it exists.
    static func installedDirectory() -> String? {
        ExecutableLocation.directory().map { FileSystem.join($0, installedRelativePath) }
    }

    /// Loads the corpus from ``directory(option:)``; on failure writes `error: …` to `stderr` and returns `nil`.
    /// What real parsers made of the corpus (`Interop/results/evidence.json` beside the corpus directory), or `nil`
    /// when there is none or it cannot be read: the evidence only adds to the rules, so its absence is silent.
    static func interopEvidence(option: String? = nil) -> InteropEvidence? {
        try? InteropEvidence.beside(corpusDirectory: directory(option: option))
    }

    static func corpus(option: String?, stderr: inout some TextOutputStream) -> Corpus? {
        do {
            return try Corpus(directory: directory(option: option))
        } catch {
            stderr.write("error: \(error)\n")
            if option == nil, FileSystem.environment(Corpus.environmentVariable) == nil {
                let installed = installedDirectory() ?? "<prefix>/share/multipart-check/Vectors"
                stderr.write(
                    "note: an installed multipart-check reads its corpus from \(installed); .tools/install.sh PREFIX installs the binary and the corpus together, or pass --corpus DIR\n")
            }
            return nil
        }
    }

    /// The `--version` line about the corpus: its format, its size and its manifest's digest, read
    /// from the manifest alone (printing a version does not load every vector).
    static func versionLine() -> String {
        let directory = directory(option: nil)
        guard let identity = try? CorpusIdentity(directory: directory) else {
            return "corpus: not found (looked last in \(directory))"
        }
        return "corpus: format \(Corpus.formatVersion), \(identity) (\(directory))"
    }
}
