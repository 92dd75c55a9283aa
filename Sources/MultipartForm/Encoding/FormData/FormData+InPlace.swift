extension FormData {
    /// Calls `body` with a pointer to each field from `start` where the form stores it, and the
    /// field's index, in order, until `body` returns `false`.
    ///
    /// The encoder reads fields this way rather than by value: copying a ``Field`` retains and
    /// releases each of its strings, which costs more than writing a small field's part. The pointer
    /// is valid only during the call.
    func forEachField<Failure: Swift.Error>(
        from start: Int = 0, _ body: (UnsafePointer<Field>, Int) throws(Failure) -> Bool
    ) throws(Failure) {
        try fields.withUnsafeBufferPointer { fields throws(Failure) in
            guard let first = fields.baseAddress else { return }
            var index = start
            while index < fields.count {
                guard try body(first + index, index) else { return }
                index += 1
            }
        }
    }

    /// Calls `body` with a pointer to the field at `index` (a valid index) where the form stores it.
    func withField<Failure: Swift.Error>(
        at index: Int, _ body: (UnsafePointer<Field>) throws(Failure) -> Void
    ) throws(Failure) {
        try fields.withUnsafeBufferPointer { fields throws(Failure) in
            precondition(fields.indices.contains(index), "field index out of range")
            guard let first = fields.baseAddress else { return }
            try body(first + index)
        }
    }
}
