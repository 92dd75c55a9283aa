// @@TITLE@@
// Tested with @@VERSION@@.
// Run: in an empty folder, write this file as Sources/repro/main.swift and this Package.swift, then `swift run`:
//
//   // swift-tools-version:5.9
//   import PackageDescription
//   let package = Package(name: "repro", platforms: [.macOS(.v10_15)],
//       dependencies: [.package(url: "https://github.com/vapor/multipart-kit.git", exact: "4.7.1")],
//       targets: [.executableTarget(name: "repro", dependencies: [.product(name: "MultipartKit", package: "multipart-kit")])])
import Foundation
import MultipartKit
import NIOCore
import NIOHTTP1

let contentType = @@CONTENT_TYPE@@
let body: [UInt8] = @@BODY@@

// Driven as FormDataDecoder drives it: the boundary from the Content-Type, headers collected with
// replaceOrAdd, a part complete at its closing delimiter.
let boundary = contentType.components(separatedBy: "boundary=").last!.trimmingCharacters(in: CharacterSet(charactersIn: "\""))
let parser = MultipartParser(boundary: boundary)
var parts: [MultipartPart] = []
var headers = HTTPHeaders()
var content = ByteBuffer()
parser.onHeader = { field, value in headers.replaceOrAdd(name: field, value: value) }
parser.onBody = { chunk in content.writeBuffer(&chunk) }
parser.onPartComplete = {
    parts.append(MultipartPart(headers: headers, body: content))
    headers = HTTPHeaders()
    content = ByteBuffer()
}
do {
    try parser.execute(body)
    print("\(parts.count) part(s)")
    for (index, part) in parts.enumerated() {
        print("part \(index): name=\(String(describing: part.name)) headers=\(part.headers) body=\(Array(part.body.readableBytesView))")
    }
} catch {
    print("error: \(error)")
}
