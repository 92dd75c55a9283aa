/// A request the server will not read on: the status it answers and why, after which it closes the connection.
struct RefusalError: Error {
    var status: ServeStatus
    var reason: String

    /// A 400 answer.
    static func badRequest(_ reason: String) -> RefusalError {
        RefusalError(status: .badRequest, reason: reason)
    }
}
