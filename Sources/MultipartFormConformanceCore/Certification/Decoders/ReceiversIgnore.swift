import MultipartForm

/// The rules whose findings the specifications tell receivers to ignore.
///
/// A body that breaks only these still gives a conforming receiver every field as sent, so an encoder
/// that writes such bodies is graded ``CertificationProblem/writesIgnoredHeaders``, not as one whose
/// bodies a receiver may misread. The list holds a rule only where the specification says so of receivers.
enum ReceiversIgnore {
    /// `header-not-allowed`. RFC 7578 §4.8: "Other header fields MUST NOT be included and MUST be ignored."
    static let rules: Set<Rule.ID> = [.headerNotAllowed]

    /// The sentence a verdict quotes.
    static let reason =
        "the only errors are header fields RFC 7578 §4.8 forbids senders to write and tells receivers to ignore (\"Other header fields MUST NOT be included and MUST be ignored.\"); every field reads as given"
}
