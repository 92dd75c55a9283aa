import MultipartFormConformanceCore

/// Where the `vectors` subcommands find the corpus.
enum CorpusLocation {
    /// `--corpus` if given, else `$MULTIPART_VECTORS_DIR`, else `Vectors` in the current directory, else the package's.
    static func directory(option: String?) -> String {
        if let option { return option }
        if let variable = FileSystem.environment(Corpus.environmentVariable), !variable.isEmpty { return variable }
        if FileSystem.isDirectory("Vectors") { return "Vectors" }
        return Corpus.packageDirectory
    }

    /// Loads the corpus from ``directory(option:)``; on failure writes `error: …` to `stderr` and returns `nil`.
    static func corpus(option: String?, stderr: inout some TextOutputStream) -> Corpus? {
        do {
            return try Corpus(directory: directory(option: option))
        } catch {
            stderr.write("error: \(error)\n")
            return nil
        }
    }
}
