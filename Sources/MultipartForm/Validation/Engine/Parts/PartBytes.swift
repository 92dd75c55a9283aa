/// The bytes of the current part that its checks and its place in the report need after the line
/// they came on is gone: its name and filename parameters, its Content-Type and
/// Content-Transfer-Encoding values, and the first bytes of a `_charset_` field's value.
///
/// One value lives in the engine and is reused from part to part, so a part allocates nothing once
/// the buffers have grown; which of them hold the current part's bytes is said by ``PartState``
/// (``PartState/Headers/hasName``, ``PartState/Headers/hasFilename``, ``PartState/Headers/media``,
/// ``PartState/Headers/hasTransferEncoding``, ``PartState/Content/keepsCharsetValue``).
struct PartBytes {
    /// The name parameter, read in place from the chunk when it can be.
    var name = BorrowedBytes()
    /// The filename parameter, read in place from the chunk when it can be.
    var filename = BorrowedBytes()
    /// The Content-Type value, whitespace trimmed.
    var contentType = ByteBuffer()
    /// The Content-Transfer-Encoding value, trimmed.
    var transferEncoding = ByteBuffer()
    /// The first bytes of the `_charset_` field's value.
    var charsetValue = ByteBuffer()

    /// Copies the parameters still read in place from a chunk, which the caller may reuse once the
    /// engine returns from it.
    mutating func settle() {
        name.settle()
        filename.settle()
    }
}
