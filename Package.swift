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
        // Corpus model and loader, built on the core.
        .target(name: "MultipartFormConformance", dependencies: ["MultipartForm"]),
        // URLRequest / URLSession glue, InputStream and file URLs: the only encoder code that uses Foundation.
        .target(name: "MultipartFormFoundation", dependencies: ["MultipartForm"]),
        // Command-line logic as a library, so it can be tested in-process.
        .target(name: "MultipartFormCLI", dependencies: ["MultipartForm"]),
        .executableTarget(name: "multipart-check", dependencies: ["MultipartFormCLI"]),
        .testTarget(name: "MultipartFormTests", dependencies: ["MultipartForm"]),
        .testTarget(
            name: "MultipartFormConformanceTests",
            dependencies: ["MultipartForm", "MultipartFormConformance", "MultipartFormCLI"]
        ),
        .testTarget(name: "MultipartFormCLITests", dependencies: ["MultipartFormCLI", "MultipartForm"]),
        .testTarget(name: "MultipartFormFoundationTests", dependencies: ["MultipartFormFoundation", "MultipartForm"]),
    ],
    swiftLanguageModes: [.v6]
)
