import MultipartForm

/// One vector of the corpus: its id, its verdict, the raw body bytes and the sidecar that says what they mean.
///
/// The id is `<area>/<verdict>-<slug>`, for example `framing/n-delimiter-bare-lf`; it names the files
/// `Vectors/<area>/<verdict>-<slug>.body` and `.json` and never changes once published.
public struct ConformanceVector: Sendable, Hashable, Identifiable, CustomStringConvertible {
    /// What a vector's file-name prefix promises about the strict validator's verdict.
    public enum Verdict: String, Sendable, Hashable, CaseIterable {
        /// `y-`: no error; warnings and notes are allowed, and the listed parts must be decoded exactly.
        case yes = "y"
        /// `n-`: at least one error.
        case no = "n"
        /// `i-`: the specifications leave receivers a choice; the sidecar lists the acceptable outcomes.
        case implementation = "i"
    }

    /// The stable id, `<area>/<verdict>-<slug>`.
    public let id: String
    /// The area directory the vector lives in, for example `framing`.
    public let area: String
    /// The verdict promised by the file-name prefix.
    public let verdict: Verdict
    /// The part of the file name after the verdict prefix.
    public let slug: String
    /// The raw body bytes, exactly as stored in the `.body` file.
    public let body: [UInt8]
    /// The expectations, as stored in the `.json` file.
    public let sidecar: VectorSidecar

    /// Creates a vector from its id, body and sidecar; throws when the id is not `<area>/<y|n|i>-<slug>`.
    /// - Parameters:
    ///   - id: `<area>/<y|n|i>-<slug>`.
    ///   - body: The raw body bytes.
    ///   - sidecar: The expectations.
    /// - Throws: ``CorpusError`` with ``CorpusError/Problem/invalidName(path:)`` for a malformed id.
    public init(id: String, body: [UInt8], sidecar: VectorSidecar) throws(CorpusError) {
        guard Self.parse(id: id) != nil else {
            throw CorpusError(directory: nil, problems: [.invalidName(path: id)])
        }
        self.init(validID: id, body: body, sidecar: sidecar)
    }

    /// Creates a vector whose id the caller has already checked.
    init(validID id: String, body: [UInt8], sidecar: VectorSidecar) {
        let (area, verdict, slug) = Self.parse(id: id)!
        self.id = id
        self.area = area
        self.verdict = verdict
        self.slug = slug
        self.body = body
        self.sidecar = sidecar
    }

    /// The outer `Content-Type` value the body is sent with, or `nil` when the boundary is inferred.
    public var contentType: String? { sidecar.contentType }

    /// The validator options for this vector: the defaults with the sidecar's limits applied.
    public var validationOptions: ValidationOptions {
        sidecar.options?.applied(to: ValidationOptions()) ?? ValidationOptions()
    }

    /// The rules the strict validator must report for this vector, each once, in catalog-independent id order.
    public var expectedRules: [Rule.ID] {
        Set(sidecar.diagnostics.map(\.rule)).sorted()
    }

    /// The vector's id.
    public var description: String { id }

    /// Splits `<area>/<verdict>-<slug>` into its pieces, or returns `nil` when the id is malformed.
    ///
    /// The area is lower-case ASCII letters, digits and `-`; the slug is ASCII letters, digits,
    /// `-`, `_` and `.`, and neither may be empty.
    /// - Parameter id: A vector id.
    /// - Returns: The area, verdict and slug, or `nil`.
    public static func parse(id: String) -> (area: String, verdict: Verdict, slug: String)? {
        let pieces = id.split(separator: "/", omittingEmptySubsequences: false)
        guard pieces.count == 2 else { return nil }
        let area = pieces[0]
        guard isAreaName(area) else { return nil }
        guard let (verdict, slug) = parse(fileStem: pieces[1]) else { return nil }
        return (String(area), verdict, slug)
    }

    /// Splits a file stem `<verdict>-<slug>` into the verdict and the slug, or returns `nil` when it is malformed.
    /// - Parameter fileStem: A file name without its extension.
    /// - Returns: The verdict and slug, or `nil`.
    public static func parse(fileStem: Substring) -> (verdict: Verdict, slug: String)? {
        let bytes = Array(fileStem.utf8)
        guard bytes.count >= 3, bytes[1] == UInt8(ascii: "-"),
            let verdict = Verdict(rawValue: String(decoding: bytes[0..<1], as: UTF8.self))
        else { return nil }
        let slug = bytes[2...]
        guard slug.allSatisfy(isSlugByte), slug.first != UInt8(ascii: ".") else { return nil }
        return (verdict, String(decoding: slug, as: UTF8.self))
    }

    /// Whether `name` is a valid area directory name: lower-case ASCII letters, digits and `-`.
    /// - Parameter name: A directory name.
    /// - Returns: `true` when a vector area may be called that.
    public static func isAreaName(_ name: some StringProtocol) -> Bool {
        !name.isEmpty
            && name.utf8.allSatisfy { byte in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
            }
    }

    private static func isSlugByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
    }
}
