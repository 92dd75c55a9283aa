import MultipartForm

/// Where a rendered finding's snippet bytes come from: a file read again, or what a stream kept.
protocol SnippetSource {
    /// The bytes in `range`, clamped to what is available; fewer (or none) where bytes were not kept.
    func bytes(in range: Range<Int>) -> [UInt8]
}

extension BodyInput: SnippetSource {}

/// A streamed body's first and last bytes: snippets for findings near either end of what has arrived.
extension StreamEnds: SnippetSource {}
