#if os(macOS) || os(Linux)
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What a benchmark report says about the machine it ran on: the system, the processor, how many
/// processors and how much memory.
package struct HostMachine: Sendable, Hashable {
    /// `uname`'s system name, release and machine, such as `Linux 6.1.0 x86_64`.
    package var system: String
    /// The processor's model name, when the system says.
    package var processor: String?
    /// Processors online.
    package var processors: Int
    /// Physical memory in bytes.
    package var memoryBytes: Int

    /// The machine this process runs on.
    package static func current() -> HostMachine {
        var names = utsname()
        uname(&names)
        func field<T>(_ value: T) -> String {
            withUnsafeBytes(of: value) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        }
        let system = "\(field(names.sysname)) \(field(names.release)) \(field(names.machine))"
        let pageSize = sysconf(Int32(_SC_PAGESIZE))
        let pages = sysconf(Int32(_SC_PHYS_PAGES))
        return HostMachine(
            system: system, processor: processorName(), processors: Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))),
            memoryBytes: Int(pageSize) * Int(pages))
    }

    private static func processorName() -> String? {
        #if canImport(Darwin)
        var size = 0
        guard sysctlbyname("machdep.cpu.brand_string", nil, &size, nil, 0) == 0, size > 0 else { return nil }
        var name = [CChar](repeating: 0, count: size)
        guard sysctlbyname("machdep.cpu.brand_string", &name, &size, nil, 0) == 0 else { return nil }
        return String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #else
        guard let file = fopen("/proc/cpuinfo", "r") else { return nil }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 1024)
        while fgets(&line, Int32(line.count), file) != nil {
            let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            guard text.hasPrefix("model name"), let colon = text.firstIndex(of: ":") else { continue }
            let value = text[text.index(after: colon)...].split(separator: "\n").first ?? ""
            let trimmed = value.drop { $0 == " " || $0 == "\t" }
            return trimmed.isEmpty ? nil : String(trimmed)
        }
        return nil
        #endif
    }
}
#endif
