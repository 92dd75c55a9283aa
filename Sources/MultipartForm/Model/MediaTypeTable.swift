/// Media types for common file extensions: a small built-in table, the same on every platform.
///
/// Foundation's `UTType` does not exist on Linux and the system's `mime.types` differs between
/// machines, so the encoder and `multipart-check encode` use this table to label a file part whose
/// type the caller did not give. Types are the IANA-registered ones where a registration exists
/// (`text/javascript` per RFC 9239, `application/yaml` per RFC 9512). Unknown extensions give `nil`,
/// which the encoder writes as `application/octet-stream`.
public enum MediaTypeTable {
    /// The media type for each lower-case extension, without the dot.
    public static let mediaTypesByExtension: [String: String] = [
        // Images
        "apng": "image/apng", "avif": "image/avif", "bmp": "image/bmp", "gif": "image/gif",
        "heic": "image/heic", "heif": "image/heif", "ico": "image/vnd.microsoft.icon", "jpe": "image/jpeg",
        "jpeg": "image/jpeg", "jpg": "image/jpeg", "jxl": "image/jxl", "png": "image/png",
        "svg": "image/svg+xml", "tif": "image/tiff", "tiff": "image/tiff", "webp": "image/webp",
        // Text
        "css": "text/css", "csv": "text/csv", "htm": "text/html", "html": "text/html", "ics": "text/calendar",
        "js": "text/javascript", "log": "text/plain", "markdown": "text/markdown", "md": "text/markdown",
        "mjs": "text/javascript", "text": "text/plain", "tsv": "text/tab-separated-values", "txt": "text/plain",
        "vcf": "text/vcard",
        // Documents and data
        "atom": "application/atom+xml", "doc": "application/msword",
        "docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        "epub": "application/epub+zip", "geojson": "application/geo+json", "json": "application/json",
        "jsonld": "application/ld+json", "odp": "application/vnd.oasis.opendocument.presentation",
        "ods": "application/vnd.oasis.opendocument.spreadsheet", "odt": "application/vnd.oasis.opendocument.text",
        "pdf": "application/pdf", "ppt": "application/vnd.ms-powerpoint",
        "pptx": "application/vnd.openxmlformats-officedocument.presentationml.presentation",
        "rss": "application/rss+xml", "rtf": "application/rtf", "sql": "application/sql",
        "webmanifest": "application/manifest+json", "xhtml": "application/xhtml+xml", "xls": "application/vnd.ms-excel",
        "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "xml": "application/xml",
        "yaml": "application/yaml", "yml": "application/yaml",
        // Archives and binaries
        "7z": "application/x-7z-compressed", "apk": "application/vnd.android.package-archive",
        "bin": "application/octet-stream", "bz2": "application/x-bzip2", "gz": "application/gzip",
        "jar": "application/java-archive", "rar": "application/vnd.rar", "tar": "application/x-tar",
        "tgz": "application/gzip", "wasm": "application/wasm", "xz": "application/x-xz", "zip": "application/zip",
        "zst": "application/zstd",
        // Audio
        "aac": "audio/aac", "flac": "audio/flac", "m4a": "audio/mp4", "mid": "audio/midi", "midi": "audio/midi",
        "mp3": "audio/mpeg", "oga": "audio/ogg", "ogg": "audio/ogg", "opus": "audio/ogg", "wav": "audio/wav",
        "weba": "audio/webm",
        // Video
        "3gp": "video/3gpp", "avi": "video/x-msvideo", "m4v": "video/mp4", "mkv": "video/x-matroska",
        "mov": "video/quicktime", "mp4": "video/mp4", "mpeg": "video/mpeg", "mpg": "video/mpeg",
        "ogv": "video/ogg", "ts": "video/mp2t", "webm": "video/webm",
        // Fonts and messages
        "eml": "message/rfc822", "otf": "font/otf", "ttf": "font/ttf", "woff": "font/woff", "woff2": "font/woff2",
    ]

    /// Returns the media type for an extension such as `png` or `.PNG` (ASCII case ignored), or `nil`.
    /// - Parameter pathExtension: An extension without its dot, in any case.
    /// - Returns: The media type, or `nil` for an unknown extension.
    public static func mediaType(forPathExtension pathExtension: String) -> String? {
        var key = Substring(pathExtension)
        if key.first == "." { key = key.dropFirst() }
        return mediaTypesByExtension[String(decoding: key.utf8.map(ByteClass.lowercased), as: UTF8.self)]
    }

    /// Returns the media type for a file name or path by its extension (`photo.JPG` → `image/jpeg`), or `nil`.
    ///
    /// The extension is what follows the last `.` of the last `/`-separated component; a name whose
    /// only dot is its first character (`.profile`) has no extension.
    /// - Parameter filename: A filename or path.
    /// - Returns: The media type of its extension, or `nil`.
    public static func mediaType(forFilename filename: String) -> String? {
        let name = filename.utf8.split(separator: ByteClass.slash, omittingEmptySubsequences: false).last ?? []
        guard let dot = name.lastIndex(of: ByteClass.dot), dot != name.startIndex else { return nil }
        let pathExtension = name[name.index(after: dot)...]
        guard !pathExtension.isEmpty else { return nil }
        return mediaType(forPathExtension: String(decoding: pathExtension, as: UTF8.self))
    }
}
