import MultipartForm

extension Diagnostic {
    /// The finding as the tests compare it: its rule and byte offset, such as `header-bare-lf@41`.
    package var ruleAtOffset: String { "\(rule)@\(offset)" }
}

extension ValidationReport {
    /// Every finding as ``MultipartForm/Diagnostic/ruleAtOffset``, in report order.
    package var rulesAtOffsets: [String] { diagnostics.map(\.ruleAtOffset) }
}
