/// The line around a finding, rendered visibly and cut to a window, with the caret's column.
struct Snippet: Equatable {
    /// The widest rendering shown, in columns, including ellipses.
    static let maxColumns = 100
    /// How many bytes either side of a finding are read to find its line.
    static let context = 320
    /// Marks a rendering cut short on either side.
    static let ellipsis = "…"

    /// The rendered line, possibly with `…` on either side.
    var text: String
    /// The zero-based column of the offending byte in ``text``.
    var caretColumn: Int
    /// Whether the caret points past the last byte: the finding is at the end of the input.
    var isAtEnd: Bool

    /// Renders the line holding `offset` from `region`, the input's bytes starting at `regionStart`.
    ///
    /// The line runs from the byte after the last LF before `offset` to the first LF at or after it,
    /// inclusive, so a finding on a line break shows that break. An `offset` equal to the input's
    /// length (a finding at the end of the input) puts the caret just past the last byte.
    init(region: [UInt8], regionStart: Int, offset: Int, totalLength: Int) {
        let newline = UInt8(ascii: "\n")
        let relative = min(max(offset - regionStart, 0), region.count)
        var lineStart = 0
        var continuesLeft = regionStart > 0
        if let lastBreak = region[..<relative].lastIndex(of: newline) {
            lineStart = lastBreak + 1
            continuesLeft = false
        }
        var lineEnd = region.count
        var continuesRight = regionStart + region.count < totalLength
        if let nextBreak = region[relative...].firstIndex(of: newline) {
            lineEnd = nextBreak + 1
            continuesRight = false
        }
        let cells = VisibleBytes.cells(Array(region[lineStart..<lineEnd]))
        let target = relative - lineStart
        let caretCell = cells.firstIndex { $0.bytes.contains(target) } ?? cells.count
        self.init(cells: cells, caretCell: caretCell, continuesLeft: continuesLeft, continuesRight: continuesRight)
        isAtEnd = regionStart + relative >= totalLength
    }

    /// Chooses the window of `cells` around `caretCell` that fits ``maxColumns`` and adds the ellipses.
    init(cells: [VisibleBytes.Cell], caretCell: Int, continuesLeft: Bool, continuesRight: Bool) {
        func width(_ index: Int) -> Int { index < cells.count ? cells[index].width : 1 }
        let total = cells.reduce(0) { $0 + $1.width } + (caretCell == cells.count ? 1 : 0)
        var start = 0
        var end = cells.count
        if total > Self.maxColumns || continuesLeft || continuesRight {
            let budget = Self.maxColumns - 2
            start = caretCell
            end = min(caretCell + 1, cells.count)
            var used = width(caretCell)
            // The whole start of the line when it is short, else 40 columns of context before the
            // caret; then fill to the right, then the left again.
            let before = cells[..<min(caretCell, cells.count)].reduce(0) { $0 + $1.width }
            let leftContext = before <= 60 && !continuesLeft ? 60 : 40
            while start > 0, used + width(start - 1) <= min(leftContext, budget) {
                start -= 1
                used += width(start)
            }
            while end < cells.count, used + width(end) <= budget {
                used += width(end)
                end += 1
            }
            while start > 0, used + width(start - 1) <= budget {
                start -= 1
                used += width(start)
            }
        }
        let prefix = start > 0 || continuesLeft ? Self.ellipsis : ""
        let suffix = end < cells.count || continuesRight ? Self.ellipsis : ""
        text = prefix + cells[start..<end].map(\.text).joined() + suffix
        caretColumn = prefix.count + cells[start..<min(caretCell, end)].reduce(0) { $0 + $1.width }
        isAtEnd = caretCell == cells.count && !continuesRight
    }
}
