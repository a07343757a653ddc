/// The `Content-Type` the preview server sends for a file, by its extension.
public enum MIMETypes {
    /// The type for everything not listed: browsers download it rather than guess.
    public static let fallback = "application/octet-stream"

    /// Types by lower-case extension. Text types say their charset (the site is written in UTF-8).
    public static let byExtension: [String: String] = [
        "html": "text/html; charset=utf-8",
        "htm": "text/html; charset=utf-8",
        "css": "text/css; charset=utf-8",
        "js": "text/javascript; charset=utf-8",
        "mjs": "text/javascript; charset=utf-8",
        "json": "application/json",
        "xml": "application/xml; charset=utf-8",
        "atom": "application/atom+xml; charset=utf-8",
        "txt": "text/plain; charset=utf-8",
        "png": "image/png",
        "jpg": "image/jpeg",
        "jpeg": "image/jpeg",
        "gif": "image/gif",
        "webp": "image/webp",
        "avif": "image/avif",
        "svg": "image/svg+xml",
        "ico": "image/x-icon",
        "mp4": "video/mp4",
        "m4v": "video/mp4",
        "mov": "video/quicktime",
        "webm": "video/webm",
        "ogv": "video/ogg",
        "mp3": "audio/mpeg",
        "m4a": "audio/mp4",
        "ogg": "audio/ogg",
        "oga": "audio/ogg",
        "opus": "audio/ogg",
        "wav": "audio/wav",
        "pdf": "application/pdf",
        "woff2": "font/woff2",
        "bin": "application/octet-stream",
    ]

    /// The type of the file at `path` (only its extension is looked at).
    public static func type(forPath path: String) -> String {
        let name = path.split(separator: "/").last ?? ""
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return fallback }
        return byExtension[name[name.index(after: dot)...].lowercased()] ?? fallback
    }

    /// Whether pages of this type get the live-reload script.
    static func isHTML(_ type: String) -> Bool {
        type.hasPrefix("text/html")
    }
}
