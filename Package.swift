// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "multipart-form-conformance",
    // The platform policy (README, "Platforms"): Swift 6 concurrency and `ContinuousClock` need these;
    // the process adapter (spawning an encoder) exists on macOS and Linux only.
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "MultipartForm", targets: ["MultipartForm"]),
        .library(name: "MultipartFormConformance", targets: ["MultipartFormConformance"]),
        .library(name: "MultipartFormFoundation", targets: ["MultipartFormFoundation"]),
        .library(name: "MultipartFormTesting", targets: ["MultipartFormTesting"]),
        .executable(name: "multipart-check", targets: ["multipart-check"]),
    ],
    targets: [
        // The one system layer: every call into the C library (files, processes, sockets, signals,
        // threads, memory search), behind small Swift APIs the other modules use. In no product of its own.
        .target(name: "MultipartFormSystem"),
        // Core: Foundation-free scanner, validator and rule catalog.
        // Debug builds count which path the engine took (its observer), for the tests; release builds
        // carry nothing for it.
        .target(name: "MultipartForm", dependencies: ["MultipartFormSystem"],
            swiftSettings: [.define("MULTIPART_ENGINE_OBSERVER", .when(configuration: .debug))]),
        // Corpus model, loader, manifest and expectations: Foundation-free, so the command line can use it.
        .target(name: "MultipartFormConformanceCore", dependencies: ["MultipartForm", "MultipartFormSystem"]),
        // What adopters import: the core above re-exported, plus the corpus bundled as a resource.
        .target(
            name: "MultipartFormConformance",
            dependencies: ["MultipartFormConformanceCore"],
            resources: [.copy("../../Vectors")]
        ),
        // URLRequest / URLSession glue, InputStream and file URLs: the only encoder code that uses Foundation.
        .target(name: "MultipartFormFoundation", dependencies: ["MultipartForm"]),
        // Receiver profiles: what each real parser of the interop run does with each shape of body, as a
        // table generated from the committed evidence. Kept out of the core so an app's own code never carries it.
        .target(name: "MultipartFormReceivers", dependencies: ["MultipartForm"]),
        // Test helpers over the glue: an app's own requests checked in its unit tests (Swift Testing
        // and XCTest), kept out of the glue so an app never links a test framework.
        .target(name: "MultipartFormTesting", dependencies: ["MultipartForm", "MultipartFormFoundation", "MultipartFormReceivers"]),
        // Command-line logic as a library, so it can be tested in-process.
        .target(name: "MultipartFormCLI", dependencies: ["MultipartForm", "MultipartFormConformanceCore", "MultipartFormReceivers", "MultipartFormSystem"]),
        // `multipart-check bench`: generated bodies, worker processes and reports, kept out of the CLI library.
        .target(name: "MultipartCheckBench", dependencies: ["MultipartForm", "MultipartFormConformanceCore", "MultipartFormCLI", "MultipartFormSystem"]),
        .executableTarget(name: "multipart-check", dependencies: ["MultipartFormCLI", "MultipartCheckBench", "MultipartFormSystem"]),
        // What the test targets share (chunked feeding, temporary directories, seeded randomness, the
        // one process runner):
        // in no product, so only the tests build it.
        .target(name: "MultipartFormTestSupport", dependencies: ["MultipartForm", "MultipartFormSystem"], path: "Tests/MultipartFormTestSupport"),
        .testTarget(name: "MultipartFormTests", dependencies: ["MultipartForm", "MultipartFormSystem", "MultipartFormTestSupport"]),
        .testTarget(
            name: "MultipartFormConformanceTests",
            dependencies: [
                "MultipartForm", "MultipartFormConformance", "MultipartFormCLI", "MultipartFormReceivers", "MultipartFormSystem",
                "MultipartFormTestSupport",
            ]
        ),
        .testTarget(
            name: "MultipartFormCLITests",
            dependencies: [
                "MultipartFormCLI", "MultipartCheckBench", "MultipartForm", "MultipartFormConformanceCore",
                "MultipartFormSystem", "MultipartFormTestSupport",
                // `serve` is tested with URLSession uploading through the Foundation glue.
                "MultipartFormFoundation",
            ],
            exclude: ["serve-clients-requirements.txt"]),
        .testTarget(
            name: "MultipartFormFoundationTests",
            dependencies: ["MultipartFormFoundation", "MultipartForm", "MultipartFormTesting", "MultipartFormTestSupport"]),
        // Every Swift block of the README, CONFORMANCE.md and the DocC articles, compiled (and run where it can be).
        .testTarget(
            name: "MultipartFormDocumentationTests",
            dependencies: [
                "MultipartForm", "MultipartFormFoundation", "MultipartFormConformance", "MultipartFormTesting",
                "MultipartFormTestSupport",
            ],
            // A downstream package's manifest: evaluated by `swift package dump-package`, not compiled here.
            exclude: ["Snippets/package-manifest.swift"]),
    ],
    swiftLanguageModes: [.v6]
)

// The libFuzzer targets of Tests/Fuzz, declared only when MULTIPART_CHECK_FUZZ is set, as
// Tests/Fuzz/run.sh and .clusterfuzzlite/build.sh set it: they are built with `-sanitize=fuzzer`,
// whose runtime brings their `main`, so an ordinary build must never try to link them.
if Context.environment["MULTIPART_CHECK_FUZZ"] != nil {
    package.targets += [
        .target(name: "FuzzEntry", path: "Tests/Fuzz/Entry"),
        .target(name: "FuzzSupport", dependencies: ["MultipartFormCLI", "MultipartFormConformanceCore"], path: "Tests/Fuzz/Support"),
    ]
    let fuzzers: [(name: String, dependencies: [Target.Dependency])] = [
        ("validator", ["MultipartForm"]),
        ("command-line", ["MultipartFormCLI", "MultipartFormConformanceCore"]),
        ("har", ["FuzzSupport"]),
        ("http", ["FuzzSupport"]),
        ("serve", ["MultipartFormCLI", "MultipartFormConformanceCore"]),
        ("page", ["MultipartFormCLI", "MultipartFormConformanceCore"]),
        ("corpus", ["MultipartFormConformanceCore"]),
        ("certify-answer", ["MultipartFormConformanceCore"]),
    ]
    for fuzzer in fuzzers {
        package.targets.append(.executableTarget(name: "fuzz-\(fuzzer.name)", dependencies: fuzzer.dependencies + ["FuzzEntry"], path: "Tests/Fuzz/\(fuzzer.name)"))
        package.products.append(.executable(name: "fuzz-\(fuzzer.name)", targets: ["fuzz-\(fuzzer.name)"]))
    }
}
