/// What a check of part content found in one run of content bytes, held until every check has read
/// the run so that the findings are noted in the order of the body.
enum ContentFinding {
    /// The text value stops being UTF-8 at this stream offset (`value-not-utf8`).
    case invalidValue(Int)
    /// `--boundary` in the middle of a content line (`boundary-in-content`).
    case boundaryText(Located)
    /// Content that its Content-Transfer-Encoding cannot decode.
    case transferFault(TransferContentCheck.Fault, Located)
    /// A departure from the encoding's form that decoders still read (a long line, lower-case hex).
    case transferStyle(TransferContentCheck.Departure, Located)

    /// The stream offset of what was found.
    var offset: Int {
        switch self {
        case .invalidValue(let offset): return offset
        case .boundaryText(let place), .transferFault(_, let place), .transferStyle(_, let place): return place.offset
        }
    }
}
