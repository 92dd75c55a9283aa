import Foundation

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
    public init(entries: [String: String]) {
        self.entries = entries
    }

    /// Parses manifest text in `sha256sum` format; throws on a malformed or duplicated line.
    public init(parsing text: String) throws {
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
    public init(contentsOf directory: URL) throws {
        let url = directory.appendingPathComponent(Self.fileName)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw CorpusError(directory: directory.path, problems: [.manifestMissing])
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw CorpusError(
                directory: directory.path, problems: [.unreadable(path: url.path, reason: "not UTF-8 text")])
        }
        try self.init(parsing: text)
    }

    /// Computes the manifest that `directory` should have: the digest of every `.body` and `.json` file below it.
    public static func computed(for directory: URL) throws -> CorpusManifest {
        var entries: [String: String] = [:]
        for path in try coveredFiles(in: directory) {
            entries[path] = try digest(of: directory.appendingPathComponent(path))
        }
        return CorpusManifest(entries: entries)
    }

    /// The manifest in `sha256sum` format, sorted by path, each line ending in LF.
    public var text: String {
        entries.keys.sorted(by: { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) })
            .map { "\(entries[$0]!)  \($0)\n" }.joined()
    }

    /// Compares the manifest with the files in `directory`: missing files, files it does not list, and changed bytes.
    public func verify(directory: URL) throws -> Verification {
        let present = Set(try Self.coveredFiles(in: directory))
        var missing: [String] = []
        var mismatched: [Verification.Mismatch] = []
        for (path, expected) in entries.sorted(by: { $0.key < $1.key }) {
            let url = directory.appendingPathComponent(path)
            guard FileManager.default.fileExists(atPath: url.path) else {
                missing.append(path)
                continue
            }
            let actual = try Self.digest(of: url)
            if actual != expected {
                mismatched.append(Verification.Mismatch(path: path, expected: expected, actual: actual))
            }
        }
        let extra = present.subtracting(entries.keys).sorted()
        return Verification(missing: missing, extra: extra, mismatched: mismatched)
    }

    /// The `.body` and `.json` files below `directory`, as sorted relative paths; hidden entries are skipped.
    static func coveredFiles(in directory: URL) throws -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue
        else {
            throw CorpusError(directory: directory.path, problems: [.directoryMissing])
        }
        guard let enumerator = FileManager.default.enumerator(atPath: directory.path) else {
            throw CorpusError(
                directory: directory.path, problems: [.unreadable(path: directory.path, reason: "cannot list")])
        }
        var paths: [String] = []
        while let path = enumerator.nextObject() as? String {
            if path.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { continue }
            if path.hasSuffix(".body") || path.hasSuffix(".json") {
                paths.append(path)
            }
        }
        return paths.sorted()
    }

    private static func digest(of url: URL) throws -> String {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw CorpusError(directory: nil, problems: [.unreadable(path: url.path, reason: "cannot read file")])
        }
        var hasher = SHA256()
        data.withUnsafeBytes { hasher.update($0) }
        return SHA256.hex(hasher.finalize())
    }

    private static func isLowerHex(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
    }
}
