/// Which corpus a run used: the SHA-256 of its `MANIFEST.sha256` file and the number of vectors it lists.
///
/// The manifest records the digest of every vector file, so its own digest names the corpus's exact
/// bytes as published. Certification reports carry the identity, `report merge` compares it, and
/// `multipart-check --version` prints it. The identity is read from the manifest alone; `vectors
/// check` verifies that the files still match it.
public struct CorpusIdentity: Sendable, Hashable, CustomStringConvertible {
    /// The SHA-256 of the manifest file's bytes, as 64 lower-case hex digits.
    public var manifestSHA256: String
    /// The number of vectors (`.body` files) the manifest lists.
    public var vectorCount: Int

    /// Creates an identity from its two parts.
    /// - Parameters:
    ///   - manifestSHA256: The manifest's digest in lower-case hex.
    ///   - vectorCount: The number of vectors it lists.
    public init(manifestSHA256: String, vectorCount: Int) {
        self.manifestSHA256 = manifestSHA256
        self.vectorCount = vectorCount
    }

    /// Reads the identity of the corpus in `directory` from its manifest.
    /// - Parameter directory: A corpus directory holding `MANIFEST.sha256`.
    /// - Throws: ``CorpusError`` when the manifest is missing, unreadable or malformed.
    public init(directory: String) throws(CorpusError) {
        let file = try CorpusManifest.file(in: directory)
        let manifest = try CorpusManifest(parsing: file.text)
        self.init(
            manifestSHA256: CorpusManifest.digest(file.bytes), vectorCount: manifest.entries.keys.count { $0.hasSuffix(".body") })
    }

    /// The first twelve hex digits of the digest: enough to tell corpora apart in a table.
    public var shortDigest: String { String(manifestSHA256.prefix(12)) }

    /// The vector count and the ``shortDigest``, as in `N vectors, manifest sha256 0123456789ab...`.
    public var description: String { "\(vectorCount) vectors, manifest sha256 \(shortDigest)..." }
}

extension Corpus {
    /// The identity of this corpus, read from the manifest in its directory.
    /// - Returns: The manifest's digest and vector count.
    /// - Throws: ``CorpusError`` when the manifest is missing, unreadable or malformed.
    public func identity() throws(CorpusError) -> CorpusIdentity {
        try CorpusIdentity(directory: directory)
    }
}
