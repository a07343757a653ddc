import Foundation

/// Maps a request path to a file inside the site folder, and refuses every path that could lead out of it.
///
/// A request path is served only when every segment, once percent-decoded, is a plain file name: no `.` or `..`,
/// no empty segment (`//`), no encoded slash (`%2F`), no backslash, no NUL or other control character, and no
/// invalid percent escape or UTF-8. The file found must still lie inside the site folder after every symlink
/// is resolved, and be a regular file.
public struct StaticFileResolver: Sendable {
    /// What a request path leads to.
    public enum Resolution: Equatable, Sendable {
        /// A regular file inside the site folder (its real path, symlinks resolved).
        case file(URL)
        /// A folder asked for without its trailing slash: the path to send the browser to instead.
        case redirect(String)
        /// Nothing the server may show.
        case notFound
    }

    /// A request path taken apart: its decoded segments, and whether it names a folder (ends with `/`).
    public struct RequestPath: Equatable, Sendable {
        public var segments: [String]
        public var isFolder: Bool
    }

    /// The site folder; nothing outside it is ever served.
    public let root: URL

    public init(root: URL) {
        self.root = root
    }

    /// The file (or redirect) `rawPath`, a request target's path as sent (percent-encoded, without the query), leads to.
    public func resolve(requestPath rawPath: String) -> Resolution {
        guard let request = Self.parse(rawPath), let rootPath = Self.realPath(root.path) else { return .notFound }
        let joined = ([rootPath] + request.segments).joined(separator: "/")
        guard let found = Self.realPath(joined), Self.isInside(found, rootPath) else { return .notFound }
        switch Self.kind(of: found) {
        case .folder:
            guard request.isFolder else { return .redirect(rawPath + "/") }
            guard let index = Self.realPath(found + "/index.html"), Self.isInside(index, rootPath),
                  Self.kind(of: index) == .file
            else { return .notFound }
            return .file(URL(fileURLWithPath: index))
        case .file:
            return request.isFolder ? .notFound : .file(URL(fileURLWithPath: found))
        case .other:
            return .notFound
        }
    }

    /// Takes a raw request path apart; nil when it is not a path this server serves (see the type's description).
    public static func parse(_ rawPath: String) -> RequestPath? {
        guard rawPath.hasPrefix("/") else { return nil }
        var segments = rawPath.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        var isFolder = true
        if segments.last == "" {
            segments.removeLast()
        } else {
            isFolder = false
        }
        var decoded: [String] = []
        for segment in segments {
            guard let name = percentDecoded(segment), isPlainName(name) else { return nil }
            decoded.append(name)
        }
        return RequestPath(segments: decoded, isFolder: isFolder)
    }

    /// A segment with its `%XX` escapes decoded; nil for a bad escape or bytes that are not UTF-8.
    static func percentDecoded(_ segment: String) -> String? {
        var bytes: [UInt8] = []
        var iterator = segment.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { return nil }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// Whether a decoded segment is an ordinary name: not empty, `.` or `..`, and without `/`, `\` or control characters.
    private static func isPlainName(_ name: String) -> Bool {
        guard !name.isEmpty, name != ".", name != ".." else { return false }
        return !name.unicodeScalars.contains { $0 == "/" || $0 == "\\" || $0.value < 0x20 || $0.value == 0x7F }
    }

    private static func isInside(_ path: String, _ rootPath: String) -> Bool {
        path == rootPath || path.hasPrefix(rootPath.hasSuffix("/") ? rootPath : rootPath + "/")
    }

    /// The path with every symlink resolved, or nil when it does not exist.
    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private enum Kind { case file, folder, other }

    private static func kind(of path: String) -> Kind {
        var info = stat()
        guard stat(path, &info) == 0 else { return .other }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .folder
        default: return .other
        }
    }
}
