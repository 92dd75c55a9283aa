/// How many terminal columns text takes: two for East Asian wide and fullwidth characters and for
/// emoji drawn as pictures, one for everything else.
///
/// Carets are placed by this count because terminals draw CJK text two columns wide: counting
/// characters would put a caret under the wrong byte in a line holding a Japanese filename.
/// The table follows Unicode's East Asian Width property (UAX #11, classes W and F) in blocks, not
/// code point by code point; a character it misses is counted one column, as before.
package enum DisplayWidth {
    /// The columns `text` takes in a terminal.
    package static func columns(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + columns($1) }
    }

    /// The columns one scalar takes: 2 for wide and fullwidth ones, 0 for combining marks and
    /// zero-width joiners, else 1.
    package static func columns(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x1100 { return 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark: return 0
        default: break
        }
        if value == 0x200B || value == 0x200D { return 0 }
        if scalar.properties.isEmojiPresentation { return 2 }
        return wideRanges.contains { $0.contains(value) } ? 2 : 1
    }

    /// Blocks whose characters are East Asian wide or fullwidth.
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F,  // Hangul Jamo initial consonants
        0x2329...0x232A,  // angle brackets
        0x2E80...0x303E,  // CJK radicals, Kangxi, ideographic description, CJK symbols and punctuation
        0x3041...0x33FF,  // Hiragana, Katakana, Bopomofo, Hangul compatibility Jamo, Kanbun, CJK strokes
        0x3400...0x4DBF,  // CJK extension A
        0x4E00...0x9FFF,  // CJK unified ideographs
        0xA000...0xA4CF,  // Yi
        0xA960...0xA97F,  // Hangul Jamo extended A
        0xAC00...0xD7A3,  // Hangul syllables
        0xF900...0xFAFF,  // CJK compatibility ideographs
        0xFE10...0xFE19,  // vertical forms
        0xFE30...0xFE6F,  // CJK compatibility forms, small form variants
        0xFF00...0xFF60,  // fullwidth forms
        0xFFE0...0xFFE6,  // fullwidth signs
        0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1B000...0x1B2FF,  // Tangut, Khitan, Kana supplement
        0x1F200...0x1F2FF,  // enclosed ideographic supplement
        0x20000...0x2FFFD,  // CJK extensions B to F, compatibility supplement
        0x30000...0x3FFFD,  // CJK extensions G and later
    ]
}
