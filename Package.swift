// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "multipart-form-conformance",
    products: [
        .library(name: "MultipartForm", targets: ["MultipartForm"]),
        .library(name: "MultipartFormConformance", targets: ["MultipartFormConformance"]),
        .library(name: "MultipartFormFoundation", targets: ["MultipartFormFoundation"]),
        .executable(name: "multipart-check", targets: ["multipart-check"]),
    ],
    targets: [
        // Core: Foundation-free scanner, validator and rule catalog.
        .target(name: "MultipartForm"),
        // Corpus model, loader, manifest and expectations: Foundation-free, so the command line can use it.
        .target(name: "MultipartFormConformanceCore", dependencies: ["MultipartForm"]),
        // What adopters import: the core above re-exported, plus the corpus bundled as a resource.
        .target(
            name: "MultipartFormConformance",
            dependencies: ["MultipartFormConformanceCore"],
            resources: [.copy("../../Vectors")]
        ),
        // URLRequest / URLSession glue, InputStream and file URLs: the only encoder code that uses Foundation.
        .target(name: "MultipartFormFoundation", dependencies: ["MultipartForm"]),
        // Command-line logic as a library, so it can be tested in-process.
        .target(name: "MultipartFormCLI", dependencies: ["MultipartForm", "MultipartFormConformanceCore"]),
        .executableTarget(name: "multipart-check", dependencies: ["MultipartFormCLI"]),
        .testTarget(name: "MultipartFormTests", dependencies: ["MultipartForm"]),
        .testTarget(
            name: "MultipartFormConformanceTests",
            dependencies: ["MultipartForm", "MultipartFormConformance", "MultipartFormCLI"]
        ),
        .testTarget(name: "MultipartFormCLITests", dependencies: ["MultipartFormCLI", "MultipartForm", "MultipartFormConformanceCore"]),
        .testTarget(name: "MultipartFormFoundationTests", dependencies: ["MultipartFormFoundation", "MultipartForm"]),
    ],
    swiftLanguageModes: [.v6]
)
