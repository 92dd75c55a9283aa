import HandRolledUpload
import MultipartFormConformance

// Prints the hand-rolled encoder's certification report: `text` (default), `json`, `junit` or `html`.
let report = try EncoderCertification(HandRolledAdapter()).report()
switch CommandLine.arguments.dropFirst().first ?? "text" {
case "json": print(report.json(), terminator: "")
case "junit": print(report.junitXML(), terminator: "")
case "html": print(CertificationMatrix([report]).html(title: "hand-rolled URLSession encoder certification"), terminator: "")
default: print(report.text(onlyProblems: true), terminator: "")
}
