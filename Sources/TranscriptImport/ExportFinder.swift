import Foundation
import TranscriptJSON
import TranscriptModel
import TranscriptSupport

/// Finds the exports named by the config's `inputs` (or the command line): each path is an export that an
/// importer recognises (a file, a folder such as a Slack export, or an archive, zip or tar, which is unpacked first),
/// or a folder of exports, searched recursively. The order is stable: sorted by path, whatever the order of the
/// inputs (so that the site's bytes do not depend on it).
package struct ExportFinder {
    package struct Found: Sendable {
        package var source: ExportSource
        package var importer: any ExportImporter
        /// What the user has on disk: the file or folder, or the archive `source` was unpacked from.
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
        /// The folders archives were unpacked into.
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
    /// Where archives are unpacked; removed by the caller after the build.
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
                let what = ArchiveKind(fileName: url.lastPathComponent) != nil ? "this archive holds" : "this folder holds"
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
        if !probe.isFolder, let kind = ArchiveKind(fileName: url.lastPathComponent) {
            let unpacked = try ArchiveUnpacker(workspace: workspace, reusesUnpacked: reusesUnpacked)
                .unpack(url, kind: kind, displayPath: displayPath)
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
            } else if ArchiveKind(fileName: child.lastPathComponent) != nil {
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
}
