extension ValidationEngine {
    /// The part being read, and the buffers its readers reuse from part to part, so that reading a
    /// part allocates nothing once they have grown.
    struct PartReader {
        /// The part being read, `nil` between parts; a part overwrites the last one's.
        var part: PartState?
        /// The values of the current part's headers and its `_charset_` value, which ``part`` says it has.
        var bytes = PartBytes()
        /// The header line being read, up to ``ValidationEngine/headerLineWindow`` bytes plus its line break.
        var headerLine = ByteBuffer()
        /// The header field being read.
        var field = PendingField()
        /// Holds a header field's value while it is interpreted.
        var valueBuffer: [UInt8] = []
        /// Holds a parsed Content-Disposition while it is checked.
        var dispositionBuffer = Disposition()
        /// The validation of the current part's content as a multipart body (when ``PartState/Content/hasNested``).
        var nested: NestedBody?
        /// The check of the current part's content against its transfer encoding (when
        /// ``PartState/Content/checksTransferEncoding``).
        var transferCheck = TransferContentCheck(.base64)
    }
}
