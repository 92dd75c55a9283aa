extension Rule {
    /// Every rule the validator can report, grouped by area, in a stable order.
    ///
    /// Findings on the outer `Content-Type` value carry offsets into that value; all others carry
    /// offsets into the body. Each rule's ``location`` says which byte its offset names.
    public static let catalog: [Rule] =
        contentTypeRules + framingRules + headerRules + dispositionRules + contentRules + nameRules
        + limitRules
}
