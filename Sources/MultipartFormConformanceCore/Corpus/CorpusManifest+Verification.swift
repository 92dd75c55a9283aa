extension CorpusManifest {
    /// How the files on disk differ from the manifest: files it lists that are gone, files it does not list, changed bytes.
    public struct Verification: Sendable, Hashable, CustomStringConvertible {
        /// A file whose bytes no longer match the recorded digest.
        public struct Mismatch: Sendable, Hashable {
            /// The path relative to the corpus directory.
            public var path: String
            /// The digest the manifest records.
            public var expected: String
            /// The digest of the file on disk.
            public var actual: String

            /// Creates a mismatch record.
            package init(path: String, expected: String, actual: String) {
                self.path = path
                self.expected = expected
                self.actual = actual
            }
        }

        /// Paths the manifest lists that do not exist.
        public var missing: [String]
        /// `.body` and `.json` files that exist but the manifest does not list.
        public var extra: [String]
        /// Files whose bytes differ from the recorded digest.
        public var mismatched: [Mismatch]

        /// Creates a verification result.
        package init(missing: [String], extra: [String], mismatched: [Mismatch]) {
            self.missing = missing
            self.extra = extra
            self.mismatched = mismatched
        }

        /// Whether every file matches the manifest exactly.
        public var isClean: Bool { missing.isEmpty && extra.isEmpty && mismatched.isEmpty }

        /// One line per problem, or a line saying the corpus matches.
        public var description: String {
            if isClean { return "every file matches \(CorpusManifest.fileName)" }
            var lines: [String] = []
            lines += missing.map { "missing: \($0) is listed in \(CorpusManifest.fileName) but does not exist" }
            lines += extra.map { "extra: \($0) is not listed in \(CorpusManifest.fileName)" }
            lines += mismatched.map {
                "changed: \($0.path) has sha256 \($0.actual), \(CorpusManifest.fileName) records \($0.expected)"
            }
            lines.append(
                "(bytes of vectors must never be rewritten; a contributor's new vector is recorded by "
                    + "`multipart-check vectors new`, which updates the manifest)")
            return lines.joined(separator: "\n")
        }
    }
}
