import MultipartFormCLI
import MultipartFormSystem

/// The machine a bench ran on, so that printed figures say where they came from.
struct BenchMachine: Sendable {
    /// Kernel name, release and architecture, for example `Linux 6.8.0 x86_64`.
    var system: String
    /// The processor's model name, when the system says.
    var processor: String?
    /// Online logical processors.
    var processors: Int
    /// Physical memory in bytes.
    var memoryBytes: Int

    /// One line: system, processor, processor count and memory.
    var description: String {
        var words = [system]
        if let processor { words.append(processor) }
        words.append("\(processors) CPU\(processors == 1 ? "" : "s")")
        words.append(BenchFormat.binarySize(memoryBytes))
        return words.joined(separator: ", ")
    }

    /// Describes the machine this process runs on.
    static func current() -> BenchMachine {
        let host = HostMachine.current()
        return BenchMachine(system: host.system, processor: host.processor, processors: host.processors, memoryBytes: host.memoryBytes)
    }
}
