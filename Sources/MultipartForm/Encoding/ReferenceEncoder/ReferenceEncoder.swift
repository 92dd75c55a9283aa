/// The reference `multipart/form-data` encoder: canonical bytes, collision-safe boundaries, streamed files.
///
/// ```swift
/// var form = FormData()
/// form.append(name: "title", text: "Holiday")
/// form.append(name: "photo", filePath: "/tmp/beach.jpg")      // image/jpeg, from the extension
/// let body = try ReferenceEncoder().prepare(form)
/// // body.contentType, body.contentLength, then body.write(toFileAtPath:), makeChunkIterator() or bytes()
/// ```
///
/// ## Canonical encoding
///
/// CONFORMANCE.md ("Canonical encoding") is the normative text; in short, with CRLF shown as `␍␊`:
///
/// 1. **Parts.** One part per ``FormData/Field``, in form order; duplicate names stay separate parts.
///    A text part is `--B␍␊Content-Disposition: form-data; name="N"␍␊␍␊V␍␊`; a file part (a field
///    with a filename, a content type or a file value) is
///    `--B␍␊Content-Disposition: form-data; name="N"; filename="F"␍␊Content-Type: T␍␊␍␊V␍␊`.
///    After the last part, `--B--␍␊`; an empty form is exactly that. No preamble, no epilogue, no
///    other header or parameter.
/// 2. **Filename and type.** A file part's filename is the given one, else a file path's last
///    component, else `blob`; its type is the given one, else `application/octet-stream`. A given
///    type must be a printable-ASCII, non-multipart `type/subtype` with parameters
///    (``Error/Code/invalidContentType`` otherwise).
/// 3. **Escaping.** Names and filenames are UTF-8 with `"`, CR and LF written as `%22`, `%0D` and
///    `%0A` (WHATWG); nothing else is escaped. A name or filename holding NUL, or ending in an odd
///    number of backslashes, cannot be written (``Error/Code/unrepresentableName``,
///    ``Error/Code/unrepresentableFilename``).
/// 4. **Newlines.** With ``Options/normalizesNewlines``, lone CR and LF in names and text values
///    become CRLF first, as browsers do; filenames, bytes and files are never changed.
/// 5. **Boundary.** Generated: `MultipartFormBoundary-` and 32 characters uniform over
///    `[A-Za-z0-9]` from `SystemRandomNumberGenerator` (over 190 bits). Caller-supplied: 1–70 RFC 2046
///    `bchars`, not ending in a space (``Error/Code/invalidBoundary``).
/// 6. **No collision.** No value or part header may contain `--B` anywhere. In-memory values and
///    headers are checked before anything is written (a generated boundary is drawn again, a
///    caller's fails); files are checked while they stream, and a hit fails the stream
///    (``Error/Code/boundaryCollision``).
/// 7. **Headers.** ``Body/contentType`` quotes B only when it holds a non-token byte;
///    ``Body/contentLength`` is exact before any file is read, and a file whose size changed fails
///    the stream (``Error/Code/fileChanged``).
public struct ReferenceEncoder: Sendable {
    /// How the encoder treats newlines.
    public var options: Options

    /// Creates an encoder.
    /// - Parameter options: How the encoder treats newlines in names and text values.
    public init(options: Options = Options()) {
        self.options = options
    }

    /// Prepares a body with a fresh boundary from `SystemRandomNumberGenerator`, proven absent from every in-memory value.
    /// - Parameter form: The fields to encode, in order.
    /// - Returns: The body, ready to stream, with its boundary, `Content-Type` value and length.
    /// - Throws: ``Error`` when a field cannot be written faithfully (its ``Error/code`` says why).
    public func prepare(_ form: FormData) throws(Error) -> Body {
        var generator = SystemRandomNumberGenerator()
        return try prepare(form, using: &generator)
    }

    /// Prepares a body with a boundary drawn from `generator`, drawing again whenever a value contains it.
    ///
    /// For reproducible output in tests; a boundary meant for the network should come from
    /// ``prepare(_:)``, whose generator is the system's secure one.
    ///
    /// Gives up with ``Error/Code/boundaryCollision`` after ``maximumBoundaryAttempts`` draws, which
    /// only a generator that keeps repeating itself can cause.
    /// - Parameters:
    ///   - form: The fields to encode, in order.
    ///   - generator: The source of the boundary's random characters.
    /// - Returns: The body, ready to stream.
    /// - Throws: ``Error`` when a field cannot be written faithfully or no drawn boundary is absent from the values.
    public func prepare<Generator: RandomNumberGenerator>(
        _ form: FormData, using generator: inout Generator
    ) throws(Error) -> Body {
        var boundary = Self.randomBoundary(using: &generator)
        let measured = try measure(form, searchingFor: boundary)
        var collision = measured.collision
        var attempts = 1
        while let found = collision {
            guard attempts < Self.maximumBoundaryAttempts else {
                throw Error(
                    .boundaryCollision, fieldIndex: found.fieldIndex,
                    "\(Self.maximumBoundaryAttempts) generated boundaries in a row occur in the form's values")
            }
            boundary = Self.randomBoundary(using: &generator)
            collision = Self.firstCollision(in: form, boundary: boundary)
            attempts += 1
        }
        return Body(
            boundary: boundary, form: form, options: options, fileSizes: measured.fileSizes,
            partBytes: measured.partBytes)
    }

    /// Prepares a body with the caller's boundary, failing if it is invalid or occurs in an in-memory value.
    /// - Parameters:
    ///   - form: The fields to encode, in order.
    ///   - boundary: 1 to 70 RFC 2046 boundary characters, not ending in a space.
    /// - Returns: The body, ready to stream.
    /// - Throws: ``Error`` with ``Error/Code/invalidBoundary`` or ``Error/Code/boundaryCollision`` for a boundary that cannot be used, or when a field cannot be written faithfully.
    public func prepare(_ form: FormData, boundary: String) throws(Error) -> Body {
        let boundaryBytes = Array(boundary.utf8)
        try Self.validateBoundary(boundaryBytes)
        let measured = try measure(form, searchingFor: boundaryBytes)
        if let collision = measured.collision {
            throw Error(
                .boundaryCollision, fieldIndex: collision.fieldIndex,
                "the \(collision.inHeader ? "part header" : "value") contains '--\(escapedForMessage(boundaryBytes))'; choose another boundary")
        }
        return Body(
            boundary: boundaryBytes, form: form, options: options, fileSizes: measured.fileSizes,
            partBytes: measured.partBytes)
    }

    /// Encodes a whole form in memory with a generated boundary, returning the Content-Type value and the body.
    /// - Parameter form: The fields to encode, in order.
    /// - Returns: The `Content-Type` value and the whole body.
    /// - Throws: ``Error`` when a field cannot be written faithfully or a file cannot be read.
    public func encode(_ form: FormData) throws(Error) -> (contentType: String, body: [UInt8]) {
        let body = try prepare(form)
        return (body.contentType, try body.bytes())
    }

    /// Encodes a whole form in memory with the caller's boundary, returning the Content-Type value and the body.
    /// - Parameters:
    ///   - form: The fields to encode, in order.
    ///   - boundary: The boundary to use.
    /// - Returns: The `Content-Type` value and the whole body.
    /// - Throws: ``Error`` for a boundary that cannot be used, a field that cannot be written faithfully or a file that cannot be read.
    public func encode(_ form: FormData, boundary: String) throws(Error) -> (contentType: String, body: [UInt8]) {
        let body = try prepare(form, boundary: boundary)
        return (body.contentType, try body.bytes())
    }

    /// What ``measure(_:searchingFor:)`` finds in a form.
    struct Measurement {
        /// The bytes of every part's header and value together.
        var partBytes = 0
        /// Each file's size, from `stat`, in field order.
        var fileSizes: [Int] = []
        /// The first field whose header or in-memory value holds `--boundary`, if any.
        var collision: (fieldIndex: Int, inHeader: Bool)?
    }

    /// Checks that every field can be written, measures the parts (their headers and values, and
    /// each file's size from `stat`; no file is read) and finds the first field that holds
    /// `"--" boundary`, all in one pass over the form.
    /// - Throws: ``Error`` for the first field that cannot be written faithfully, before any collision.
    func measure(_ form: FormData, searchingFor boundary: [UInt8]) throws(Error) -> Measurement {
        var measurement = Measurement()
        var search = FieldCollisionSearch(boundary: boundary)
        try form.forEachField { field, index throws(Error) in
            let header = try PartHeader.length(of: field, index: index, options: options)
            let value = try PartHeader.valueLength(of: field, index: index, options: options)
            if case .file = field.pointee.value.storage { measurement.fileSizes.append(value) }
            measurement.partBytes += header + value
            if measurement.collision == nil, let inHeader = search.find(in: field) {
                measurement.collision = (index, inHeader)
            }
            return true
        }
        return measurement
    }

    /// Returns the index of the first field whose part header or in-memory value contains `"--" boundary`.
    static func firstCollision(in form: FormData, boundary: [UInt8]) -> (fieldIndex: Int, inHeader: Bool)? {
        var search = FieldCollisionSearch(boundary: boundary)
        var collision: (fieldIndex: Int, inHeader: Bool)?
        form.forEachField { field, index in
            if let inHeader = search.find(in: field) { collision = (index, inHeader) }
            return collision == nil
        }
        return collision
    }
}
