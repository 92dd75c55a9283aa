import MultipartForm

/// A field whose name or filename ends in an odd number of backslashes, which no quoted-string holds as
/// written: its last backslash escapes the closing quote (RFC 9110 §5.6.4).
///
/// The reference encoder refuses such a form (`unrepresentable-name`, `unrepresentable-filename`). An
/// encoder that writes the backslash raw breaks `parameter-syntax`, since the value runs on past its
/// quote; one that doubles it draws `parameter-quoted-pair`. The general advice for those rules speaks
/// of quotes, which such a value need not hold, so a verdict says this instead (``EncoderOutputJudgement``).
struct TrailingBackslash: Sendable, Hashable {
    /// Whether the field's name ends in an odd number of backslashes.
    var inName: Bool
    /// Whether the field's filename does.
    var inFilename: Bool

    /// The rules such a value breaks, whose general advice does not fit it.
    static let rules: Set<Rule.ID> = [.parameterSyntax, .parameterQuotedPair]

    /// The fields of `form` whose name or filename ends in an odd number of backslashes, by index.
    static func fields(of form: FormData) -> [Int: TrailingBackslash] {
        var found: [Int: TrailingBackslash] = [:]
        for (index, field) in form.fields.enumerated() {
            let name = endsInOddBackslashes(field.name)
            let filename = field.filename.map(endsInOddBackslashes) ?? false
            if name || filename { found[index] = TrailingBackslash(inName: name, inFilename: filename) }
        }
        return found
    }

    /// Whether `text` ends in an odd number of backslashes.
    static func endsInOddBackslashes(_ text: String) -> Bool {
        text.utf8.reversed().prefix { $0 == UInt8(ascii: "\\") }.count % 2 == 1
    }

    /// What an encoder should do about the field, given whether it wrote the backslash raw (breaking
    /// `parameter-syntax`) or as the quoted-pair `\\`.
    func advice(writtenRaw: Bool) -> String {
        let what = inName && inFilename ? "the name and the filename end" : inName ? "the name ends" : "the filename ends"
        let code = inName ? ReferenceEncoder.Error.Code.unrepresentableName : .unrepresentableFilename
        let refuse = "as the reference encoder does (\(code); `multipart-check explain \(code)`)"
        if writtenRaw {
            return
                "\(what) in a backslash, which, written raw, escapes the closing quote, so the value runs on past it (RFC 9110 §5.6.4): refuse such a form, \(refuse); doubling the backslash (`\\\\`) is valid, but receivers that do not unescape quoted-pairs keep both"
        }
        return
            "\(what) in a backslash, written as the quoted-pair `\\\\`: valid, but receivers that do not unescape quoted-pairs keep both backslashes; refusing such a form, \(refuse), passes and is what Canonical asks"
    }
}
