/// An ordered list of form fields to encode as `multipart/form-data` (RFC 7578), duplicates and order kept.
///
/// Each field becomes one part, in list order; fields that share a name stay separate parts, as
/// RFC 7578 §4.3 and the WHATWG entry list require. See ``ReferenceEncoder`` for the exact bytes.
///
/// ```swift
/// var form = FormData()
/// form.append(name: "title", text: "Holiday")
/// form.append(name: "count", integer: 3)
/// form.append(name: "photo", filePath: "/tmp/beach.jpg", contentType: "image/jpeg")
/// let body = try ReferenceEncoder().prepare(form)
/// ```
public struct FormData: Sendable, Hashable, ExpressibleByArrayLiteral {
    /// The fields, in the order their parts are written.
    public var fields: [Field]

    /// Creates a form from fields, kept in the given order.
    /// - Parameter fields: The fields, in the order their parts are written.
    public init(_ fields: [Field] = []) {
        self.fields = fields
    }

    /// Creates a form from a list of fields, kept in the given order.
    public init(arrayLiteral fields: Field...) {
        self.fields = fields
    }
}
