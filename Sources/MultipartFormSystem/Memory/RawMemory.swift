#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The C library's byte search and compare, which the scanners lean on: each platform's library
/// vectorises them, and naming them here keeps platform imports out of the engine's files.
package enum RawMemory {
    /// The address of the first `byte` among the `count` bytes at `start`, or `nil` (`memchr`).
    @inlinable @inline(__always)
    package static func first(_ byte: UInt8, in start: UnsafeRawPointer, count: Int) -> UnsafeRawPointer? {
        memchr(start, Int32(byte), count).map { UnsafeRawPointer($0) }
    }

    /// Whether the `count` bytes at `first` and at `second` are the same (`memcmp`).
    @inlinable @inline(__always)
    package static func equal(_ first: UnsafeRawPointer, _ second: UnsafeRawPointer, count: Int) -> Bool {
        memcmp(first, second, count) == 0
    }
}
