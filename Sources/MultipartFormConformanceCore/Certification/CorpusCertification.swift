/// A certification run over a corpus: ``EncoderCertification`` or ``DecoderCertification``.
///
/// What the two sides share is written once against it: with `MultipartFormConformance`, the
/// bundled corpus's vectors, the report over them and the level one test requires.
public protocol CorpusCertification: Sendable {
    /// The vectors of a corpus that this side certifies with, in id order.
    /// - Parameter corpus: A loaded corpus.
    /// - Returns: The vectors, for `@Test(arguments:)`.
    static func vectors(in corpus: Corpus) -> [ConformanceVector]

    /// Runs every vector of a corpus and grades the adapter; the report names the corpus, the date
    /// and the library.
    /// - Parameter corpus: A loaded corpus.
    /// - Returns: Every verdict, the level and the coverage, with their provenance.
    func report(over corpus: Corpus) -> CertificationReport
}

extension EncoderCertification: CorpusCertification {}

extension DecoderCertification: CorpusCertification {}
