// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "MyUploads",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [
        // A checkout beside yours; a release is named by its URL and version instead.
        .package(path: "../multipart-form-conformance"),
    ],
    targets: [
        .target(name: "MyUploads"),
        .testTarget(
            name: "MyUploadsTests",
            dependencies: [
                "MyUploads",
                .product(name: "MultipartFormConformance", package: "multipart-form-conformance"),
            ]),
    ]
)
