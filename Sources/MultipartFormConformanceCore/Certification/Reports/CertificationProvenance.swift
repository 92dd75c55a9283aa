import MultipartFormSystem

/// Where a certification report comes from: the tool, the date, the corpus, and how much of it was selected.
///
/// Recorded so that a report read later, or merged with others, says what it certifies: a run with
/// filters, or one over fewer vectors than its corpus holds, is partial and earns no level
/// (``CertificationLevel/partial``); reports of different corpora do not merge silently.
public struct CertificationProvenance: Sendable, Hashable {
    /// The tool and its version, such as `multipart-check 0.1.0`; `nil` when not recorded.
    public var tool: String?
    /// When the run ended, as an ISO 8601 UTC timestamp such as `2026-11-27T09:30:00Z`; `nil` when not recorded.
    public var date: String?
    /// The corpus the vectors came from; `nil` when not recorded (vectors passed in by hand).
    public var corpus: CorpusIdentity?
    /// The filters that selected the vectors, as given on the command line (`--area structure`); empty for a whole run.
    public var filters: [String]
    /// How many vectors (and probes) of the corpus certify this kind of adapter; `nil` when not recorded.
    public var eligible: Int?
    /// Whether ``corpus`` is the corpus shipped with the tool or package, or another one; `nil` when not recorded.
    public var corpusOrigin: CorpusOrigin?
    /// The seed the decoder probes of the run were made from (``DecoderProbe``); `nil` when the run made none.
    public var probeSeed: UInt64?

    /// Where a run's corpus came from.
    public enum CorpusOrigin: String, Sendable, Hashable {
        /// The corpus installed with `multipart-check`, bundled in the Swift package, or one whose manifest is the same.
        case shipped
        /// A corpus given explicitly whose manifest differs from the shipped one's (or with no shipped one to compare).
        case other
    }

    /// Creates a provenance record; every part is optional.
    /// - Parameters:
    ///   - tool: The tool and its version.
    ///   - date: An ISO 8601 UTC timestamp.
    ///   - corpus: The corpus's identity.
    ///   - filters: The filters that selected the vectors.
    ///   - eligible: How many vectors (and probes) of the corpus certify this kind of adapter.
    ///   - corpusOrigin: Whether the corpus is the shipped one.
    public init(
        tool: String? = nil, date: String? = nil, corpus: CorpusIdentity? = nil, filters: [String] = [],
        eligible: Int? = nil, corpusOrigin: CorpusOrigin? = nil
    ) {
        self.corpusOrigin = corpusOrigin
        self.tool = tool
        self.date = date
        self.corpus = corpus
        self.filters = filters
        self.eligible = eligible
    }

    /// The tool named in reports made through the Swift API (`report(over:)` of a corpus, `require(_:)`).
    public static let library = "MultipartFormConformance (Swift API)"

    /// The current time as an ISO 8601 UTC timestamp to the second, such as `2026-11-27T09:30:00Z`.
    public static func now() -> String {
        let now = WallClock.utc()
        let two = WallClock.Fields.twoDigits
        return "\(now.year)-\(two(now.month))-\(two(now.day))T\(two(now.hour)):\(two(now.minute)):\(two(now.second))Z"
    }
}
