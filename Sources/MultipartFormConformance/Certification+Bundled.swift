extension EncoderCertification {
    /// The bundled corpus's vectors that certify encoders, for `@Test(arguments:)`; each test case is named after its vector.
    public static func vectors() throws -> [ConformanceVector] {
        vectors(in: try BundledCorpus.shared.get())
    }

    /// Runs every bundled vector that certifies encoders and grades the adapter.
    public func report() throws -> CertificationReport {
        report(over: try Self.vectors())
    }
}

extension DecoderCertification {
    /// The bundled corpus's vectors, for `@Test(arguments:)`; each test case is named after its vector.
    public static func vectors() throws -> [ConformanceVector] {
        vectors(in: try BundledCorpus.shared.get())
    }

    /// Runs every bundled vector and grades the adapter.
    public func report() throws -> CertificationReport {
        report(over: try Self.vectors())
    }
}

/// The bundled corpus, loaded once per process.
enum BundledCorpus {
    static let shared = Result<Corpus, CorpusError> { () throws(CorpusError) in try Corpus.bundled() }
}
