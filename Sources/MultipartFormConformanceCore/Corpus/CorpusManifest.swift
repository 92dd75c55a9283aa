import MultipartFormSystem

/// The checksum manifest `Vectors/MANIFEST.sha256`: one `sha256sum` line per `.body` and `.json` file.
///
/// Each line is `<64 lower-case hex digits>  <path relative to Vectors/>`, sorted by path, as
/// `sha256sum` prints it and `sha256sum -c` reads it. The manifest guards the bytes of every vector
/// against editors, `core.autocrlf` and well-meaning tools; ``verify(directory:)`` reports any drift.
public struct CorpusManifest: Sendable, Hashable {
    /// The manifest's file name inside the corpus directory.
    public static let fileName = "MANIFEST.sha256"

    /// The recorded digests, as lower-case hex, by path relative to the corpus directory.
    public var entries: [String: String]

    /// Creates a manifest from digests keyed by relative path.
    /// - Parameter entries: Hex SHA-256 digests by path relative to the corpus directory.
    public init(entries: [String: String]) {
        self.entries = entries
    }

    /// Parses manifest text in `sha256sum` format; throws on a malformed or duplicated line.
    /// - Parameter text: The manifest's content: `<digest>  <path>` lines.
    /// - Throws: ``CorpusError`` listing every malformed or duplicated line.
    public init(parsing text: String) throws(CorpusError) {
        var entries: [String: String] = [:]
        var problems: [CorpusError.Problem] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.isEmpty { continue }
            let lineNumber = index + 1
            let utf8 = Array(line.utf8)
            // `<hex>  <path>` (text mode) or `<hex> *<path>` (binary mode); both name the same bytes.
            guard utf8.count > 66, utf8[0..<64].allSatisfy(Self.isLowerHex), utf8[64] == UInt8(ascii: " "),
                utf8[65] == UInt8(ascii: " ") || utf8[65] == UInt8(ascii: "*")
            else {
                problems.append(.invalidManifestLine(line: lineNumber, text: String(line)))
                continue
            }
            let digest = String(decoding: utf8[0..<64], as: UTF8.self)
            let path = String(decoding: utf8[66...], as: UTF8.self)
            if path.hasSuffix("\r") || path.hasPrefix("/") || path.split(separator: "/").contains("..") {
                problems.append(.invalidManifestLine(line: lineNumber, text: String(line)))
                continue
            }
            if entries[path] != nil {
                problems.append(.invalidManifestLine(line: lineNumber, text: String(line) + " (duplicate path)"))
                continue
            }
            entries[path] = digest
        }
        if !problems.isEmpty {
            throw CorpusError(directory: nil, problems: problems)
        }
        self.entries = entries
    }

    /// Reads and parses `MANIFEST.sha256` in `directory`.
    /// - Parameter directory: The corpus directory holding `MANIFEST.sha256`.
    /// - Throws: ``CorpusError`` when the manifest is missing, unreadable or malformed.
    public init(contentsOf directory: String) throws(CorpusError) {
        try self.init(parsing: Self.file(in: directory).text)
    }

    /// The bytes of `MANIFEST.sha256` in `directory`, and their text.
    /// - Throws: ``CorpusError`` when the manifest is missing, unreadable or not UTF-8.
    static func file(in directory: String) throws(CorpusError) -> (bytes: [UInt8], text: String) {
        let path = FileSystem.join(directory, fileName)
        guard FileSystem.exists(path) else {
            throw CorpusError(directory: directory, problems: [.manifestMissing])
        }
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.read(path)
        } catch {
            throw CorpusError(directory: directory, problems: [.unreadable(path: path, reason: error.reason)])
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw CorpusError(directory: directory, problems: [.unreadable(path: path, reason: "not UTF-8 text")])
        }
        return (bytes, text)
    }

    /// Computes the manifest that `directory` should have: the digest of every `.body` and `.json` file below it.
    /// - Parameter directory: The corpus directory.
    /// - Returns: The manifest of the files there now.
    /// - Throws: ``CorpusError`` when a file cannot be read or is not a plain file.
    public static func computed(for directory: String) throws(CorpusError) -> CorpusManifest {
        var entries: [String: String] = [:]
        for path in try coveredFiles(in: directory) {
            entries[path] = try digest(of: FileSystem.join(directory, path))
        }
        return CorpusManifest(entries: entries)
    }

    /// The digest of `bytes` as 64 lower-case hex digits, as the manifest records it.
    /// - Parameter bytes: File content.
    /// - Returns: The SHA-256 digest in lower-case hex.
    public static func digest(_ bytes: [UInt8]) -> String {
        var hasher = SHA256()
        hasher.update(bytes)
        return SHA256.hex(hasher.finalize())
    }

    /// The manifest in `sha256sum` format, sorted by path, each line ending in LF.
    public var text: String {
        entries.keys.sorted(by: { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) })
            .map { "\(entries[$0]!)  \($0)\n" }.joined()
    }

    /// Compares the manifest with the files in `directory`: missing files, files it does not list, and changed bytes.
    /// - Parameter directory: The corpus directory.
    /// - Returns: Missing, extra and mismatched files; clean when there are none.
    /// - Throws: ``CorpusError`` when a file cannot be read.
    public func verify(directory: String) throws(CorpusError) -> Verification {
        let present = Set(try Self.coveredFiles(in: directory))
        var missing: [String] = []
        var mismatched: [Verification.Mismatch] = []
        for (path, expected) in entries.sorted(by: { $0.key < $1.key }) {
            let fullPath = FileSystem.join(directory, path)
            // A line may name only a file inside the corpus reached through plain directories.
            guard FileSystem.isPlainPath(path, under: directory) else {
                throw CorpusError(
                    directory: directory,
                    problems: [.unreadable(path: path, reason: "the manifest names a path outside the corpus, hidden, or through a symbolic link")])
            }
            guard FileSystem.exists(fullPath) else {
                missing.append(path)
                continue
            }
            let actual = try Self.digest(of: fullPath)
            if actual != expected {
                mismatched.append(Verification.Mismatch(path: path, expected: expected, actual: actual))
            }
        }
        let extra = present.subtracting(entries.keys).sorted()
        return Verification(missing: missing, extra: extra, mismatched: mismatched)
    }

    /// The `.body` and `.json` files below `directory`, as sorted relative paths; hidden entries are skipped.
    static func coveredFiles(in directory: String) throws(CorpusError) -> [String] {
        guard FileSystem.isDirectory(directory) else {
            throw CorpusError(directory: directory, problems: [.directoryMissing])
        }
        var paths: [String] = []
        var pending = [""]
        while let relative = pending.popLast() {
            let names: [String]
            do {
                names = try FileSystem.entries(of: FileSystem.join(directory, relative))
            } catch {
                throw CorpusError(directory: directory, problems: [.unreadable(path: error.path, reason: error.reason)])
            }
            for name in names where !name.hasPrefix(".") {
                let path = relative.isEmpty ? name : relative + "/" + name
                if FileSystem.kind(of: FileSystem.join(directory, path)) == .directory {
                    pending.append(path)
                } else if name.hasSuffix(".body") || name.hasSuffix(".json") {
                    paths.append(path)
                }
            }
        }
        return paths.sorted()
    }

    private static func digest(of path: String) throws(CorpusError) -> String {
        do {
            return digest(try FileSystem.read(path))
        } catch {
            throw CorpusError(directory: nil, problems: [.unreadable(path: path, reason: error.reason)])
        }
    }

    private static func isLowerHex(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
    }
}
