import MultipartFormConformanceCore
import MultipartFormSystem

/// Where the subcommands that read the corpus find it.
///
/// The commands that work on a corpus (`vectors`, `compare`, the evidence of `rules` and `explain`)
/// look, in order: `--corpus`, `$MULTIPART_VECTORS_DIR`, `Vectors` in the current directory, the
/// corpus installed beside the executable (`<prefix>/share/multipart-check/Vectors` for
/// `<prefix>/bin/multipart-check`, as `.tools/install.sh` lays it out), and last the `Vectors`
/// directory of the package the tool was built from, while that source tree exists.
///
/// A certificate (`certify`, `--version`) is earned over the *shipped* corpus: the installed one,
/// else the package's, never the current directory's or the environment's, so that no folder a run
/// happens to start in can change what a level means. Only an explicit `--corpus DIR` grades over
/// another, and the report then records that it did (``shippedCorpus(option:stderr:)``).
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

    /// The shipped corpus's directory: the one installed beside the executable, else the package's.
    static func shippedDirectory() -> String {
        if let installed = installedDirectory(), FileSystem.isDirectory(installed) { return installed }
        return Corpus.packageDirectory
    }

    /// Loads the corpus a certificate is graded over and says whether it is the shipped one: the
    /// shipped corpus without `--corpus`; with it, the directory given, which is the shipped corpus
    /// only when its manifest is the shipped corpus's. On failure writes `error: …` and returns `nil`.
    static func shippedCorpus(
        option: String?, stderr: inout some TextOutputStream
    ) -> (corpus: Corpus, origin: CertificationProvenance.CorpusOrigin)? {
        let directory = option ?? shippedDirectory()
        let corpus: Corpus
        do {
            corpus = try Corpus(directory: directory)
        } catch {
            stderr.write("error: \(error)\n")
            if option == nil {
                stderr.write(
                    "note: certify reads the corpus installed with multipart-check (\(installedDirectory() ?? "<prefix>/share/multipart-check/Vectors")); .tools/install.sh PREFIX installs the binary and the corpus together, or pass --corpus DIR\n")
            }
            return nil
        }
        guard option != nil else { return (corpus, .shipped) }
        let shipped = try? CorpusIdentity(directory: shippedDirectory())
        let given = try? corpus.identity()
        return (corpus, shipped != nil && shipped?.manifestSHA256 == given?.manifestSHA256 ? .shipped : .other)
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

    /// The `--version` line about the shipped corpus (the one `certify` grades over): its format, its
    /// size and its manifest's digest, read from the manifest alone (printing a version does not load
    /// every vector); `found` is false when there is none.
    static func versionLine() -> (text: String, found: Bool) {
        let directory = shippedDirectory()
        guard let identity = try? CorpusIdentity(directory: directory) else {
            return ("corpus: not found (looked last in \(directory))", false)
        }
        return ("corpus: format \(Corpus.formatVersion), \(identity) (\(directory))", true)
    }
}
