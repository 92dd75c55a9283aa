#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The calendar time, to the second, for timestamps people read (reports, capture names, the page).
package enum WallClock {
    /// A moment broken into calendar fields.
    package struct Fields: Sendable, Hashable {
        package var year: Int
        package var month: Int
        package var day: Int
        package var hour: Int
        package var minute: Int
        package var second: Int
    }

    /// Seconds since 1970-01-01 00:00:00 UTC.
    package static func secondsSinceEpoch() -> Int {
        Int(time(nil))
    }

    /// Now in UTC.
    package static func utc() -> Fields {
        var seconds = time(nil)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        return Fields(parts)
    }

    /// Now in the machine's time zone.
    package static func local() -> Fields {
        var seconds = time(nil)
        var parts = tm()
        localtime_r(&seconds, &parts)
        return Fields(parts)
    }
}

extension WallClock.Fields {
    init(_ parts: tm) {
        self.init(
            year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday), hour: Int(parts.tm_hour),
            minute: Int(parts.tm_min), second: Int(parts.tm_sec))
    }

    /// The field as at least two digits (`07`).
    package static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : String(value)
    }
}
