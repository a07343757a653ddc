import Foundation

/// Copies files named by an export (avatars now; photos and other media later) into the site, under
/// `media/` with a name made from their content, so the same file is stored once.
///
/// A path in an export is untrusted: it must be relative, stay inside the export's folder (no `..` out of
/// it, no symlink that leads out of it) and name a regular file of a known image type. Anything else is
/// refused with a reason, and the page shows a fallback instead.
final class MediaCopier {
    private let output: OutputDirectory
    /// Site paths by the real path of the file copied there.
    private var copied: [String: String] = [:]
    static let imageExtensions: Set<String> = ["png", "jpg", "jpeg", "gif", "webp", "avif"]

    init(output: OutputDirectory) { self.output = output }

    enum Refusal: Error, Equatable, CustomStringConvertible {
        case notRelative, outsideExport, missing, notAFile, notAnImage

        var description: String {
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
    static func resolve(_ path: String, in folder: URL) -> Result<URL, Refusal> {
        let normalized = path.replacingOccurrences(of: "\\", with: "/")
        guard !normalized.isEmpty, !normalized.hasPrefix("/"), !normalized.contains(":"),
              !normalized.contains("\0")
        else { return .failure(.notRelative) }
        let root = folder.standardizedFileURL.resolvingSymlinksInPath().path
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

    /// Copies the image at `path` (relative to `folder`) into the site; its path in the site.
    func copyImage(_ path: String, from folder: URL) -> Result<String, Refusal> {
        let resolved: URL
        switch Self.resolve(path, in: folder) {
        case .success(let url): resolved = url
        case .failure(let refusal): return .failure(refusal)
        }
        let fileExtension = resolved.pathExtension.lowercased()
        guard Self.imageExtensions.contains(fileExtension) else { return .failure(.notAnImage) }
        if let known = copied[resolved.path] { return .success(known) }
        guard let data = try? Data(contentsOf: resolved) else { return .failure(.missing) }
        let sitePath = "media/\(Self.contentName(data)).\(fileExtension == "jpeg" ? "jpg" : fileExtension)"
        if !copied.values.contains(sitePath) {
            do {
                try output.write(data, to: sitePath)
            } catch {
                return .failure(.missing)
            }
        }
        copied[resolved.path] = sitePath
        return .success(sitePath)
    }

    /// 16 hex digits of FNV-1a over the bytes, and the size: equal files get equal names.
    static func contentName(_ data: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex + "-" + String(data.count)
    }
}
