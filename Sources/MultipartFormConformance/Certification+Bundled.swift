extension EncoderCertification {
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
    ///   - allowed: The limitations accepted; by default none, so vectors not run because of
    ///     ``FormEncoderAdapter/unsupportedFeatures`` fail the requirement (pass `.unsupportedFeatures` to accept them).
    /// - Returns: The report, for a test that checks more.
    /// - Throws: ``CertificationLevelError`` when the level is lower or a limitation is not allowed, or
    ///   ``CorpusError`` when the bundled corpus cannot be read.
    @discardableResult
    public func require(_ minimum: CertificationLevel, allowing allowed: CertificationLimitations = []) throws -> CertificationReport {
        try report().announced().requiring(minimum, allowing: allowed)
    }

    /// The bundled corpus's vectors that certify encoders, for `@Test(arguments:)`; each test case is named after its vector.
    /// - Returns: The vectors, in id order.
    /// - Throws: ``CorpusError`` when the bundled corpus cannot be read.
    public static func vectors() throws -> [ConformanceVector] {
        vectors(in: try BundledCorpus.shared.get())
    }

    /// Runs every bundled vector that certifies encoders and every probe, and grades the adapter.
    /// - Returns: Every verdict, the level and the coverage.
    /// - Throws: ``CorpusError`` when the bundled corpus cannot be read.
    public func report() throws -> CertificationReport {
        report(over: try BundledCorpus.shared.get()).overShippedCorpus()
    }
}

extension DecoderCertification {
    /// Runs every bundled vector, prints the adapter's level and coverage once, and throws unless
    /// the level is `minimum` or better: one test that guards the level, beside the per-vector cases.
    ///
    /// ```swift
    /// @Test func level() throws {
    ///     try DecoderCertification(MyAdapter()).require(.conformant)
    /// }
    /// ```
    /// - Parameters:
    ///   - minimum: The level required.
    ///   - allowed: The limitations accepted; by default none, so vectors not run because of
    ///     ``FormEncoderAdapter/unsupportedFeatures`` fail the requirement (pass `.unsupportedFeatures` to accept them).
    /// - Returns: The report, for a test that checks more.
    /// - Throws: ``CertificationLevelError`` when the level is lower or a limitation is not allowed, or
    ///   ``CorpusError`` when the bundled corpus cannot be read.
    @discardableResult
    public func require(_ minimum: CertificationLevel, allowing allowed: CertificationLimitations = []) throws -> CertificationReport {
        try report().announced().requiring(minimum, allowing: allowed)
    }

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
        report(over: try BundledCorpus.shared.get()).overShippedCorpus()
    }
}

/// The bundled corpus, loaded once per process.
enum BundledCorpus {
    static let shared = Result<Corpus, CorpusError> { () throws(CorpusError) in try Corpus.bundled() }
}

extension CertificationReport {
    /// Prints `adapter: headline` once, so a `swift test` run shows the level and its coverage.
    fileprivate func announced() -> CertificationReport {
        print("\(adapterName): \(headline)")
        return self
    }

    /// The report itself, after ``require(_:allowing:)`` passed.
    fileprivate func requiring(
        _ minimum: CertificationLevel, allowing allowed: CertificationLimitations
    ) throws(CertificationLevelError) -> CertificationReport {
        try require(minimum, allowing: allowed)
        return self
    }

    /// The report with its corpus recorded as the shipped one: the bundled corpus is.
    fileprivate func overShippedCorpus() -> CertificationReport {
        var report = self
        report.provenance.corpusOrigin = .shipped
        return report
    }
}
