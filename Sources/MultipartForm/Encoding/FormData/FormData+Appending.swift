extension FormData {
    /// Appends a field at the end of the form.
    /// - Parameter field: The field, written as the last part.
    public mutating func append(_ field: Field) {
        fields.append(field)
    }

    /// Appends a text field (a part with no filename and no `Content-Type`).
    /// - Parameters:
    ///   - name: The field name.
    ///   - text: The value, written as UTF-8.
    public mutating func append(name: String, text: String) {
        fields.append(Field(name: name, value: .text(text)))
    }

    /// Appends an integer as a text field in decimal, e.g. `-42`.
    /// - Parameters:
    ///   - name: The field name.
    ///   - integer: The value, written in decimal.
    public mutating func append(name: String, integer: some BinaryInteger) {
        fields.append(Field(name: name, value: .text(String(integer))))
    }

    /// Appends bytes held in memory as a file part with the given filename.
    ///
    /// Without a `contentType` the type is looked up from the filename's extension in
    /// ``MediaTypeTable``; an unknown extension leaves it to the encoder (`application/octet-stream`).
    /// - Parameters:
    ///   - name: The field name.
    ///   - bytes: The file's content.
    ///   - filename: The filename sent with it.
    ///   - contentType: The media type; `nil` looks it up from the filename.
    public mutating func append(name: String, bytes: [UInt8], filename: String, contentType: String? = nil) {
        let type = contentType ?? MediaTypeTable.mediaType(forFilename: filename)
        fields.append(Field(name: name, value: .bytes(bytes), filename: filename, contentType: type))
    }

    /// Appends a file read lazily from disk; the filename defaults to the path's last component.
    ///
    /// Without a `contentType` the type is looked up in ``MediaTypeTable`` from the filename's
    /// extension, then the path's; an unknown extension leaves it to the encoder
    /// (`application/octet-stream`).
    /// - Parameters:
    ///   - name: The field name.
    ///   - filePath: The file to read while the body streams.
    ///   - filename: The filename sent; `nil` uses the path's last component.
    ///   - contentType: The media type; `nil` looks it up from the filename or the path.
    public mutating func append(name: String, filePath: String, filename: String? = nil, contentType: String? = nil) {
        let type =
            contentType ?? filename.flatMap(MediaTypeTable.mediaType(forFilename:))
            ?? MediaTypeTable.mediaType(forFilename: filePath)
        fields.append(Field(name: name, value: .file(path: filePath), filename: filename, contentType: type))
    }

    /// Appends several files under one name, one part each, in the given order (like `<input type=file multiple>`).
    /// - Parameters:
    ///   - name: The field name every part gets.
    ///   - filePaths: The files, one part each.
    ///   - contentType: The media type of every file; `nil` looks each up from its path.
    public mutating func append(name: String, filePaths: [String], contentType: String? = nil) {
        for path in filePaths {
            append(name: name, filePath: path, contentType: contentType)
        }
    }
}
