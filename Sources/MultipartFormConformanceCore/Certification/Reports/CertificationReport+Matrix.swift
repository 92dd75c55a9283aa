extension CertificationReport {
    /// The most details of a verdict a matrix shows (in a cell's hover text), and the longest text kept.
    static let matrixDetails = 8
    static let matrixTextCharacters = 1024

    /// Cuts each verdict to what ``CertificationMatrix`` shows (its summary, its first details, its
    /// notes, each cut to ``matrixTextCharacters``), so `report merge` holds a few KiB per verdict
    /// however long a report's texts are.
    package mutating func keepOnlyWhatAMatrixShows() {
        func cut(_ text: String) -> String {
            text.count <= Self.matrixTextCharacters ? text : String(text.prefix(Self.matrixTextCharacters)) + "…"
        }
        for index in verdicts.indices {
            verdicts[index].summary = cut(verdicts[index].summary)
            verdicts[index].details = verdicts[index].details.prefix(Self.matrixDetails).map(cut)
            verdicts[index].notes = verdicts[index].notes.prefix(Self.matrixDetails).map(cut)
        }
    }
}
