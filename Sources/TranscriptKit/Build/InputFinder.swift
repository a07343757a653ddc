import Foundation

/// Finds the export files named by the config's `inputs`: files as they are, folders searched recursively
/// (hidden files skipped), in a stable order.
enum InputFinder {
    struct Input {
        var url: URL
        var displayPath: String
    }

    struct Result {
        var files: [Input]
        var warnings: [String]
    }

    /// Files that exports refer to (pictures, sound, video, documents): not reported as skipped.
    static let mediaExtensions: Set<String> = [
        "png", "jpg", "jpeg", "gif", "webp", "avif", "heic", "svg", "mp4", "mov", "webm", "mkv", "mp3", "m4a", "ogg",
        "opus", "wav", "aac", "pdf", "vcf", "txt", "md",
    ]

    static func files(for inputs: [String], in site: URL) throws -> Result {
        var files: [Input] = []
        var warnings: [String] = []
        let manager = FileManager.default
        for input in inputs {
            let url = input.hasPrefix("/") ? URL(fileURLWithPath: input) : site.appendingPathComponent(input)
            var isFolder: ObjCBool = false
            guard manager.fileExists(atPath: url.path, isDirectory: &isFolder) else {
                throw TranscriptsError(
                    file: url.relativePathForDisplay, message: "this input (from the config's inputs) does not exist")
            }
            guard isFolder.boolValue else {
                guard CanonicalReader.canRead(url) else {
                    throw TranscriptsError(
                        file: url.relativePathForDisplay, message: "not a conversation file (expected .json or .jsonl)")
                }
                files.append(Input(url: url, displayPath: url.relativePathForDisplay))
                continue
            }
            var found: [URL] = []
            var skipped = 0
            let walker = manager.enumerator(
                at: url, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
            while let next = walker?.nextObject() as? URL {
                guard (try? next.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
                if CanonicalReader.canRead(next) {
                    found.append(next)
                } else if !mediaExtensions.contains(next.pathExtension.lowercased()),
                    next.deletingLastPathComponent().standardizedFileURL.path == url.standardizedFileURL.path
                {
                    // Only files right in the folder are reported; subfolders usually hold the exports' media.
                    skipped += 1
                }
            }
            found.sort { $0.path < $1.path }
            files += found.map { Input(url: $0, displayPath: $0.relativePathForDisplay) }
            if skipped > 0 {
                warnings.append(
                    "\(url.relativePathForDisplay): skipped \(skipped) file\(skipped == 1 ? " that is" : "s that are") not .json or .jsonl")
            }
        }
        return Result(files: files, warnings: warnings)
    }
}

/// Turns conversation ids into unique, safe folder names: lowercase letters, digits and `-`.
struct SlugRegistry {
    private var used: Set<String> = []

    mutating func slug(for id: String) -> String {
        var slug = ""
        for scalar in id.lowercased().unicodeScalars {
            if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                slug.unicodeScalars.append(scalar)
            } else if !slug.isEmpty, slug.last != "-" {
                slug.append("-")
            }
        }
        while slug.last == "-" { slug.removeLast() }
        if slug.count > 60 { slug = String(slug.prefix(60)) }
        // Ids that are not already clean get a short hash of the id, so two ids never share a folder.
        if slug.isEmpty || slug != id.lowercased() || used.contains(slug) {
            slug = (slug.isEmpty ? "" : slug + "-") + Self.hash(id)
        }
        while used.contains(slug) { slug += "-1" }
        used.insert(slug)
        return slug
    }

    private static func hash(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        let hex = String(hash & 0xFFFF_FFFF, radix: 16)
        return String(repeating: "0", count: 8 - hex.count) + hex
    }
}
