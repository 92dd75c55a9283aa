import MultipartFormCLI
/// Number formatting for bench output, without Foundation.
enum BenchFormat {
    /// `value` rounded to `decimals` places, for example `fixed(2.345, 2)` is `2.35` (`-` for NaN or infinity).
    static func fixed(_ value: Double, _ decimals: Int) -> String {
        guard value.isFinite else { return "-" }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = Int((abs(value) * scale).rounded())
        let sign = value < 0 && scaled != 0 ? "-" : ""
        guard decimals > 0 else { return sign + String(scaled) }
        let factor = Int(scale)
        let fraction = String(scaled % factor)
        return sign + String(scaled / factor) + "." + String(repeating: "0", count: decimals - fraction.count) + fraction
    }

    /// The shortest spelling of a number: `1`, `0.25`.
    static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return String(value)
    }

    /// Decimal megabytes with one decimal, for example `268.4 MB`.
    static func megabytes(_ bytes: Int) -> String {
        fixed(Double(bytes) / 1_000_000, 1) + " MB"
    }

    /// A size in binary units with one decimal: `9.9 MiB`, `23.5 GiB`.
    static func binarySize(_ bytes: Int) -> String {
        let value = Double(bytes)
        if value >= Double(1 << 30) { return fixed(value / Double(1 << 30), 1) + " GiB" }
        if value >= Double(1 << 20) { return fixed(value / Double(1 << 20), 1) + " MiB" }
        return fixed(value / 1024, 1) + " KiB"
    }

    /// `text` padded with spaces to `width` on the left (`right: true`) or the right.
    static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, width - text.count))
        return right ? padding + text : text + padding
    }
}
