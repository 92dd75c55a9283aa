/// The kind of problem a verdict shows, from the implementation's side: what went wrong, not how it was graded.
///
/// The level below the strict top levels is the worst problem a report shows (``CertificationLevel``),
/// and headlines count verdicts per problem, so two implementations that both fail somewhere are told
/// apart by what their failures do to an application. Cases are declared worst first within each kind.
public enum CertificationProblem: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// A decoder accepted a valid body that real clients send (the vector names its producer, or was
    /// captured from one) without error, but returned fewer parts or shorter values than it holds.
    case losesDataClientsSend = "loses-data-clients-send"
    /// A decoder accepted a valid body without error but returned fewer parts or shorter values than it
    /// holds: a body no client the corpus knows of sends, such as a quoted boundary.
    case losesData = "loses-data"
    /// A decoder or encoder gave no answer: it crashed, timed out, failed or answered garbage.
    case noAnswer = "no-answer"
    /// A decoder accepted a valid body and returned other parts than it holds.
    case misreadsValid = "misreads-valid"
    /// A decoder rejected a body the specifications require it to accept.
    case rejectsValid = "rejects-valid"
    /// A decoder accepted an invalid body without error but returned less than every reading consistent
    /// with the specifications agrees it holds (``AgreedReading``): a truncated upload's parts dropped, say.
    case losesDataFromInvalid = "loses-data-from-invalid"
    /// A decoder accepted a body the strict validator rejects (Postel's leniency, not an error).
    case acceptsInvalid = "accepts-invalid"
    /// An encoder wrote a body that, read as the specifications read it, holds other fields than it was
    /// given: a name cut at a quote, a header line injected by a raw line break, a value re-encoded, a part missing.
    case changesFields = "changes-fields"
    /// An encoder wrote a body with errors for a valid form, though every field reads as given: what
    /// receivers that read only the standard may refuse or read differently.
    case writesInvalid = "writes-invalid"
    /// An encoder wrote a body whose only errors are header fields the specifications tell receivers to
    /// ignore (RFC 7578 §4.8), every field reading as given: a MUST NOT broken, harmless to a conforming receiver.
    case writesIgnoredHeaders = "writes-ignored-headers"
    /// An encoder wrote an invalid body for a form the caller should not have given (one the reference
    /// encoder refuses: a boundary that is not a boundary, a NUL in a name): it passed the caller's
    /// invalid input through instead of refusing it.
    case writesInvalidInput = "writes-invalid-input"
    /// An encoder refused a form it should write (one the reference encoder writes and no refusable class covers).
    case refusesForms = "refuses-forms"
    /// An encoder wrote a correct body that draws warnings it could have avoided.
    case avoidableWarnings = "avoidable-warnings"

    /// The problems a report of `kind` can show, worst first: the order the level ladder follows.
    /// - Parameter kind: Encoder or decoder.
    /// - Returns: The problems, worst first.
    public static func ladder(for kind: CertificationReport.Kind) -> [CertificationProblem] {
        switch kind {
        // Valid bodies first: what a decoder does to a valid body outranks what it does to an invalid one.
        case .decoder: [.losesDataClientsSend, .losesData, .noAnswer, .misreadsValid, .rejectsValid, .losesDataFromInvalid, .acceptsInvalid]
        // The encoder's own choices first: an invalid body from a valid form outranks one from invalid input.
        // What a receiver gets first: other fields, then a body it may refuse, then none at all, then
        // headers it must ignore.
        case .encoder: [.changesFields, .writesInvalid, .noAnswer, .writesIgnoredHeaders, .writesInvalidInput, .refusesForms, .avoidableWarnings]
        }
    }

    /// The level a report earns when this is its worst problem.
    public var level: CertificationLevel {
        switch self {
        case .losesDataClientsSend: .losesDataClientsSend
        case .losesData: .losesData
        case .losesDataFromInvalid: .losesDataFromInvalidBodies
        case .noAnswer: .crashes
        case .misreadsValid: .misreadsValidBodies
        case .rejectsValid: .rejectsValidBodies
        case .acceptsInvalid: .lenient
        case .changesFields: .changesFields
        case .writesInvalid: .writesInvalidBodies
        case .writesIgnoredHeaders: .writesIgnoredHeaders
        case .writesInvalidInput: .passesInvalidInput
        case .refusesForms: .refusesForms
        case .avoidableWarnings: .conformantWithWarnings
        }
    }

    /// A count of such verdicts in words, such as `3 misread valid bodies`.
    /// - Parameter count: How many verdicts show the problem.
    /// - Returns: The count and the problem, singular or plural.
    public func counted(_ count: Int) -> String {
        let one = count == 1
        let words: String
        switch self {
        case .losesDataClientsSend: words = one ? "silent data loss from a body clients send" : "silent data losses from bodies clients send"
        case .losesData: words = one ? "silent data loss" : "silent data losses"
        case .losesDataFromInvalid: words = one ? "silent data loss from an invalid body" : "silent data losses from invalid bodies"
        case .noAnswer: words = one ? "crash or hang" : "crashes or hangs"
        case .misreadsValid: words = one ? "misread valid body" : "misread valid bodies"
        case .rejectsValid: words = one ? "rejected valid body" : "rejected valid bodies"
        case .acceptsInvalid: words = one ? "accepted invalid body" : "accepted invalid bodies"
        case .changesFields: words = one ? "body with other fields than given" : "bodies with other fields than given"
        case .writesInvalid: words = one ? "invalid body written" : "invalid bodies written"
        case .writesIgnoredHeaders: words = one ? "body with header fields receivers must ignore" : "bodies with header fields receivers must ignore"
        case .writesInvalidInput: words = one ? "invalid input written through" : "invalid inputs written through"
        case .refusesForms: words = one ? "form refused" : "forms refused"
        case .avoidableWarnings: words = one ? "body with avoidable warnings" : "bodies with avoidable warnings"
        }
        return "\(count) \(words)"
    }

    /// The stable text, such as `misreads-valid`.
    public var description: String { rawValue }
}
