import MultipartCheckBench
import MultipartFormCLI
import MultipartFormSystem

// The arguments' own bytes: a file name that is not UTF-8 must reach open() unchanged.
let arguments = (1..<Int(CommandLine.argc)).map { index in
    RawArgument.decode(CommandLine.unsafeArgv[index].map { SystemCalls.bytes(ofCString: $0) } ?? [])
}
SystemCalls.exit(MultipartCheck.main(arguments: arguments, extensions: [BenchExtension.command]))
