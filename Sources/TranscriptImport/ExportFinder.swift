import Foundation
import TranscriptModel
import ZIPFoundation

/// Finds the exports named by the config's `inputs` (or the command line): each path is an export that an
/// importer recognises (a file, a folder such as a Slack export, or a zip archive, which is unpacked first),
/// or a folder of exports, searched recursively. The order is stable: sorted by path, whatever the order of the
/// inputs (so that the site's bytes do not depend on it).
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
        /// With a forced format, a few files it did not recognise and what they are, for the error when an input
        /// holds none it does.
        package var mismatches: [String] = []

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
                if let forced {
                    throw TranscriptsError(
                        file: url.relativePathForDisplay,
                        message: "\(what) no \(forced.format) export"
                            + (result.mismatches.isEmpty ? "" : ": " + result.mismatches.joined(separator: "; "))
                            + Self.expectation(forced))
                }
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
        // By path: conversations are placed (search numbers, merge order ties) in this order.
        result.exports = result.exports.enumerated().sorted { a, b in
            let left = (a.element.origin.standardizedFileURL.path, a.element.source.url.standardizedFileURL.path)
            let right = (b.element.origin.standardizedFileURL.path, b.element.source.url.standardizedFileURL.path)
            return left != right ? left < right : a.offset < b.offset
        }.map(\.element)
        return result
    }

    /// The importer that reads what `probe` looks at: the forced one if it recognises it, else the detected one.
    private func importer(for probe: ExportProbe) -> (any ExportImporter)? {
        if let forced { return forced.canImport(probe) ? forced : nil }
        return registry.detect(probe)
    }

    private func visit(_ url: URL, displayPath: String, topLevel: Bool, into result: inout Result, skipped: inout Int) throws {
        let probe = ExportProbe(url)
        if !probe.isFolder, url.pathExtension.lowercased() == "zip" {
            let unpacked = try unpack(url, displayPath: displayPath)
            result.unpacked.append(unpacked)
            if let importer = forced ?? registry.detect(unpacked) {
                result.exports.append(Found(source: ExportSource(url: unpacked, displayPath: displayPath), importer: importer, origin: url))
            } else {
                try visitChildren(of: unpacked, displayPrefix: displayPath, into: &result, skipped: &skipped, topLevel: false)
            }
            return
        }
        if let importer = importer(for: probe) {
            result.exports.append(Found(source: ExportSource(url: url, displayPath: displayPath), importer: importer))
            return
        }
        if probe.isFolder {
            try visitChildren(of: url, displayPrefix: displayPath, into: &result, skipped: &skipped, topLevel: topLevel)
            return
        }
        if let forced {
            let found = ExportDescription(probe, registry: registry, forced: forced)
            if found.otherFormat == nil { try checkSyntax(probe, displayPath: displayPath) }
            guard topLevel else {
                if result.mismatches.count < 3 { result.mismatches.append("\(displayPath) is \(found.text)") }
                return
            }
            throw TranscriptsError(
                file: displayPath, message: "not a \(forced.format) export: found \(found.text)" + Self.expectation(forced))
        }
        try checkSyntax(probe, displayPath: displayPath)
        if topLevel {
            let found = ExportDescription(probe, registry: registry, forced: nil)
            throw TranscriptsError(
                file: displayPath,
                message: "not an export transcripts reads: found \(found.text) (formats: \(registry.formats.joined(separator: ", ")))")
        }
    }

    /// "; a discord export is …", what the forced format's exports look like.
    private static func expectation(_ importer: any ExportImporter) -> String {
        importer.expectedShape.isEmpty ? "" : "; a \(importer.format) export is \(importer.expectedShape)"
    }

    /// A JSON file that no importer recognises and that is not well-formed: the syntax error, with where it is,
    /// rather than "not an export" (the file may be an export cut short before what tells its format).
    private func checkSyntax(_ probe: ExportProbe, displayPath: String) throws {
        guard probe.jsonOutline?.isBroken == true, let file = MappedFile(path: probe.url.path) else { return }
        try withExtendedLifetime(file) {
            guard let problem = JSONSyntaxCheck.problem(in: file.bytes) else { return }
            var error = TranscriptsError(syntax: problem, file: displayPath)
            error.message += "; its format cannot be told"
            throw error
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
            let probe = ExportProbe(child)
            let display = displayPrefix + "/" + child.lastPathComponent
            if probe.isFolder {
                if let importer = importer(for: probe) {
                    result.exports.append(Found(source: ExportSource(url: child, displayPath: display), importer: importer))
                } else {
                    var ignored = 0
                    try visitChildren(of: child, displayPrefix: display, into: &result, skipped: &ignored, topLevel: false)
                }
            } else if child.pathExtension.lowercased() == "zip" {
                try visit(child, displayPath: display, topLevel: false, into: &result, skipped: &skipped)
            } else if let importer = importer(for: probe) {
                result.exports.append(Found(source: ExportSource(url: child, displayPath: display), importer: importer))
            } else {
                let isMedia = Self.mediaExtensions.contains(child.pathExtension.lowercased())
                let found = forced == nil || isMedia ? nil : ExportDescription(probe, registry: registry, forced: forced)
                if found?.otherFormat == nil { try checkSyntax(probe, displayPath: display) }
                if let found, result.mismatches.count < 3 { result.mismatches.append("\(display) is \(found.text)") }
                // Only files right in an input folder are reported; subfolders usually hold media.
                if topLevel, !isMedia { skipped += 1 }
            }
        }
    }

    /// Unpacks a zip archive into the workspace, refusing entries that would land outside it.
    /// What an archive of `archiveSize` bytes may expand to: a hundred times its size, at least 1 GB and at
    /// most 64 GB. Chat exports are mostly photos and videos, which do not compress; a zip bomb expands a
    /// thousand times and more.
    static func expansionLimit(archiveSize: Int64) -> Int64 {
        min(64_000_000_000, max(1_000_000_000, archiveSize &* 100))
    }

    private static func bytesText(_ bytes: Int64) -> String {
        MessageDetails.formatByteCount(Int(bytes))
    }

    private struct ZipExpansionError: Error {}

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
            throw TranscriptsError(
                file: displayPath, message: "cannot open the zip archive (" + (error is Archive.ArchiveError
                    ? "it is not a zip archive, or it is damaged" : TranscriptsError.sentence(for: error)) + ")")
        }
        // A bound on what the archive may expand to, against zip bombs: what its members claim, and what they
        // really give while they are unpacked (a header may lie).
        let archiveSize = Int64(FileStamp(path: archiveURL.path)?.size ?? 0)
        let limit = Self.expansionLimit(archiveSize: archiveSize)
        let claimed = archive.reduce(Int64(0)) { $0 &+ Int64(clamping: $1.uncompressedSize) }
        guard claimed <= limit else {
            throw TranscriptsError(
                file: displayPath,
                message: "its members claim \(Self.bytesText(claimed)), more than an export of \(Self.bytesText(archiveSize)) may expand to (\(Self.bytesText(limit))): not unpacked")
        }
        try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: true)
        let root = destination.standardizedFileURL.path
        var unpackedBytes: Int64 = 0
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
                    guard FileManager.default.createFile(atPath: target.path, contents: nil) else { throw CocoaError(.fileWriteUnknown) }
                    let handle = try FileHandle(forWritingTo: target)
                    defer { try? handle.close() }
                    var entryBytes: Int64 = 0
                    var checksum: CRC32 = 0
                    _ = try archive.extract(entry, skipCRC32: false) { chunk in
                        checksum = chunk.crc32(checksum: checksum)
                        entryBytes += Int64(chunk.count)
                        unpackedBytes += Int64(chunk.count)
                        guard entryBytes <= Int64(clamping: entry.uncompressedSize), unpackedBytes <= limit else {
                            throw ZipExpansionError()
                        }
                        try handle.write(contentsOf: chunk)
                    }
                    // The library does not check every member's checksum itself.
                    guard checksum == entry.checksum else { throw Archive.ArchiveError.invalidCRC32 }
                }
            } catch is ZipExpansionError {
                throw TranscriptsError(
                    file: displayPath, path: entry.path,
                    message: "this member gives more bytes than its header claims, or the archive more than \(Self.bytesText(limit)): not unpacked")
            } catch Archive.ArchiveError.invalidCRC32 {
                throw TranscriptsError(
                    file: displayPath, path: entry.path, message: "this member is damaged (its CRC-32 checksum does not match)")
            } catch {
                throw TranscriptsError(
                    file: displayPath, path: entry.path, message: "cannot unpack this member of the zip archive (\(TranscriptsError.sentence(for: error)))")
            }
        }
        if reusesUnpacked, let archiveStamp { try? archiveStamp.write(to: stampFile, atomically: true, encoding: .utf8) }
        return destination
    }
}
