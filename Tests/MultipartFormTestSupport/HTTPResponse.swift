import Foundation

/// A response read off the socket.
package struct HTTPResponse {
    /// The status code.
    package var status: Int
    /// The header fields, by lower-case name (the last of a repeated one).
    package var headers: [String: String]
    /// The body, as long as Content-Length says.
    package var body: [UInt8]

    /// The body as UTF-8 text.
    package var text: String { String(decoding: body, as: UTF8.self) }

    /// Takes one complete response off the front of `buffer`.
    package init?(parsing buffer: inout [UInt8]) {
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        guard buffer.count >= 4, let end = (0...(buffer.count - 4)).first(where: { Array(buffer[$0..<$0 + 4]) == separator }) else {
            return nil
        }
        let lines = String(decoding: buffer[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let words = lines[0].split(separator: " ")
        guard words.count >= 2, let status = Int(words[1]) else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let length = Int(headers["content-length"] ?? "0") ?? 0
        guard buffer.count >= end + 4 + length else { return nil }
        self.status = status
        self.headers = headers
        body = Array(buffer[(end + 4)..<(end + 4 + length)])
        buffer.removeFirst(end + 4 + length)
    }
}
