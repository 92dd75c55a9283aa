// swift-tools-version:6.0
import PackageDescription

// Certifies the multipart encoder that countless URLSession upload tutorials write by hand.
let package = Package(
    name: "HandRolledCertification",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "multipart-form-conformance", path: "../.."),
    ],
    targets: [
        .target(
            name: "HandRolledUpload",
            dependencies: [.product(name: "MultipartFormConformance", package: "multipart-form-conformance")]),
        // `swift run hand-rolled-report [text|json|junit|html]`: the report the README records.
        .executableTarget(
            name: "hand-rolled-report",
            dependencies: [
                "HandRolledUpload",
                .product(name: "MultipartFormConformance", package: "multipart-form-conformance"),
            ]),
        // `encoder-process hand-rolled|reference`: the encoder (and the reference encoder) behind the
        // encoder process contract, for `Interop/run.sh`.
        .executableTarget(
            name: "encoder-process",
            dependencies: [
                "HandRolledUpload",
                .product(name: "MultipartFormConformance", package: "multipart-form-conformance"),
            ]),
        .testTarget(
            name: "HandRolledCertificationTests",
            dependencies: [
                "HandRolledUpload",
                .product(name: "MultipartFormConformance", package: "multipart-form-conformance"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
