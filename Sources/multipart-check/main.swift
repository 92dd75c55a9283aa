import MultipartCheckBench
import MultipartFormCLI

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// The arguments' own bytes: a file name that is not UTF-8 must reach open() unchanged.
let arguments = (1..<Int(CommandLine.argc)).map { index in
    RawArgument.decode(CommandLine.unsafeArgv[index].map { Array(UnsafeBufferPointer(start: $0, count: strlen($0))).map { UInt8(bitPattern: $0) } } ?? [])
}
exit(MultipartCheck.main(arguments: arguments, extensions: [BenchExtension.command]))
