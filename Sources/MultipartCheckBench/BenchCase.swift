import MultipartFormCLI
/// One body shape `bench` measures: its parts in order, and how the validator is fed.
///
/// A case is a plan computed from its name and a scale, so the parent process and every worker
/// process derive the same layout without sharing anything but those two values. Bodies are
/// written exactly as ``MultipartForm/ReferenceEncoder`` writes the same form with
/// ``boundary``: the encode measurement produces the body the other measurements read.
struct BenchCase: Sendable {
    /// The shapes, in the order they are measured and printed.
    enum Name: String, CaseIterable, Sendable {
        case bigBinary = "big-binary"
        case manyFields = "many-fields"
        case crlfHeavy = "crlf-heavy"
        case mixed
        case chunked

        /// One line saying what the body holds at scale 1.
        var summary: String {
            switch self {
            case .bigBinary: return "256 MiB file part of random bytes and 3 small fields"
            case .manyFields: return "100,000 small text fields"
            case .crlfHeavy: return "64 MiB file part dense in CRLF, '\\r\\n--' and prefixes of the boundary"
            case .mixed: return "1,000 file parts of 64 KiB of random bytes"
            case .chunked: return "4 MiB of fields and 64 KiB files (random and CRLF-dense), fed 1 byte at a time"
            }
        }
    }

    /// What a part holds.
    enum Content: Sendable {
        /// A text field's value.
        case text(String)
        /// File content of `size` bytes, also written to `path` for the encoder to read.
        case file(path: String, filename: String, size: Int, pattern: Pattern)
    }

    /// How file content is generated, deterministically.
    enum Pattern: Sendable {
        /// Pseudo-random bytes, starting at `offset` in a fixed random block.
        case random(offset: Int)
        /// ``BenchCase/denseFragment`` repeated: CRLF, `\r\n--` and every proper prefix of the boundary.
        case dense
    }

    /// One part: its field name and content.
    struct Part: Sendable {
        var name: String
        var content: Content
    }

    /// The boundary of every bench body (WebKit's style, 38 characters).
    static let boundary = "----WebKitFormBoundary7MA4YWxkTrZu0gW"
    /// The outer Content-Type value.
    static let contentType = "multipart/form-data; boundary=" + boundary
    /// The Content-Type of every file part.
    static let fileContentType = "application/octet-stream"

    /// Content dense in line breaks: for each proper prefix P of the boundary, `\r\n--P\r\n\r\n--`.
    static let denseFragment: [UInt8] = {
        let boundary = Array(Self.boundary.utf8)
        var fragment: [UInt8] = []
        for length in 1..<boundary.count {
            fragment += Array("\r\n--".utf8) + boundary[..<length] + Array("\r\n\r\n--".utf8)
        }
        return fragment
    }()

    let name: Name
    /// The scale the plan was made at (1 is the documented size).
    let scale: Double
    /// The directory holding the body and the files its file parts come from.
    let directory: String
    /// How many parts the body has.
    let partCount: Int
    /// The size of each file part (64 KiB for mixed, and for chunked at scale 1).
    private let fileSize: Int

    /// The body file.
    var bodyPath: String { directory + "/body" }
    /// Bytes handed to the validator at a time: 1 for `chunked`, else the size `validate` reads.
    var feedSize: Int { name == .chunked ? 1 : BodyInput.chunkSize }
    /// Bytes per chunk the encoder is asked for: the same as ``feedSize``.
    var encodeChunkSize: Int { feedSize }

    /// Plans the case `name` at `scale` with its files in `directory`.
    ///
    /// Parts are computed on demand by ``part(_:)``, so planning 100,000 fields costs no memory in a
    /// worker that only reads the body.
    init(_ name: Name, scale: Double, directory: String) {
        self.name = name
        self.scale = scale
        self.directory = directory
        func count(_ full: Int) -> Int { max(1, Int((Double(full) * scale).rounded())) }
        switch name {
        case .bigBinary:
            partCount = 4
            fileSize = count(256 << 20)
        case .manyFields:
            partCount = count(100_000)
            fileSize = 0
        case .crlfHeavy:
            partCount = 1
            let fragment = Self.denseFragment.count
            fileSize = max(1, count(64 << 20) / fragment) * fragment
        case .mixed:
            partCount = count(1_000)
            fileSize = 64 << 10
        case .chunked:
            // Fed a byte at a time, the slowest case per byte: below scale 1 its files shrink too, so a
            // small scale stays quick.
            partCount = 2 * count(64)
            fileSize = min(64 << 10, count(64 << 10))
        }
    }

    /// The part at `index` (less than ``partCount``).
    func part(_ index: Int) -> Part {
        func file(_ number: Int, pattern: Pattern) -> Content {
            let filename = "file\(number).bin"
            return .file(path: directory + "/" + filename, filename: filename, size: fileSize, pattern: pattern)
        }
        switch name {
        case .bigBinary:
            if index < 3 { return Part(name: ["a", "b", "c"][index], content: .text("value")) }
            return Part(name: "file", content: file(0, pattern: .random(offset: 0)))
        case .manyFields:
            return Part(name: "field\(index)", content: .text("value \(index)"))
        case .crlfHeavy:
            return Part(name: "file", content: file(0, pattern: .dense))
        case .mixed:
            return Part(name: "file\(index)", content: file(index, pattern: .random(offset: index * 4099)))
        case .chunked:
            let number = index / 2
            if index % 2 == 0 { return Part(name: "note\(number)", content: .text("chunk \(number)")) }
            return Part(name: "file\(number)", content: file(number, pattern: number % 2 == 0 ? .random(offset: number * 4099) : .dense))
        }
    }

    /// The number of delimiters after the first (each part's closing `\r\n--boundary`, then the close delimiter's).
    var delimitersAfterFirst: Int { partCount }

    // MARK: Bytes

    /// The bytes that precede a part's content: its delimiter line and headers (after the first part, the
    /// previous part's closing CRLF comes first).
    func head(of index: Int) -> [UInt8] {
        let part = part(index)
        var head = index == 0 ? [] : Array("\r\n".utf8)
        head += Array("--\(Self.boundary)\r\nContent-Disposition: form-data; name=\"\(part.name)\"".utf8)
        if case .file(_, let filename, _, _) = part.content {
            head += Array("; filename=\"\(filename)\"\r\nContent-Type: \(Self.fileContentType)".utf8)
        }
        head += Array("\r\n\r\n".utf8)
        if case .text(let value) = part.content { head += Array(value.utf8) }
        return head
    }

    /// The close delimiter line after the last part's content.
    var closing: [UInt8] { Array("\r\n--\(Self.boundary)--\r\n".utf8) }

    /// The body's size in bytes, computed from the plan.
    var bodySize: Int {
        var total = closing.count
        for index in 0..<partCount {
            total += head(of: index).count
            if case .file(_, _, let size, _) = part(index).content { total += size }
        }
        return total
    }
}
