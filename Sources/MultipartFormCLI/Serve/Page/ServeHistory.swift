import MultipartFormSystem

/// The last requests `serve` validated, as the live page shows them: a fixed number of entries,
/// each already cut to bounded windows of its body, so memory stays bounded whatever the traffic.
final class ServeHistory: @unchecked Sendable {
    /// One request as the page's JSON describes it.
    struct Entry {
        /// The request's number in the run.
        var number: Int
        /// The entry's JSON object, rendered.
        var json: String
        /// The request as an HTTP capture `validate` reads (its head, with the body's length, then
        /// the body), when the whole body fit in the window the page keeps; else `nil`.
        var capture: [UInt8]? = nil
        /// Where the body starts in ``capture``.
        var bodyStart = 0
        /// The request's Content-Type, for the page's comparison.
        var contentType: String? = nil
    }

    /// How many entries are kept.
    let capacity: Int
    private let entries = LockedValue<[Entry]>([])

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// Adds an entry, forgetting the oldest when there are more than ``capacity``.
    func add(_ entry: Entry) {
        entries.withLock { entries in
            entries.append(entry)
            if entries.count > capacity { entries.removeFirst(entries.count - capacity) }
        }
    }

    /// The entry numbered `number`, if it is still kept.
    func entry(number: Int) -> Entry? {
        entries.withLock { $0.first { $0.number == number } }
    }

    /// The entries numbered after `number`, oldest first.
    func entries(after number: Int) -> [Entry] {
        entries.withLock { $0.filter { $0.number > number } }
    }

    /// How many bytes the kept entries take: what the page's memory bound is about.
    var byteCount: Int {
        entries.withLock { $0.reduce(0) { $0 + $1.json.utf8.count + ($1.capture?.count ?? 0) } }
    }
}
