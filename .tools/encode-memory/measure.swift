// Issue 21's encoder memory check: builds the bench's many-fields form (100,000 small text fields),
// records the process's peak RSS with the form alone, then prepares and writes it through
// ReferenceEncoder to /dev/null in 64 KiB chunks (as `encode -o` does) and records the peak again.
// The difference is the encoder's own memory beyond the form it was given.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import MultipartForm

func peakRSSKiB() -> Int {
    var usage = rusage()
    #if canImport(Glibc)
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    #else
    getrusage(RUSAGE_SELF, &usage)
    #endif
    #if canImport(Darwin)
    return Int(usage.ru_maxrss) / 1024  // bytes on Darwin
    #else
    return Int(usage.ru_maxrss)  // KiB on Linux
    #endif
}

func seconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

let fields = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 100_000 : 100_000
let baseline = peakRSSKiB()
var form = FormData()
for index in 0..<fields {
    form.append(name: "field\(index)", text: "value \(index)")
}
let withForm = peakRSSKiB()
let sink = open("/dev/null", O_WRONLY)
var best = Double.infinity
var length = 0
for _ in 0..<5 {
    let start = seconds()
    let body = try ReferenceEncoder().prepare(form, boundary: "----WebKitFormBoundary7MA4YWxkTrZu0gW")
    try body.write(toFileDescriptor: sink)
    best = min(best, seconds() - start)
    length = body.contentLength
}
let withEncoding = peakRSSKiB()
print("fields \(fields), body \(length) bytes")
print("peak RSS: process start \(baseline) KiB, form alone \(withForm) KiB, form and encoding \(withEncoding) KiB")
print("encoder's own memory beyond the form: \(withEncoding - withForm) KiB")
let megabytesPerSecond = Int((Double(length) / best / 1e6).rounded())
print("encode (prepare and write, best of 5): \(megabytesPerSecond) MB/s")
