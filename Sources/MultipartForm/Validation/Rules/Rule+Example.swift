extension Rule {
    /// A minimal input that shows a rule: the Content-Type value sent (if any), the body, and the options.
    ///
    /// Examples are data, not claims: ``validate()`` runs the validator on them, so whatever shows an
    /// example (`multipart-check explain`) prints what the validator reports now, never a stored message.
    public struct Example: Sendable, Hashable {
        /// The outer `Content-Type` value, or `nil` when none is sent (the boundary is then inferred).
        public var contentType: String?
        /// The body's bytes.
        public var body: [UInt8]
        /// The validator's options; only the limits of the `limit-*` examples differ from the defaults.
        public var options: ValidationOptions

        /// Creates an example from a Content-Type value, the body's bytes and the options to validate with.
        package init(contentType: String?, body: [UInt8], options: ValidationOptions = ValidationOptions()) {
            self.contentType = contentType
            self.body = body
            self.options = options
        }

        /// Validates the example in one piece and returns the report.
        /// - Returns: What the validator reports on the example.
        public func validate() -> ValidationReport {
            MultipartValidator.validate(body, contentType: contentType, options: options)
        }
    }

    /// A rule's minimal examples: an input the validator reports the rule for, and the same input repaired.
    ///
    /// The passing example differs from the failing one by the rule's fix wherever that is possible.
    /// A rule whose every input is an error of another rule has no passing example, only the reason.
    public struct Examples: Sendable, Hashable {
        /// An input the validator reports the rule for.
        public var failing: Example
        /// The input repaired: the validator reports neither the rule nor any error; `nil` when none exists.
        public var passing: Example?
        /// Why there is no passing example, when ``passing`` is `nil`.
        public var reasonWithoutPassing: String?

        /// Creates a failing example and its repaired counterpart.
        package init(failing: Example, passing: Example) {
            self.failing = failing
            self.passing = passing
            self.reasonWithoutPassing = nil
        }

        /// Creates a failing example for a rule that cannot have a passing one, saying why.
        package init(failing: Example, withoutPassingBecause reason: String) {
            self.failing = failing
            self.passing = nil
            self.reasonWithoutPassing = reason
        }
    }

    /// The rule's minimal failing and passing examples; `nil` for a rule outside the catalog.
    public var examples: Examples? { Rule.exampleTable[id] }
}
