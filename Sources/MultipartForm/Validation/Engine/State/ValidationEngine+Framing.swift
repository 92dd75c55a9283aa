extension ValidationEngine {
    /// What the boundary determines: made once the boundary is known (given or inferred), so
    /// that nothing here exists without one.
    struct Framing {
        /// The boundary the body is framed with.
        let boundary: [UInt8]
        /// Finds `LF "--" boundary`.
        let search: DelimiterSearch
        /// `"--" boundary`.
        let dashBoundary: [UInt8]
        /// `CR LF "--" boundary "-"`: every byte a held or matched delimiter can consist of.
        let delimiterLine: [UInt8]
        /// Recognises what the one-step paths read (`OneStep/`); `nil` when
        /// ``ValidationOptions/readsInOneStep`` is off or no header line may be read.
        let oneStep: OneStepReader?
        /// Finds `--boundary` inside part content and header lines; made the first time one needs
        /// it (``ValidationEngine/boundaryTextSearch()``), as its table takes 64 KiB.
        var boundaryText: DashBoundarySearch<PairSampling>?

        init(boundary: [UInt8], options: ValidationOptions) {
            self.boundary = boundary
            search = DelimiterSearch(boundary: boundary)
            dashBoundary = [ByteClass.dash, ByteClass.dash] + boundary
            delimiterLine = [ByteClass.cr] + search.pattern + [ByteClass.dash]
            oneStep = options.readsInOneStep ? OneStepReader(dashBoundaryLength: dashBoundary.count, options: options) : nil
        }
    }
}
