import Foundation

extension Corpus {
    /// The directory of the corpus copied into this library as a SwiftPM resource, for packages that depend on it.
    ///
    /// A third-party package that certifies an encoder reads the vectors from here: the copy travels
    /// with the built library, so no path into a checkout is needed.
    /// Apple platforms keep a bundle's resources under `Contents/Resources` (macOS) or at its root
    /// (iOS); Linux at the root. `url(forResource:withExtension:)` finds the copied folder in each.
    public static var bundledDirectory: String {
        let bundle = Bundle.module
        let url = bundle.url(forResource: "Vectors", withExtension: nil)
            ?? (bundle.resourceURL ?? bundle.bundleURL).appendingPathComponent("Vectors", isDirectory: true)
        return url.path
    }

    /// Loads the corpus bundled with this library.
    /// - Returns: Every bundled vector, sorted by id.
    /// - Throws: ``CorpusError`` when the bundled corpus cannot be read.
    public static func bundled() throws(CorpusError) -> Corpus {
        try Corpus(directory: bundledDirectory)
    }
}
