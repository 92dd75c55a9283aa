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

    /// `memchr` itself, called through a function value so that a benchmark's floor measures the
    /// library's call as any caller makes it.
    package static let memchrFunction: @Sendable (UnsafeRawPointer, Int32, Int) -> UnsafeMutableRawPointer? = {
        memchr($0, $1, $2)
    }

    /// The C library's `memmem`, or `nil` where it cannot be found. Glibc's module map leaves it out
    /// (a GNU extension there), so on Linux it is looked up.
    package static let memmemFunction: (@convention(c) (UnsafeRawPointer?, Int, UnsafeRawPointer?, Int) -> UnsafeMutableRawPointer?)? = {
        #if canImport(Darwin)
        return { Darwin.memmem($0, $1, $2, $3) }
        #else
        // RTLD_DEFAULT is a null handle on Linux.
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "memmem") else { return nil }
        return unsafeBitCast(
            symbol, to: (@convention(c) (UnsafeRawPointer?, Int, UnsafeRawPointer?, Int) -> UnsafeMutableRawPointer?).self)
        #endif
    }()
}
