import Foundation

extension Corpus {
    /// The directory of the corpus copied into this library as a SwiftPM resource, for packages that depend on it.
    ///
    /// A third-party package that certifies an encoder reads the vectors from here: the copy travels
    /// with the built library, so no path into a checkout is needed.
    public static var bundledDirectory: String {
        Bundle.module.bundleURL.appendingPathComponent("Vectors", isDirectory: true).path
    }

    /// Loads the corpus bundled with this library.
    public static func bundled() throws(CorpusError) -> Corpus {
        try Corpus(directory: bundledDirectory)
    }
}
