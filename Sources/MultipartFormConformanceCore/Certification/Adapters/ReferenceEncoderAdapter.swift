import MultipartForm

/// The project's `ReferenceEncoder` as a certifiable encoder: the baseline every report can be compared with.
public struct ReferenceEncoderAdapter: FormEncoderAdapter {
    /// The encoder's options.
    public var options: ReferenceEncoder.Options

    /// Creates the adapter.
    /// - Parameter options: The reference encoder's options.
    public init(options: ReferenceEncoder.Options = ReferenceEncoder.Options()) {
        self.options = options
    }

    /// `MultipartForm ReferenceEncoder`.
    public var name: String { "MultipartForm ReferenceEncoder" }

    /// `true`: the reference encoder writes the boundary it is given.
    public var acceptsBoundary: Bool { true }

    /// Encodes with the given boundary, or a generated one.
    /// - Parameters:
    ///   - form: The vector's form.
    ///   - boundary: The vector's boundary, or `nil` for a generated one.
    /// - Returns: The `Content-Type` value and the body.
    /// - Throws: `ReferenceEncoder.Error` when the reference encoder refuses the form.
    public func encode(_ form: FormData, boundary: String?) throws -> EncodedForm {
        let encoder = ReferenceEncoder(options: options)
        let (contentType, body) = try boundary.map { try encoder.encode(form, boundary: $0) } ?? encoder.encode(form)
        return EncodedForm(contentType: contentType, body: body)
    }
}
