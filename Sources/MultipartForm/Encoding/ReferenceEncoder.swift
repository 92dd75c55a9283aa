/// The reference `multipart/form-data` encoder: canonical bytes, collision-safe boundaries, streamed files.
///
/// ## Canonical encoding
///
/// The encoder writes what the WHATWG HTML multipart/form-data encoding algorithm writes for the same
/// entry list (RFC 7578; WHATWG HTML §4.10.21.8), byte for byte. CRLF is shown as `␍␊`.
///
/// 1. **Parts.** One part per ``Form/Field``, in form order; duplicate names stay separate parts.
/// 2. **Part bytes.** `--B␍␊Content-Disposition: form-data; name="N"␍␊␍␊V␍␊` for a text part and
///    `--B␍␊Content-Disposition: form-data; name="N"; filename="F"␍␊Content-Type: T␍␊␍␊V␍␊` for a
///    file part: lower-case `form-data`, one space after each `;`, `name` before `filename`, values
///    always quoted, no other header and no other parameter.
/// 3. **End.** After the last part, `--B--␍␊`. An empty form is exactly `--B--␍␊` (as browsers send).
///    No preamble and no epilogue.
/// 4. **Escaping.** In names and filenames (UTF-8), `"` becomes `%22`, CR `%0D` and LF `%0A`; nothing
///    else is escaped: `%` and `\` stay literal, NUL and other control bytes pass through unchanged
///    (as browsers do). Every name and filename is therefore representable and none is rejected.
/// 5. **Newlines.** With ``Options/normalizesNewlines`` (off by default), every lone CR or LF in a
///    name or a text value becomes CRLF first, as browsers do; names are normalised before escaping
///    (`a␊b` → `a%0D%0Ab`); filenames, byte values and files are never normalised.
/// 6. **Text and file parts.** A field is a file part when it has a filename, a content type or a
///    file value; otherwise it is a text part and gets no `Content-Type`. Every file part has a
///    `filename`: the given one, else the path's last `/`-separated component for a file value, else
///    `blob` (as browsers name a Blob). Its `Content-Type` is the given type, else
///    `application/octet-stream`. A given type must be printable ASCII (0x20–0x7E) and non-empty, or
///    the encoder fails; it is written verbatim.
/// 7. **Values.** Text is written as UTF-8, bytes and files exactly as they are (no
///    Content-Transfer-Encoding).
/// 8. **Boundary.** Generated: `MultipartFormBoundary-` followed by 32 characters drawn uniformly from
///    `[A-Za-z0-9]` with `SystemRandomNumberGenerator` (at least 160 bits of entropy; 54 characters,
///    inside WPT's 27–70 `[0-9A-Za-z-]`). Caller-supplied: 1–70 RFC 2046 `bchars`, not ending in a
///    space, or the encoder fails.
/// 9. **No collision.** No value may contain `--B` anywhere (stricter than the RFC, which only forbids
///    `CRLF--B`). For text and bytes this is checked before anything is written: a generated boundary is
///    regenerated, a caller-supplied one fails with the field's index. Files are checked while they
///    stream, and a hit fails the stream.
/// 10. **Header.** The request's `Content-Type` is `multipart/form-data; boundary=B`, with B quoted
///    only when it holds a byte that is not an RFC 2045 token character (for example a space or `:`).
/// 11. **Length.** ``Body/contentLength`` is exact and known before streaming: file sizes come from
///    `stat`, and a file whose size differs when it is read fails the stream.
public struct ReferenceEncoder: Sendable {
    /// How the encoder treats newlines.
    public var options: Options

    /// Creates an encoder.
    public init(options: Options = Options()) {
        self.options = options
    }

    /// Prepares a body with a fresh boundary from `SystemRandomNumberGenerator`, proven absent from every in-memory value.
    public func prepare(_ form: Form) throws(Error) -> Body {
        var generator = SystemRandomNumberGenerator()
        return try prepare(form, using: &generator)
    }

    /// Prepares a body with a boundary drawn from `generator`, drawing again whenever a value contains it.
    ///
    /// Gives up with ``Error/Code/boundaryCollision`` after ``maximumBoundaryAttempts`` draws, which
    /// only a generator that keeps repeating itself can cause.
    public func prepare<Generator: RandomNumberGenerator>(
        _ form: Form, using generator: inout Generator
    ) throws(Error) -> Body {
        let parts = try PreparedPart.make(form, options: options)
        var lastCollision = 0
        for _ in 0..<Self.maximumBoundaryAttempts {
            let boundary = Self.randomBoundary(using: &generator)
            if let collision = Self.firstCollision(in: parts, boundary: boundary) {
                lastCollision = collision.fieldIndex
                continue
            }
            return Body(boundary: boundary, parts: parts)
        }
        throw Error(
            .boundaryCollision, fieldIndex: lastCollision,
            "\(Self.maximumBoundaryAttempts) generated boundaries in a row occur in the form's values")
    }

    /// Prepares a body with the caller's boundary, failing if it is invalid or occurs in an in-memory value.
    public func prepare(_ form: Form, boundary: String) throws(Error) -> Body {
        let boundaryBytes = Array(boundary.utf8)
        try Self.validateBoundary(boundaryBytes)
        let parts = try PreparedPart.make(form, options: options)
        if let collision = Self.firstCollision(in: parts, boundary: boundaryBytes) {
            throw Error(
                .boundaryCollision, fieldIndex: collision.fieldIndex,
                "the \(collision.inHeader ? "part header" : "value") contains '--\(escapedForMessage(boundaryBytes))'; choose another boundary")
        }
        return Body(boundary: boundaryBytes, parts: parts)
    }

    /// Encodes a whole form in memory with a generated boundary, returning the Content-Type value and the body.
    public func encode(_ form: Form) throws(Error) -> (contentType: String, body: [UInt8]) {
        let body = try prepare(form)
        return (body.contentType, try body.bytes())
    }

    /// Encodes a whole form in memory with the caller's boundary, returning the Content-Type value and the body.
    public func encode(_ form: Form, boundary: String) throws(Error) -> (contentType: String, body: [UInt8]) {
        let body = try prepare(form, boundary: boundary)
        return (body.contentType, try body.bytes())
    }

    /// Returns the index of the first field whose part header or in-memory value contains `"--" boundary`.
    static func firstCollision(in parts: [PreparedPart], boundary: [UInt8]) -> (fieldIndex: Int, inHeader: Bool)? {
        var search = BoundaryCollisionSearch(boundary: boundary)
        func contains(_ bytes: [UInt8]) -> Bool {
            search.reset()
            return bytes.withUnsafeBytes { search.feed($0) }
        }
        for (index, part) in parts.enumerated() {
            if contains(part.header) { return (index, true) }
            if case .bytes(let value) = part.value, contains(value) { return (index, false) }
        }
        return nil
    }
}
