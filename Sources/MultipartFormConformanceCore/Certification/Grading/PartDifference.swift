/// One way a decoder's parts differ from the expected ones: which attribute, and the line that says how.
///
/// The attribute is what groups verdicts into one defect (``CertificationDefect``): a decoder that
/// reads every filename otherwise has one cause however many vectors show it.
struct PartDifference: Sendable, Hashable {
    /// What differs, in the order a cause names them.
    enum Attribute: String, CaseIterable, Sendable, Hashable, Comparable {
        case partCount = "part count"
        case name
        case filename
        case contentType = "content type"
        case content

        static func < (lhs: Attribute, rhs: Attribute) -> Bool {
            allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
        }
    }

    /// What differs.
    var attribute: Attribute
    /// The line a verdict's details show, such as `part 0 filename: expected "a.txt", decoded "b.txt"`.
    var text: String

    /// How a cause says what differs: `filename differs`, `name, content differ`; `read otherwise` for none.
    static func what(_ differences: [PartDifference]) -> String {
        let attributes = Set(differences.map(\.attribute)).sorted()
        guard !attributes.isEmpty else { return "read otherwise" }
        return attributes.map(\.rawValue).joined(separator: ", ") + (attributes.count == 1 ? " differs" : " differ")
    }
}
