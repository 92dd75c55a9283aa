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
}
