extension CorpusCertification {
    /// Runs every bundled vector, prints the adapter's level and coverage once, and throws unless
    /// the level is `minimum` or better: one test that guards the level, beside the per-vector cases.
    ///
    /// ```swift
    /// @Test func level() throws {
    ///     try EncoderCertification(MyAdapter()).require(.conformant)
    /// }
    /// ```
    /// - Parameters:
    ///   - minimum: The level required.
    ///   - allowed: The limitations accepted; by default none, so vectors not run because of the
    ///     adapter's unsupported features fail the requirement (pass `.unsupportedFeatures` to accept them).
    /// - Returns: The report, for a test that checks more.
    /// - Throws: ``CertificationLevelError`` when the level is lower or a limitation is not allowed, or
    ///   ``CorpusError`` when the bundled corpus cannot be read.
    @discardableResult
    public func require(_ minimum: CertificationLevel, allowing allowed: CertificationLimitations = []) throws -> CertificationReport {
        let report = try report()
        print("\(report.adapterName): \(report.headline)")
        try report.require(minimum, allowing: allowed)
        return report
    }

    /// The bundled corpus's vectors this side certifies with, for `@Test(arguments:)`; each test
    /// case is named after its vector.
    /// - Returns: The vectors, in id order.
    /// - Throws: ``CorpusError`` when the bundled corpus cannot be read.
    public static func vectors() throws -> [ConformanceVector] {
        vectors(in: try BundledCorpus.shared.get())
    }

    /// Runs every bundled vector this side certifies with (and, for an encoder, every probe), and
    /// grades the adapter.
    /// - Returns: Every verdict, the level and the coverage, over the shipped corpus.
    /// - Throws: ``CorpusError`` when the bundled corpus cannot be read.
    public func report() throws -> CertificationReport {
        var report = report(over: try BundledCorpus.shared.get())
        report.provenance.corpusOrigin = .shipped
        return report
    }
}

/// The bundled corpus, loaded once per process.
enum BundledCorpus {
    static let shared = Result<Corpus, CorpusError> { () throws(CorpusError) in try Corpus.bundled() }
}
