import MultipartFormConformanceCore

/// The corpus a `certify` run must grade over, pinned by its manifest's SHA-256 (`--expect-corpus-sha256`).
///
/// A workflow that pins the digest fails when an upgrade of the checker brings another corpus,
/// rather than certifying over it without a word. The digest is the one a report records
/// (`provenance.corpus.manifest_sha256`) and `--version` begins, the SHA-256 of `MANIFEST.sha256`;
/// since the manifest alone could be left behind by an edited vector, a pinned run also checks that
/// every file of the corpus matches it.
struct CorpusPin: Sendable, Hashable {
    /// The pinned digest: 64 lower-case hex digits.
    var sha256: String

    /// The pin a command-line value names: 64 hex digits in either case; `nil` for anything else.
    init?(_ text: String) {
        let digits = Array(text.lowercased().utf8)
        let isHex: (UInt8) -> Bool = {
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0)
        }
        guard digits.count == 64, digits.allSatisfy(isHex) else { return nil }
        sha256 = String(decoding: digits, as: UTF8.self)
    }

    /// Why `corpus` is not the pinned corpus, as an error message, or `nil` when it is.
    /// - Parameter corpus: The corpus the run loaded.
    /// - Returns: A compiler-style message saying what differs and what to do, or `nil`.
    func mismatch(with corpus: Corpus) -> String? {
        let place = "the corpus in \(VisibleBytes.escape(corpus.directory))"
        let identity: CorpusIdentity
        let verification: CorpusManifest.Verification
        do {
            identity = try corpus.identity()
            verification = try corpus.verifyManifest()
        } catch {
            return "\(place) cannot be checked against the pinned manifest sha256 \(sha256): \(error)"
        }
        guard identity.manifestSHA256 == sha256 else {
            return "\(place) has manifest sha256 \(identity.manifestSHA256) (\(identity.vectorCount) vectors), not the pinned \(sha256) (--expect-corpus-sha256): install the multipart-check version whose corpus you pinned, or pin this one once CHANGELOG.md says what changed"
        }
        guard verification.isClean else {
            let problems = verification.missing.count + verification.extra.count + verification.mismatched.count
            let first = verification.description.split(separator: "\n").first.map(String.init) ?? ""
            let files = problems == 1 ? "a file does" : "\(problems) files do"
            return "\(place) has the pinned manifest, but \(files) not match it (\(first)): reinstall multipart-check, whose corpus is read-only data"
        }
        return nil
    }
}
