/// Something about the decoded form that a parser's API does not tell its callers, so certification cannot compare it.
///
/// Many server frameworks hand an application its fields and its files in two dictionaries, or give
/// text fields as plain strings: the order between a field and a file, or a text field's
/// `Content-Type`, is then not lost by the parser but never reported. An adapter declares such
/// details in ``FormDecoderAdapter/unreportedDetails`` and the comparison leaves them out; it must not
/// declare anything its API does report. An open set of stable codes.
public struct UnreportedDetail: RawRepresentable, Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The stable text, such as `part-order`.
    public var rawValue: String

    /// Creates a detail from its stable text.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The order of parts with different names: the decoded parts are matched to the expected ones
    /// by name, in order within each name.
    public static let partOrder = UnreportedDetail(rawValue: "part-order")
    /// The `Content-Type` of a part without a filename: it is not compared for such parts.
    public static let textFieldContentType = UnreportedDetail(rawValue: "text-field-content-type")

    /// Every detail an adapter may declare, in a stable order.
    public static let all: [UnreportedDetail] = [.partOrder, .textFieldContentType]

    /// The stable text.
    public var description: String { rawValue }

    /// Orders by the stable text.
    public static func < (lhs: UnreportedDetail, rhs: UnreportedDetail) -> Bool { lhs.rawValue < rhs.rawValue }
}
