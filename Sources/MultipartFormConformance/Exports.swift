// `import MultipartFormConformance` gives adopters the whole conformance layer: the Foundation-free
// corpus model, loader and expectations from `MultipartFormConformanceCore`, plus the corpus bundled
// as a resource (`Corpus+Bundled.swift`), which needs Foundation's `Bundle`.
@_exported import MultipartFormConformanceCore
