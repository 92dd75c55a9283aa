import MultipartFormSystem

#if os(macOS) || os(Linux)
/// One real parser of `Interop/parsers.tsv`: its id, what it is, and the driver command that speaks
/// the decoder process contract for it.
///
/// The commands are written to run from the `Interop` directory (`.venv/bin/python drivers/...`), so
/// ``adapter(timeout:)`` starts them there through `/bin/sh`, as `Interop/run.sh` does.
package struct InteropParser: Sendable, Hashable {
    /// The stable id, such as `php`.
    package var id: String
    /// Its language, such as `PHP`.
    package var language: String
    /// What it is, such as `PHP request parser ($_POST, $_FILES) via php-cgi`.
    package var label: String
    /// What its API does not report (`part-order`, `text-field-content-type`), left out of comparisons.
    package var notReported: Set<UnreportedDetail>
    /// Its documented conventions (`conventions.tsv` beside the listing): readings they describe are no difference.
    package var conventions: Set<DecoderConvention> = []
    /// The shell command that prints its version.
    package var versionCommand: String
    /// The driver command, words separated by single spaces.
    package var command: String
    /// The `Interop` directory the commands run from.
    package var directory: String

    /// The listing's name inside an `Interop` directory.
    package static let listingName = "parsers.tsv"

    /// Reads `parsers.tsv` in `directory`: six tab-separated fields a line; `#` lines and blank lines are skipped.
    /// - Parameter directory: An `Interop` directory.
    /// - Returns: The parsers in listing order.
    /// - Throws: `FileSystem.Error` when the listing cannot be read, or ``ListingError`` for a malformed line.
    package static func listing(in directory: String) throws -> [InteropParser] {
        let bytes = try FileSystem.read(FileSystem.join(directory, listingName))
        var parsers: [InteropParser] = []
        for (number, line) in String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.isEmpty || line.hasPrefix("#") { continue }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 6 else {
                throw ListingError(line: number + 1, message: "expected 6 tab-separated fields, found \(fields.count)")
            }
            let unreported = fields[3] == "-" ? [] : fields[3].split(separator: ",").map { UnreportedDetail(rawValue: String($0)) }
            parsers.append(
                InteropParser(
                    id: fields[0], language: fields[1], label: fields[2], notReported: Set(unreported),
                    versionCommand: fields[4], command: fields[5], directory: directory))
        }
        let conventions = try Self.conventions(in: directory)
        for index in parsers.indices { parsers[index].conventions = conventions[parsers[index].id] ?? [] }
        return parsers
    }

    /// The listing of documented conventions beside `parsers.tsv`.
    package static let conventionsName = "conventions.tsv"

    /// Reads `conventions.tsv` in `directory` (parser id, convention, documentation; `#` lines skipped);
    /// no file is no conventions.
    /// - Parameter directory: An `Interop` directory.
    /// - Returns: Each parser's conventions, by id.
    /// - Throws: `FileSystem.Error` when the file exists but cannot be read, or ``ListingError`` for a malformed line.
    package static func conventions(in directory: String) throws -> [String: Set<DecoderConvention>] {
        let path = FileSystem.join(directory, conventionsName)
        guard FileSystem.exists(path) else { return [:] }
        var declared: [String: Set<DecoderConvention>] = [:]
        for (number, line) in String(decoding: try FileSystem.read(path), as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.isEmpty || line.hasPrefix("#") { continue }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 3 else {
                throw ListingError(line: number + 1, message: "\(conventionsName): expected 3 tab-separated fields, found \(fields.count)")
            }
            declared[fields[0], default: []].insert(DecoderConvention(rawValue: fields[1]))
        }
        return declared
    }

    /// A malformed line of `parsers.tsv`.
    package struct ListingError: Error, Sendable, CustomStringConvertible {
        /// The line's number, from 1.
        package var line: Int
        /// What is wrong with it.
        package var message: String
        /// `parsers.tsv:LINE: MESSAGE`.
        package var description: String { "\(InteropParser.listingName):\(line): \(message)" }
    }

    /// The files the driver command names inside the `Interop` directory (`drivers/x.py`,
    /// `.venv/bin/python`, `.build/...`): all must exist for the parser to be installed.
    package var localFiles: [String] {
        command.split(separator: " ").map(String.init).filter { word in
            // Absolute paths are the system's, `NAME=value` sets the environment, a `:` list is a class
            // path (``missingPieces`` checks it).
            !word.hasPrefix("/") && !word.contains("=") && !word.contains(":") && word.contains("/")
        }
    }

    /// The driver as a decoder adapter: started from the `Interop` directory, one child per body.
    /// - Parameter timeout: Seconds a child may take for one body.
    package func adapter(timeout: Double) -> ProcessDecoderAdapter {
        // The words are split on spaces and not globbed, as Interop/run.sh splits them.
        var adapter = ProcessDecoderAdapter(
            command: ["/bin/sh", "-c", "set -f; cd -- \"$0\" && exec $1", directory, command], name: label, timeout: timeout)
        adapter.unreportedDetails = notReported
        adapter.conventions = conventions
        return adapter
    }

    /// `sh -c` running `command` from `directory`, as the interop tools run the version commands.
    static func shell(_ command: String, in directory: String) -> [String] {
        ["/bin/sh", "-c", "cd -- \"$0\" && eval \"$1\"", directory, command]
    }
}
#endif
