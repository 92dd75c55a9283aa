/// An HTTP status the server answers with.
struct ServeStatus: Equatable {
    var code: Int
    var reason: String

    static let `continue` = ServeStatus(code: 100, reason: "Continue")
    static let ok = ServeStatus(code: 200, reason: "OK")
    static let badRequest = ServeStatus(code: 400, reason: "Bad Request")
    static let forbidden = ServeStatus(code: 403, reason: "Forbidden")
    static let notFound = ServeStatus(code: 404, reason: "Not Found")
    static let requestTimeout = ServeStatus(code: 408, reason: "Request Timeout")
    static let contentTooLarge = ServeStatus(code: 413, reason: "Content Too Large")
    static let uriTooLong = ServeStatus(code: 414, reason: "URI Too Long")
    static let headerFieldsTooLarge = ServeStatus(code: 431, reason: "Request Header Fields Too Large")
    static let notImplemented = ServeStatus(code: 501, reason: "Not Implemented")
    static let serviceUnavailable = ServeStatus(code: 503, reason: "Service Unavailable")
}
