import MultipartForm

/// A real parser an application reads forms with, named so a body can be checked against what it does.
///
/// Each receiver is a row of the interop run (`Interop/parsers.tsv`): `php`, `rack`, `django`,
/// `go-parse-form`, `node-busboy` and the rest, each with a static member (``php``, ``rack``,
/// ``goParseForm``). Names developers know, such as `laravel` or `rails`, find the row whose parser
/// the framework reads forms with (``named(_:)``). What a receiver does with each shape of body is
/// the committed evidence of that run (``ReceiverProfile``), never a guess.
public struct Receiver: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The interop row id, such as `php`.
    public let id: String

    /// A receiver by its interop row id; ``named(_:)`` also takes the names developers know.
    /// - Parameter id: A row id of the evidence, such as `php`.
    public init(id: String) {
        self.id = id
    }

    /// The receiver a name stands for: a row id (`php`, `go-parse-form`) or a name developers know
    /// (`laravel`, `rails`, `express`), case folded; `nil` when the evidence has no such row.
    /// - Parameter name: What a user typed.
    /// - Returns: The receiver, or `nil`.
    public static func named(_ name: String) -> Receiver? {
        let folded = name.lowercased()
        let evidence = ReceiverEvidence.shared
        if evidence.profiles[folded] != nil { return Receiver(id: folded) }
        return evidence.aliases[folded].map { Receiver(id: $0.row) }
    }

    /// Every receiver of the evidence, in the run's order.
    public static var all: [Receiver] { ReceiverEvidence.shared.order.map { Receiver(id: $0) } }

    /// The names developers know that stand for a row, each with the row and the page that says so.
    public static var aliases: [(name: String, receiver: Receiver, documentation: String)] {
        ReceiverEvidence.shared.aliases.sorted { $0.key < $1.key }.map {
            (name: $0.key, receiver: Receiver(id: $0.value.row), documentation: $0.value.documentation)
        }
    }

    /// What the evidence says this receiver does; `nil` for an id the evidence has no row for.
    public var profile: ReceiverProfile? { ReceiverEvidence.shared.profiles[id] }

    /// The row id.
    public var description: String { id }

    /// Receivers order by id.
    public static func < (lhs: Receiver, rhs: Receiver) -> Bool { lhs.id < rhs.id }
}
