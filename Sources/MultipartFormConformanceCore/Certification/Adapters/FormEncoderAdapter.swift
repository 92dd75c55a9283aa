import MultipartForm

/// Wraps any `multipart/form-data` encoder so the corpus can certify it: one required method, the rest defaulted.
///
/// ```swift
/// struct MyAdapter: FormEncoderAdapter {
///     func encode(_ form: FormData, boundary: String?) throws -> EncodedForm {
///         let (contentType, body) = try MyEncoder().encode(form)   // however your API spells it
///         return EncodedForm(contentType: contentType, body: body)
///     }
/// }
/// ```
///
/// Output is judged semantically: strict validation of the body with the returned `Content-Type`,
/// then the decoded parts against the form's fields (see ``EncoderCertification``). Byte identity with
/// the corpus's canonical bodies matters only for the Canonical level.
public protocol FormEncoderAdapter: Sendable {
    /// The name shown in reports, for example `multipart-kit 4.7.1 MultipartSerializer`.
    var name: String { get }

    /// Whether the encoder can use a boundary it is given; then ``encode(_:boundary:)`` receives the vector's.
    ///
    /// Only an encoder that accepts the boundary can reach the Canonical level. Default: `false`.
    var acceptsBoundary: Bool { get }

    /// The features of forms the encoder's API cannot express; vectors needing them are graded `unsupported`.
    ///
    /// Default: none.
    var unsupportedFeatures: Set<EncoderFeature> { get }

    /// Vectors the encoder is known to fail, by vector id, each with the reason.
    ///
    /// A known issue that reproduces is graded `known-issue` (the level is still Non-conformant); one
    /// that does not reproduce is `stale-known-issue` and fails ``EncoderCertification/check(_:warningsAsFailures:)``, so the
    /// list stays true. Default: none.
    var knownIssues: [String: String] { get }

    /// Encodes `form` into a `Content-Type` value and body bytes.
    ///
    /// `boundary` is the vector's boundary when ``acceptsBoundary`` is `true`, else `nil`. Throwing
    /// means the encoder refused the form: that fails the vector, except when a value contains `--`
    /// followed by the given boundary, where refusing is the right answer.
    func encode(_ form: FormData, boundary: String?) throws -> EncodedForm
}

extension FormEncoderAdapter {
    /// The adapter's type name.
    public var name: String { String(describing: Self.self) }
    /// `false`: the encoder chooses its own boundary.
    public var acceptsBoundary: Bool { false }
    /// No unsupported features.
    public var unsupportedFeatures: Set<EncoderFeature> { [] }
    /// No known issues.
    public var knownIssues: [String: String] { [:] }
}
