// swift-tools-version:6.0
import PackageDescription

// Certifies vapor/multipart-kit's encoder and parser against the corpus. This package may depend on
// what it certifies; the root package never does.
let package = Package(
    name: "MultipartKitCertification",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "multipart-form-conformance", path: "../.."),
        .package(url: "https://github.com/vapor/multipart-kit.git", exact: "4.7.1"),
    ],
    targets: [
        .target(
            name: "MultipartKitAdapters",
            dependencies: [
                .product(name: "MultipartKit", package: "multipart-kit"),
                .product(name: "MultipartFormConformance", package: "multipart-form-conformance"),
            ]),
        // `swift run multipart-kit-report [text|json|junit|html]`: the reports the README records.
        .executableTarget(
            name: "multipart-kit-report",
            dependencies: [
                "MultipartKitAdapters",
                .product(name: "MultipartFormConformance", package: "multipart-form-conformance"),
            ]),
        // `multipart-kit-decoder`: the parser behind the decoder process contract, for `Interop/run.sh`.
        .executableTarget(
            name: "multipart-kit-decoder",
            dependencies: ["MultipartKitAdapters"]),
        // `multipart-kit-encoder form-data-encoder|serializer`: the encoders behind the encoder process contract.
        .executableTarget(
            name: "multipart-kit-encoder",
            dependencies: [
                "MultipartKitAdapters",
                .product(name: "MultipartFormConformance", package: "multipart-form-conformance"),
            ]),
        .testTarget(
            name: "MultipartKitCertificationTests",
            dependencies: [
                "MultipartKitAdapters",
                .product(name: "MultipartFormConformance", package: "multipart-form-conformance"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
