/// The form of a request's target (RFC 9112 §3.2), and the origin-form path a replay may use.
///
/// `serve` answers only the forms a server is sent: origin-form (`/path?query`), absolute-form
/// (`http://host/path`, as a proxy is sent) and the asterisk-form of `OPTIONS *`. Anything else
/// (`@evil.example:80/steal`, an authority-form outside CONNECT) is refused with 400: a replay line
/// built from it would send the body, and credentials, to another host.
enum RequestTarget: Equatable {
    /// `/path?query`.
    case origin
    /// `http://host/path?query` or `https://…`.
    case absolute(path: String)
    /// `*`, for `OPTIONS`.
    case asterisk

    /// The form of `target` for a request with `method`, or `nil` when it is none a server accepts.
    init?(_ target: String, method: String) {
        if target.hasPrefix("/") {
            self = .origin
        } else if target == "*" {
            guard method == "OPTIONS" else { return nil }
            self = .asterisk
        } else {
            let lowered = HARRequests.lowercased(target)
            guard let scheme = ["http://", "https://"].first(where: lowered.hasPrefix) else { return nil }
            let rest = target.dropFirst(scheme.count)
            let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
            // An authority with userinfo (`user@host`) is refused too: nothing a client should send here.
            guard !authority.isEmpty, !authority.contains("@") else { return nil }
            let path = String(rest.dropFirst(authority.count))
            self = .absolute(path: path.hasPrefix("/") ? path : "/" + path)
        }
    }

    /// The origin-form path of `target` to replay the request to, or `nil` when it has none (`*`).
    static func replayPath(_ target: String, method: String) -> String? {
        switch RequestTarget(target, method: method) {
        case .origin: target
        case .absolute(let path): path
        case .asterisk, nil: nil
        }
    }
}
