import MultipartFormCLI

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

exit(MultipartCheck.main(arguments: Array(CommandLine.arguments.dropFirst())))
