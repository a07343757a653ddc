import Foundation

/// A file an export names (a photo, an avatar, an attachment), checked before anything reads it. A path in an
/// export is untrusted: it must be relative, stay inside the export's folder (no `..` out of it, no symlink
/// that leads out of it) and name a regular file. `build` (copying media) and `import` (reporting what is
/// missing) check paths the same way, here.
package enum ExportFile {
    package enum Refusal: Error, Equatable, CustomStringConvertible {
        case notRelative, outsideExport, missing, notAFile, notAnImage

        package var description: String {
            switch self {
            case .notRelative: "is not a path relative to the export's folder"
            case .outsideExport: "leads outside the export's folder"
            case .missing: "does not exist"
            case .notAFile: "is not a regular file"
            case .notAnImage: "is not an image (png, jpg, gif, webp, avif)"
            }
        }
    }

    /// The file at `path` inside `folder`, checked; its real URL.
    package static func resolve(_ path: String, in folder: URL) -> Result<URL, Refusal> {
        resolve(path, inRealFolder: folder.standardizedFileURL.resolvingSymlinksInPath().path)
    }

    /// Whether a relative path has no `.`, `..` or empty part, its parts split at every `/` byte as the file system
    /// splits them (a combining mark after a slash does not hide it). Read byte by byte: it is asked for every
    /// media file an export names, on every build.
    package static func isPlain(_ normalized: String) -> Bool {
        var normalized = normalized
        return normalized.withUTF8 { bytes in
            var length = 0
            var dots = 0
            for byte in bytes {
                if byte == UInt8(ascii: "/") {
                    if isDotsOrEmpty(length: length, dots: dots) { return false }
                    length = 0
                    dots = 0
                } else {
                    length += 1
                    if byte == UInt8(ascii: ".") { dots += 1 }
                }
            }
            return !isDotsOrEmpty(length: length, dots: dots)
        }
    }

    /// Whether a part of a path `length` bytes long, `dots` of them dots, is empty, `.` or `..`.
    @inline(__always)
    private static func isDotsOrEmpty(length: Int, dots: Int) -> Bool {
        length == 0 || (length <= 2 && dots == length)
    }

    /// `path` with each backslash byte as a slash, when it is relative and holds no colon or NUL; nil otherwise.
    /// Read byte by byte in one pass (most paths hold none of them): a backslash is a separator wherever it is, as
    /// the file system reads bytes, also before a combining mark (which a replacement by characters passed over).
    package static func relativePath(_ path: String) -> String? {
        let slash = UInt8(ascii: "/"), backslash = UInt8(ascii: "\\")
        var path = path
        let hasBackslash: Bool? = path.withUTF8 { bytes in
            guard let first = bytes.first, first != slash, first != backslash else { return nil }
            var found = false
            for byte in bytes {
                switch byte {
                case backslash: found = true
                case UInt8(ascii: ":"), 0: return nil
                default: continue
                }
            }
            return found
        }
        guard let hasBackslash else { return nil }
        return hasBackslash ? String(decoding: path.utf8.map { $0 == backslash ? slash : $0 }, as: UTF8.self) : path
    }

    /// The same, for a folder whose real path (symlinks resolved) the caller knows already.
    package static func resolve(_ path: String, inRealFolder root: String) -> Result<URL, Refusal> {
        var folders = FolderPresence()
        return resolve(path, inRealFolder: root, folders: &folders)
    }

    /// The same, for one of many paths checked in turn: `folders` keeps what was found of their folders.
    package static func resolve(_ path: String, inRealFolder root: String, folders: inout FolderPresence) -> Result<URL, Refusal> {
        guard let normalized = relativePath(path) else { return .failure(.notRelative) }
        // The quick way for a plain path (no `.` or `..`) at which there is nothing at all, not even a link.
        if isPlain(normalized), folders.isMissing(root + "/" + normalized) { return .failure(.missing) }
        let candidate = URL(fileURLWithPath: root).appendingPathComponent(normalized).standardizedFileURL
        guard candidate.path.hasPrefix(root + "/") else { return .failure(.outsideExport) }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isFolder) else {
            // A symlink that leads nowhere, or nothing at all.
            return .failure((try? FileManager.default.destinationOfSymbolicLink(atPath: candidate.path)) != nil ? .outsideExport : .missing)
        }
        let real = candidate.resolvingSymlinksInPath()
        guard real.path.hasPrefix(root + "/") else { return .failure(.outsideExport) }
        guard !isFolder.boolValue else { return .failure(.notAFile) }
        return .success(real)
    }

}
