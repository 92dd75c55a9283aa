// `import MultipartFormConformance` gives adopters the whole conformance layer: the Foundation-free
// corpus model, loader, expectations and certification from `MultipartFormConformanceCore`, the
// form model (`FormData`) and validator from `MultipartForm` that adapters are written against, plus the
// corpus bundled as a resource (`Corpus+Bundled.swift`), which needs Foundation's `Bundle`.
@_exported import MultipartForm
@_exported import MultipartFormConformanceCore
