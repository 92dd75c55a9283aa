/// The request's `Content-Type` for a boundary. multipart-kit writes only the body; the header is the
/// application's (Vapor's) job, so the adapters write it correctly, quoting the boundary when RFC 2045
/// requires, so that the certification measures multipart-kit and not this glue.
enum ContentTypeHeader {
    static func value(boundary: String) -> String {
        let token = Set("!#$%&'*+-.^_`|~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".utf8)
        if boundary.utf8.allSatisfy(token.contains) { return "multipart/form-data; boundary=" + boundary }
        return "multipart/form-data; boundary=\"" + boundary + "\""
    }

    /// A boundary like Vapor's: `----vaporBoundary` and 16 random lower-case letters and digits.
    static func vaporStyleBoundary() -> String {
        let characters = Array("abcdefghijklmnopqrstuvwxyz0123456789")
        return "----vaporBoundary" + String((0..<16).map { _ in characters.randomElement()! })
    }
}
