/// Wraps any `multipart/form-data` parser so the corpus can certify it: one required method, the rest defaulted.
///
/// ```swift
/// struct MyParserAdapter: FormDecoderAdapter {
///     func decode(body: [UInt8], contentType: String) throws -> [DecodedFormPart] {
///         try MyParser(contentType: contentType).parse(body).map {
///             DecodedFormPart(name: $0.name, filename: $0.filename, contentType: $0.type, body: $0.bytes)
///         }
///     }
/// }
/// ```
///
/// Every vector is a test: `y-` bodies must be accepted with exactly the listed parts, `n-` bodies
/// should be rejected (accepting is `lenient`), and `i-` bodies may have any outcome their sidecar
/// lists. Accepting a body with fewer parts or truncated values and no error is `silent-data-loss`,
/// the worst grade (see ``DecoderCertification``).
public protocol FormDecoderAdapter: Sendable {
    /// The name shown in reports, for example `multipart-kit 4.7.1 MultipartParser`.
    var name: String { get }

    /// Vectors the decoder is known to fail, by vector id, each with the reason.
    ///
    /// A known issue that reproduces is graded `known-issue`; one that does not reproduce is
    /// `stale-known-issue` and fails ``DecoderCertification/check(_:lenientAsFailure:)``. Default: none.
    var knownIssues: [String: String] { get }

    /// What the decoder's API does not report, left out of the comparison (see ``UnreportedDetail``). Default: nothing.
    var unreportedDetails: Set<UnreportedDetail> { get }

    /// The documented conventions the decoder hands parts over by (see ``DecoderConvention``): a valid body
    /// read exactly as they describe passes with the convention named. Default: none.
    var conventions: Set<DecoderConvention> { get }

    /// The size limits the decoder declares (see ``ReceiverLimit``): a valid body past one that it rejects passes. Default: none.
    var limits: [ReceiverLimit] { get }

    /// Decodes a body sent with the given `Content-Type`; throwing means the decoder rejects the body.
    func decode(body: [UInt8], contentType: String) throws -> [DecodedFormPart]
}

extension FormDecoderAdapter {
    /// The adapter's type name.
    public var name: String { String(describing: Self.self) }
    /// No known issues.
    public var knownIssues: [String: String] { [:] }
    /// Reports everything: the order of the parts and every part's `Content-Type`.
    public var unreportedDetails: Set<UnreportedDetail> { [] }
    /// No conventions: every part as the specifications read it.
    public var conventions: Set<DecoderConvention> { [] }
    /// No declared limits: every valid body must be read.
    public var limits: [ReceiverLimit] { [] }
}
