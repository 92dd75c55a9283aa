extension ValidationEngine {
    /// What an engine is made with, fixed for its whole body.
    struct Configuration {
        let options: ValidationOptions
        /// How deep the body is nested (0 for the request's own body).
        let depth: Int
        /// Whether parts are form-data parts (false inside a nested multipart/mixed body).
        let formData: Bool
        /// Whether the report lists the parts.
        let collecting: Bool
        /// Whether the body came with a Content-Type (the boundary is inferred only for one that did not).
        let hadContentType: Bool
    }
}
