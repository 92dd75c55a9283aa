import MultipartFormConformanceCore

/// What `report merge` checks before it shows a report read from a file as a certificate.
///
/// A report's checksum is a plain digest anyone can recompute, so it proves only that the facts were
/// not changed by someone who did not recompute it. The level is therefore always derived again
/// from the verdicts, and the verdicts are checked against the corpus the report names: every id a
/// vector (or probe) of that corpus, as many as a whole run makes. A report that cannot be checked
/// so (no checksum, no corpus named, another corpus than the one installed) or fails a check is
/// shown as unverified, with the reason, never as the level it claims.
enum ReportVerification {
    /// Why `report` cannot be shown as a certificate against `corpus` (the shipped one), or `nil`.
    static func problem(with report: CertificationReport, shipped corpus: Corpus?) -> String? {
        if let reason = report.unverifiedBecause { return reason }
        guard let named = report.provenance.corpus else { return "it does not name the corpus it was graded over" }
        guard let corpus, let shipped = try? corpus.identity() else {
            return "no corpus is installed to check its verdicts against"
        }
        guard named.manifestSHA256 == shipped.manifestSHA256 else {
            return "it names a corpus (manifest sha256 \(named.manifestSHA256.prefix(12))…) other than the installed one, against which its verdicts cannot be checked"
        }
        let vectorIDs: Set<String>
        let probeIDs: Set<String>
        let eligible: Int
        switch report.kind {
        case .encoder:
            vectorIDs = Set(EncoderCertification.vectors(in: corpus).map(\.id))
            probeIDs = Set(EncoderProbe.all.map(\.id))
            eligible = vectorIDs.count + probeIDs.count
        case .decoder:
            vectorIDs = Set(DecoderCertification.vectors(in: corpus).map(\.id))
            probeIDs = Set(DecoderProbe.ids)
            // Older reports made no probes: the vectors alone, or the vectors and every probe.
            eligible = report.provenance.eligible == vectorIDs.count ? vectorIDs.count : vectorIDs.count + probeIDs.count
        }
        if let stranger = report.verdicts.first(where: { !vectorIDs.contains($0.vectorID) && !probeIDs.contains($0.vectorID) }) {
            return "its verdict for '\(VisibleBytes.escape(stranger.vectorID))' names no vector of its corpus that certifies \(report.kind.rawValue)s"
        }
        if report.provenance.eligible != eligible {
            return "it records \(report.provenance.eligible.map(String.init) ?? "no") eligible checks where its corpus makes \(eligible) for \(report.kind.rawValue)s"
        }
        return nil
    }
}
