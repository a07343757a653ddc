import Foundation
import TranscriptModel
import ZIPFoundation

/// Finds the exports named by the config's `inputs` (or the command line): each path is an export that an
/// importer recognises (a file, a folder such as a Slack export, or a zip archive, which is unpacked first),
/// or a folder of exports, searched recursively. The order is stable: sorted by path.
package struct ExportFinder {
    package struct Found: Sendable {
        package var source: ExportSource
        package var importer: any ExportImporter
        /// What the user has on disk: the file or folder, or the zip archive `source` was unpacked from.
        package var origin: URL

        package init(source: ExportSource, importer: any ExportImporter, origin: URL? = nil) {
            self.source = source
            self.importer = importer
            self.origin = origin ?? source.url
        }
    }

    package struct Result {
        package var exports: [Found]
        package var warnings: [String]
        /// The folders zip archives were unpacked into.
        package var unpacked: [URL] = []

        package init(exports: [Found] = [], warnings: [String] = [], unpacked: [URL] = []) {
            self.exports = exports
            self.warnings = warnings
            self.unpacked = unpacked
        }
    }

    package let registry: ImporterRegistry
    /// The importer every input must be read with (`--format`), or nil to detect each one's format.
    package let forced: (any ExportImporter)?
    /// Where zip archives are unpacked; removed by the caller after the build.
    package let workspace: URL
    /// Whether `workspace` is kept between builds (the build cache's): an archive unpacked before, and unchanged
    /// since (by its stamp), is used as it is, so its files keep their stamps and incremental builds can
    /// take its conversations over.
    package var reusesUnpacked = false

    package init(registry: ImporterRegistry, forced: (any ExportImporter)?, workspace: URL, reusesUnpacked: Bool = false) {
        self.registry = registry
        self.forced = forced
        self.workspace = workspace
        self.reusesUnpacked = reusesUnpacked
    }

    /// Files that exports refer to (pictures, sound, video, documents): not reported as skipped.
    static let mediaExtensions: Set<String> = [
        "png", "jpg", "jpeg", "gif", "webp", "avif", "heic", "svg", "mp4", "mov", "webm", "mkv", "mp3", "m4a", "ogg",
        "opus", "wav", "aac", "pdf", "vcf", "md",
    ]

    package func find(_ inputs: [String], in site: URL) throws -> Result {
        var result = Result(exports: [], warnings: [])
        for input in inputs {
            let url = input.hasPrefix("/") ? URL(fileURLWithPath: input) : site.appendingPathComponent(input)
            guard FileManager.default.fileExists(atPath: url.path) else {
                throw TranscriptsError(file: url.relativePathForDisplay, message: "this input (from the config's inputs) does not exist")
            }
            var skipped = 0
            let before = result.exports.count
            try visit(url, displayPath: url.relativePathForDisplay, topLevel: true, into: &result, skipped: &skipped)
            guard result.exports.count > before else {
                // Nothing to build from this input: an error, so that an empty site never replaces the previous one.
                let what = url.pathExtension.lowercased() == "zip" ? "this archive holds" : "this folder holds"
                throw TranscriptsError(
                    file: url.relativePathForDisplay,
                    message: "\(what) no export transcripts reads"
                        + (skipped > 0 ? " (skipped \(skipped) other file\(skipped == 1 ? "" : "s"))" : "")
                        + "; formats: \(registry.formats.joined(separator: ", "))")
            }
            if skipped > 0 {
                result.warnings.append(
                    "\(url.relativePathForDisplay): skipped \(skipped) file\(skipped == 1 ? " that is" : "s that are") not an export transcripts reads (formats: \(registry.formats.joined(separator: ", ")))")
            }
        }
        return result
    }

    private func visit(_ url: URL, displayPath: String, topLevel: Bool, into result: inout Result, skipped: inout Int) throws {
        let isFolder = (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) ?? false
        if !isFolder, url.pathExtension.lowercased() == "zip" {
            let unpacked = try unpack(url, displayPath: displayPath)
            result.unpacked.append(unpacked)
            if let importer = forced ?? registry.detect(unpacked) {
                result.exports.append(Found(source: ExportSource(url: unpacked, displayPath: displayPath), importer: importer, origin: url))
            } else {
                try visitChildren(of: unpacked, displayPrefix: displayPath, into: &result, skipped: &skipped, topLevel: false)
            }
            return
        }
        if let importer = forced.map({ $0.canImport(url) ? $0 : nil }) ?? registry.detect(url) {
            result.exports.append(Found(source: ExportSource(url: url, displayPath: displayPath), importer: importer))
            return
        }
        if isFolder {
            try visitChildren(of: url, displayPrefix: displayPath, into: &result, skipped: &skipped, topLevel: topLevel)
        } else if topLevel {
            if forced != nil {
                throw TranscriptsError(file: displayPath, message: "not a \(forced!.format) export")
            }
            throw TranscriptsError(
                file: displayPath, message: "not an export transcripts reads (formats: \(registry.formats.joined(separator: ", ")))")
        }
    }

    private func visitChildren(
        of folder: URL, displayPrefix: String, into result: inout Result, skipped: inout Int, topLevel: Bool
    ) throws {
        let children = ((try? FileManager.default.contentsOfDirectory(
            at: folder, includingPropertiesForKeys: [.isDirectoryKey], options: [.skipsHiddenFiles])) ?? [])
            .filter { $0.lastPathComponent != "__MACOSX" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        for child in children {
            let isFolder = (try? child.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) ?? false
            let display = displayPrefix + "/" + child.lastPathComponent
            if isFolder || child.pathExtension.lowercased() == "zip" || (forced ?? registry.detect(child)) != nil {
                if isFolder, (forced ?? registry.detect(child)) == nil {
                    var ignored = 0
                    try visitChildren(of: child, displayPrefix: display, into: &result, skipped: &ignored, topLevel: false)
                } else {
                    try visit(child, displayPath: display, topLevel: false, into: &result, skipped: &skipped)
                }
            } else if topLevel, !Self.mediaExtensions.contains(child.pathExtension.lowercased()) {
                // Only files right in an input folder are reported; subfolders usually hold media.
                skipped += 1
            }
        }
    }

    /// Unpacks a zip archive into the workspace, refusing entries that would land outside it.
    private func unpack(_ archiveURL: URL, displayPath: String) throws -> URL {
        let destination = workspace.appendingPathComponent("zip-" + ContentName.of(Data(archiveURL.path.utf8)))
        let stampFile = URL(fileURLWithPath: destination.path + ".archive")
        let archiveStamp = FileStamp(path: archiveURL.path).map { "\($0.size) \($0.modified) \($0.inode) \($0.device)" }
        if reusesUnpacked {
            var isFolder: ObjCBool = false
            if let archiveStamp, (try? String(contentsOf: stampFile, encoding: .utf8)) == archiveStamp,
               FileManager.default.fileExists(atPath: destination.path, isDirectory: &isFolder), isFolder.boolValue
            {
                return destination
            }
            try? FileManager.default.removeItem(at: stampFile)
            try? FileManager.default.removeItem(at: destination)
        }
        let archive: Archive
        do {
            archive = try Archive(url: archiveURL, accessMode: .read)
        } catch {
            throw TranscriptsError(file: displayPath, message: "cannot open the zip archive (\(error))")
        }
        try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: true)
        let root = destination.standardizedFileURL.path
        for entry in archive {
            let path = entry.path.replacingOccurrences(of: "\\", with: "/")
            let components = path.split(separator: "/")
            guard entry.type != .symlink, !path.hasPrefix("/"), !components.contains(".."), !components.contains("__MACOSX"),
                  !components.contains(where: { $0.hasPrefix("._") })
            else { continue }
            let target = destination.appendingPathComponent(path).standardizedFileURL
            guard target.path.hasPrefix(root + "/") else { continue }
            do {
                if entry.type == .directory {
                    try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
                } else {
                    try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                    _ = try archive.extract(entry, to: target, skipCRC32: false)
                }
            } catch {
                throw TranscriptsError(file: displayPath, path: entry.path, message: "cannot unpack this entry of the zip archive (\(error))")
            }
        }
        if reusesUnpacked, let archiveStamp { try? archiveStamp.write(to: stampFile, atomically: true, encoding: .utf8) }
        return destination
    }
}
