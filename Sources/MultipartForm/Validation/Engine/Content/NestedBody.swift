/// A nested multipart body (a part whose Content-Type is `multipart/*`) validated by an engine of
/// its own, held as a value: a copy of a validator taken part-way through goes on independently.
///
/// A struct cannot hold a value of its own type, so the engine sits in a one-element array: the
/// array is the indirection, and its copy-on-write makes the first change after a copy copy the
/// nested engine, never before.
struct NestedBody {
    private var engines: [ValidationEngine]

    init(_ engine: ValidationEngine) { engines = [engine] }

    /// Validates the next bytes of the nested body.
    mutating func consume(_ bytes: UnsafeRawBufferPointer) { engines[0].consume(bytes) }

    /// Ends the nested body and returns its report (positions relative to the nested body).
    mutating func finish() -> ValidationReport { engines[0].finish() }
}
