extension EncoderCertification {
    /// The bundled corpus's vectors that certify encoders, for `@Test(arguments:)`; each test case is named after its vector.
    /// - Returns: The vectors, in id order.
    /// - Throws: ``CorpusError`` when the bundled corpus cannot be read.
    public static func vectors() throws -> [ConformanceVector] {
        vectors(in: try BundledCorpus.shared.get())
    }

    /// Runs every bundled vector that certifies encoders and grades the adapter.
    /// - Returns: Every verdict, the level and the coverage.
    /// - Throws: ``CorpusError`` when the bundled corpus cannot be read.
    public func report() throws -> CertificationReport {
        report(over: try Self.vectors())
    }
}

extension DecoderCertification {
    /// The bundled corpus's vectors, for `@Test(arguments:)`; each test case is named after its vector.
    /// - Returns: The vectors, in id order.
    /// - Throws: ``CorpusError`` when the bundled corpus cannot be read.
    public static func vectors() throws -> [ConformanceVector] {
        vectors(in: try BundledCorpus.shared.get())
    }

    /// Runs every bundled vector and grades the adapter.
    /// - Returns: Every verdict, the level and the coverage.
    /// - Throws: ``CorpusError`` when the bundled corpus cannot be read.
    public func report() throws -> CertificationReport {
        report(over: try Self.vectors())
    }
}

/// The bundled corpus, loaded once per process.
enum BundledCorpus {
    static let shared = Result<Corpus, CorpusError> { () throws(CorpusError) in try Corpus.bundled() }
}
