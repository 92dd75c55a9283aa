import MultipartFormConformance
import MultipartKitAdapters

// Prints multipart-kit's certification reports: `text` (default, problems only), `json`, `junit` or `html`.
let format = CommandLine.arguments.dropFirst().first ?? "text"
let reports = try MultipartKitReports.all()
switch format {
case "json": print(CertificationReport.json(reports), terminator: "")
case "junit": print(CertificationReport.junitXML(reports), terminator: "")
case "html": print(CertificationMatrix(reports).html(title: "multipart-kit 4.7.1 certification"), terminator: "")
default: for report in reports { print(report.text(onlyProblems: true)) }
}
