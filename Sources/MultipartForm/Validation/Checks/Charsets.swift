/// The charset names the validator recognises, lower case (RFC 7578 §4.5, §4.6; IANA charset registry).
enum Charsets {
    static let known: Set<String> = {
        var names: Set<String> = [
            "utf-8", "utf8", "us-ascii", "ascii", "latin1", "cp1252", "utf-16", "utf-16le", "utf-16be", "utf-32",
            "shift_jis", "euc-jp", "iso-2022-jp", "gb2312", "gbk", "gb18030", "big5", "euc-kr", "koi8-r", "koi8-u",
            "macintosh", "x-user-defined",
        ]
        for number in 1...16 { names.insert("iso-8859-\(number)") }
        for number in 1250...1258 { names.insert("windows-\(number)") }
        return names
    }()

    /// Whether `name` (any case) is a known charset.
    static func isKnown<C: Collection>(_ name: C) -> Bool where C.Element == UInt8 {
        known.contains(String(decoding: name.map(ByteClass.lowercased), as: UTF8.self))
    }

    /// Whether `name` (any case) means UTF-8 (or its ASCII subset).
    static func isUTF8<C: Collection>(_ name: C) -> Bool where C.Element == UInt8 {
        let lower = String(decoding: name.map(ByteClass.lowercased), as: UTF8.self)
        return lower == "utf-8" || lower == "utf8" || lower == "us-ascii" || lower == "ascii"
    }
}
