import Foundation
import TranscriptImport
import TranscriptModel
import TranscriptRender
import TranscriptSupport

/// Copies the files an export names (photos, videos, voice messages, documents, stickers, avatars) into the
/// site, under `media/` with a name made from their content, so the same file is stored once however often it
/// is named.
///
/// A path in an export is untrusted: it must be relative, stay inside the export's folder (no `..` out of
/// it, no symlink that leads out of it) and name a regular file; an avatar must also be an image. Anything
/// else is refused with a reason, and the page shows a placeholder instead. A file whose type a browser could
/// run (HTML, SVG, scripts) is stored as `.bin`. For the build cache, each look-up can be recorded
/// (`recordsDependencies`) with the stamp of the file it found.
final class MediaCopier {
    private let output: OutputDirectory
    /// What was copied, by the real path of the source file.
    private var copied: [String: CopiedFile] = [:]
    static let imageExtensions: Set<String> = ["png", "jpg", "jpeg", "gif", "webp", "avif"]

    init(output: OutputDirectory) { self.output = output }

    typealias Refusal = ExportFile.Refusal

    /// Real paths of export folders, by the folder's path as given.
    private var realFolders: [String: String] = [:]

    /// Copies the image at `path` (relative to `folder`) into the site; its path in the site.
    func copyImage(_ path: String, from folder: URL) -> Result<String, Refusal> {
        copy(path, from: folder, imageOnly: true).map(\.sitePath)
    }

    /// Copies the file at `path` (relative to `folder`) into the site. Files whose type a browser could run
    /// (HTML, SVG, scripts, ...) are stored as `.bin`, which browsers download instead of opening.
    func copy(_ path: String, from folder: URL, imageOnly: Bool = false) -> Result<CopiedFile, Refusal> {
        // A URL's path is made again on every read: read once here (and once of the file found).
        let folderPath = folder.path
        let result = copyFile(path, from: folder, folderPath: folderPath, imageOnly: imageOnly)
        if recordsDependencies {
            var dependency = MediaDependency(folder: folderPath, path: path, imageOnly: imageOnly)
            switch result {
            case .success(let copied):
                dependency.sitePath = copied.sitePath
                dependency.source = lastSource?.path
                dependency.stamp = lastSource?.stamp
            case .failure(let refusal):
                dependency.refusal = "\(refusal)"
            }
            dependencies.append(dependency)
        }
        return result
    }

    /// Whether every look-up is recorded for the build cache (`takeDependencies()`).
    var recordsDependencies = false
    /// The name a file's copy gets in `media/` (before its extension), from its bytes.
    var contentName: @Sendable (Data) -> String = { ContentName.of($0) }
    /// Whether images lose their metadata on the way (`privacy.stripMetadata`, see `MetadataStripper`).
    var stripsMetadata = false
    /// What strips HEIC pictures and QuickTime and MP4 files when `stripsMetadata` (exiftool).
    var exifTool: ExifToolStripper?
    /// Stripped copies made ahead of their turn (by `prepare`), by the real path of the file stripped.
    private var strippedAhead: [String: StrippedCopy] = [:]
    /// The first file that could not be copied because exiftool cannot be run, with why: the build stops on it.
    private var needsExifTool: (path: String, reason: String)?
    /// Files copied with their metadata since the last `takeMetadataWarnings()`: those of formats it cannot
    /// be removed from, and broken ones with the reason.
    private var unstrippable: [String] = []
    private var brokenMetadata: [(path: String, reason: String)] = []

    /// Warnings about the files copied with their metadata since the last call (without the export's path):
    /// one for the files of formats it cannot be removed from (the first three named), one per broken file.
    func takeMetadataWarnings() -> [String] {
        defer {
            unstrippable = []
            brokenMetadata = []
        }
        var warnings: [String] = []
        if !unstrippable.isEmpty {
            let count = unstrippable.count
            let kinds = Set(unstrippable.map { "." + URL(fileURLWithPath: $0).pathExtension.lowercased() }).sorted()
            let listed = unstrippable.prefix(3).joined(separator: ", ") + (count > 3 ? ", ..." : "")
            warnings.append(
                "\(count) media file\(count == 1 ? " keeps its" : "s keep their") metadata (such as a location), which cannot be "
                    + "removed from \(kinds.joined(separator: ", ")) files (privacy.stripMetadata): \(listed)")
        }
        for file in brokenMetadata {
            warnings.append("\(file.path): its metadata could not be removed (\(file.reason)); copied as it is")
        }
        return warnings
    }
    /// Throws when a file could not be copied without its metadata because exiftool cannot be run: an error that
    /// names the file (as the export names it, after `file`, the export) and says how to install exiftool.
    func checkExifTool(file: String) throws {
        guard let needsExifTool else { return }
        self.needsExifTool = nil
        throw TranscriptsError(
            file: file,
            message: "\(needsExifTool.path): its metadata (such as a location) is removed by exiftool, which cannot be run: "
                + needsExifTool.reason)
    }

    private var dependencies: [MediaDependency] = []
    /// The real path and stamp of the file the latest successful look-up found.
    private var lastSource: (path: String, stamp: FileStamp?)?
    /// Stamps of the files read, by real path (a stamp taken before the file was read, so that a change
    /// while it was read makes the next build read it again); nil for files changed too recently to trust.
    private var stamps: [String: FileStamp?] = [:]
    private let startedAt = FileStamp.now

    /// The look-ups recorded since the last call, in order.
    func takeDependencies() -> [MediaDependency] {
        defer { dependencies = [] }
        return dependencies
    }

    /// Takes a file of the previous output's `media/` folder into the site, as a conversation the build
    /// cache reuses needs it; false when the previous output does not have it.
    func takeOverFromPreviousOutput(_ sitePath: String) throws -> Bool {
        if written.contains(sitePath) { return true }
        guard try output.link(sitePath) else { return false }
        written.insert(sitePath)
        return true
    }

    /// The real path of `folder` (symlinks resolved), looked up once.
    private func realFolder(_ folder: URL, path folderPath: String? = nil) -> String {
        let folderPath = folderPath ?? folder.path
        if let known = realFolders[folderPath] { return known }
        let root = folder.standardizedFileURL.resolvingSymlinksInPath().path
        realFolders[folderPath] = root
        return root
    }

    private func copyFile(_ path: String, from folder: URL, folderPath: String, imageOnly: Bool) -> Result<CopiedFile, Refusal> {
        let root = realFolder(folder, path: folderPath)
        let resolved: URL
        switch resolutions.removeValue(forKey: ResolutionKey(root: root, path: path)) ?? ExportFile.resolve(path, inRealFolder: root) {
        case .success(let url): resolved = url
        case .failure(let refusal): return .failure(refusal)
        }
        let fileExtension = Self.fileExtension(of: resolved)
        if imageOnly, !Self.imageExtensions.contains(fileExtension) { return .failure(.notAnImage) }
        let resolvedPath = resolved.path
        let ready = prepared.removeValue(forKey: resolvedPath)
        if recordsDependencies {
            if stamps[resolvedPath] == nil {
                // Taken before the file was read (by `prepare`, when it read it).
                let stamp = ready.map(\.stamp) ?? strippedAhead[resolvedPath].map(\.stamp) ?? FileStamp(path: resolvedPath)
                stamps[resolvedPath] = .some(stamp.flatMap { $0.isRecent(now: startedAt) ? nil : $0 })
            }
            lastSource = (resolvedPath, stamps[resolvedPath] ?? nil)
        }
        if let known = copied[resolvedPath] { return .success(known) }
        let stripped = ready == nil ? strippedCopy(of: resolved, fileExtension: fileExtension) : nil
        guard let file = ready ?? Self.read(
            resolved, fileExtension: fileExtension, strips: stripsMetadata, naming: contentName, stripped: stripped)
        else { return .failure(.missing) }
        switch file.stripping {
        case .unsupported?: unstrippable.append(path)
        case .broken(let reason)?: brokenMetadata.append((path, reason))
        case .needsExifTool(let reason)?:
            // Not copied with its metadata: the build stops (`checkExifTool`).
            if needsExifTool == nil { needsExifTool = (path, reason) }
            return .failure(.missing)
        case .stripped?, nil: break
        }
        let data = file.data
        let sitePath = file.copied.sitePath
        let result = file.copied
        if !written.contains(sitePath) {
            do {
                try output.write(data, to: sitePath)
            } catch {
                return .failure(.missing)
            }
            written.insert(sitePath)
        }
        copied[resolvedPath] = result
        return .success(result)
    }

    private var written: Set<String> = []

    // MARK: - Reading ahead on all cores

    /// A file read, stripped of its metadata and named (`read(_:fileExtension:strips:naming:)`), ready to be
    /// written: ahead of its turn by `prepare`, or when `copy` gets to it.
    private struct ReadFile: Sendable {
        /// The file's stamp, taken before it was read.
        var stamp: FileStamp?
        /// The bytes to store: the file's own, or without their metadata.
        var data: Data
        var stripping: MetadataStripper.Outcome?
        var copied: CopiedFile
    }

    /// A file exiftool stripped (or could not), with the stamp taken before it read the file.
    struct StrippedCopy: Sendable {
        var stamp: FileStamp?
        var result: Result<URL, ExifToolStripper.Failure>
    }

    /// The stripped copy of the file at `url` that exiftool must strip: the one made ahead, or one made now; nil
    /// for the files exiftool does not strip, or when metadata is kept.
    private func strippedCopy(of url: URL, fileExtension: String) -> StrippedCopy? {
        if let ahead = strippedAhead.removeValue(forKey: url.path) { return ahead }
        guard stripsMetadata, let exifTool, let kind = ExifToolStripper.kinds[fileExtension] else { return nil }
        let stamp = FileStamp(path: url.path)
        return exifTool.strip([(url, kind)]).first.map { StrippedCopy(stamp: stamp, result: $0) }
    }

    /// Strips, with one exiftool process, the files among `urls` that exiftool strips and that are neither copied
    /// nor stripped yet.
    private func stripAhead(_ urls: [URL]) {
        guard stripsMetadata, let exifTool else { return }
        var seen = Set<String>()
        let files = urls.compactMap { url -> (url: URL, kind: ExifToolStripper.Kind, stamp: FileStamp?)? in
            guard copied[url.path] == nil, strippedAhead[url.path] == nil, seen.insert(url.path).inserted,
                  let kind = ExifToolStripper.kinds[Self.fileExtension(of: url)]
            else { return nil }
            return (url, kind, FileStamp(path: url.path))
        }
        guard !files.isEmpty else { return }
        // A process per core when there are enough files to share (exiftool runs on one core).
        let work = files.map { ($0.url, $0.kind) }
        let processes = min(ProcessInfo.processInfo.activeProcessorCount, max(1, work.count / 8))
        let results = (try? chunkRanges(count: work.count, chunkSize: (work.count + processes - 1) / processes)
            .concurrentMap { range in exifTool.strip(Array(work[range])) }.flatMap { $0 }) ?? []
        for (file, result) in zip(files, results) {
            strippedAhead[file.url.path] = StrippedCopy(stamp: file.stamp, result: result)
        }
    }

    /// Bytes of files exiftool strips that `resolveAhead` hands it at once, at most: their copies wait in the
    /// build's workspace until they are copied into the site.
    static let strippedAheadBytes = 128 << 20

    private struct ResolutionKey: Hashable {
        var root: String
        var path: String
    }

    /// What `prepare` found ahead of `copy`: look-ups by real folder and path, and files read, by real path.
    private var resolutions: [ResolutionKey: Result<URL, Refusal>] = [:]
    private var prepared: [String: ReadFile] = [:]

    /// Files no bigger than this are read ahead on all cores; bigger ones when `copy` gets to them, one at a time.
    static let preparedSizeLimit = 4 << 20

    /// Checks ahead, on all cores, the paths (relative to `folder`) that the next calls of `copy` will ask for:
    /// most are looked up a few at a time by `prepare`, which is too few to keep the cores busy when the files
    /// are missing (and looking them up is all there is to do). The HEIC pictures and videos among them are
    /// stripped by exiftool, as many as `strippedAheadBytes` at once.
    func resolveAhead(_ paths: [String], from folder: URL) {
        let root = realFolder(folder)
        var seen = Set<String>()
        let keys = paths.filter { seen.insert($0).inserted }.map { ResolutionKey(root: root, path: $0) }
            .filter { resolutions[$0] == nil }
        if keys.count > 1 {
            let found = (try? chunkRanges(count: keys.count, chunkSize: 64).concurrentMap { range in
                var folders = FolderPresence()
                return range.map { ExportFile.resolve(keys[$0].path, inRealFolder: keys[$0].root, folders: &folders) }
            }.flatMap { $0 }) ?? []
            for (key, result) in zip(keys, found) { resolutions[key] = result }
        }
        // The files exiftool strips among them, in one batch (up to `strippedAheadBytes`): a process's start is
        // most of the time of a small file.
        guard stripsMetadata, exifTool != nil else { return }
        var bytes = 0
        var toStrip: [URL] = []
        for path in paths {
            guard case .success(let url)? = resolutions[ResolutionKey(root: root, path: path)],
                  ExifToolStripper.kinds[Self.fileExtension(of: url)] != nil
            else { continue }
            var info = stat()
            guard stat(url.path, &info) == 0 else { continue }
            bytes += Int(info.st_size)
            if bytes > Self.strippedAheadBytes, !toStrip.isEmpty { break }
            toStrip.append(url)
        }
        stripAhead(toStrip)
    }

    /// Reads ahead, on all cores, the files that the next calls of `copy` will ask for (`requests`, paths relative
    /// to `folder`): their paths are checked, and those not copied yet (and not too big) are read, stripped and
    /// named, so that `copy` only writes them. What `copy` then does and records is the same, in the same order.
    func prepare(_ requests: [(path: String, imageOnly: Bool)], from folder: URL) {
        let root = realFolder(folder)
        let keys = requests.map { ResolutionKey(root: root, path: $0.path) }
        // Those not resolved yet, each once (looked up one by one: the resolutions grow with the conversation).
        var seen = Set<ResolutionKey>()
        let unique = keys.filter { resolutions[$0] == nil && seen.insert($0).inserted }
        let found = (try? unique.concurrentMap { ExportFile.resolve($0.path, inRealFolder: $0.root) }) ?? []
        for (key, result) in zip(unique, found) { resolutions[key] = result }
        var toRead: [(url: URL, fileExtension: String)] = []
        var listed = Set<String>()
        var toStrip: [URL] = []
        for (request, key) in zip(requests, keys) {
            guard case .success(let url)? = resolutions[key], copied[url.path] == nil, prepared[url.path] == nil,
                  listed.insert(url.path).inserted
            else { continue }
            let fileExtension = Self.fileExtension(of: url)
            if request.imageOnly, !Self.imageExtensions.contains(fileExtension) { continue }
            // Whatever its size: one exiftool process strips them all.
            toStrip.append(url)
            var info = stat()
            guard stat(url.path, &info) == 0, Int(info.st_size) <= Self.preparedSizeLimit else { continue }
            toRead.append((url, fileExtension))
        }
        stripAhead(toStrip)
        guard toRead.count > 1 else { return }
        let strips = stripsMetadata, naming = contentName
        let stripped = toRead.map { strippedAhead.removeValue(forKey: $0.url.path) }
        let files = toRead
        let read = (try? Array(files.indices).concurrentMap { index in
            Self.read(files[index].url, fileExtension: files[index].fileExtension, strips: strips, naming: naming, stripped: stripped[index])
        }) ?? []
        for (index, ready) in read.enumerated() {
            if let ready {
                prepared[toRead[index].url.path] = ready
            } else if let copy = stripped[index] {
                strippedAhead[toRead[index].url.path] = copy  // `copy` reads it again, and says why it cannot
            }
        }
    }

    /// Reads the file at `url` (stamped first), strips its metadata when `strips` (and the format allows), and
    /// names its copy; nil when it cannot be read. A file exiftool strips comes with its `stripped` copy, which
    /// is read (and removed) instead.
    private static func read(
        _ url: URL, fileExtension: String, strips: Bool, naming: @Sendable (Data) -> String, stripped: StrippedCopy? = nil
    ) -> ReadFile? {
        var fileExtension = fileExtension == "jpeg" ? "jpg" : fileExtension
        var stripping: MetadataStripper.Outcome?
        let stamp: FileStamp?
        var data: Data
        if strips, let stripped {
            stamp = stripped.stamp
            switch stripped.result {
            case .success(let copy):
                defer { try? FileManager.default.removeItem(at: copy) }
                guard let read = try? Data(contentsOf: copy) else { return nil }
                data = read
                stripping = .stripped(read)
            case .failure(.broken(let reason)):
                guard let read = try? Data(contentsOf: url) else { return nil }
                data = read
                stripping = .broken(reason)
                // A picture under another format's name (a JPEG named .heic): stripped as what its bytes say it is.
                if let actual = FileSignature.fileExtension(of: [UInt8](read.prefix(64))), ["jpg", "png", "webp"].contains(actual),
                   case .stripped(let stripped)? = MetadataStripper.strip(read, fileExtension: actual) {
                    data = stripped
                    stripping = .stripped(stripped)
                }
            case .failure(.toolMissing(let reason)):
                guard FileManager.default.isReadableFile(atPath: url.path) else { return nil }
                data = Data()
                stripping = .needsExifTool(reason)
            }
        } else {
            stamp = FileStamp(path: url.path)
            guard let read = try? Data(contentsOf: url) else { return nil }
            data = read
            if strips {
                stripping = MetadataStripper.strip(data, fileExtension: fileExtension)
                if case .stripped(let stripped)? = stripping { data = stripped }
            }
        }
        if !safeExtensions.contains(fileExtension) { fileExtension = "bin" }
        let sitePath = "media/\(naming(data)).\(fileExtension)"
        let size = imageExtensions.contains(fileExtension) ? ImageSize.read(data.prefix(256 * 1024)) : nil
        return ReadFile(
            stamp: stamp, data: data, stripping: stripping,
            copied: CopiedFile(sitePath: sitePath, size: data.count, width: size?.width, height: size?.height))
    }

    /// The extension of a file's copy: its own, or for a file without one (an iPhone backup stores files under
    /// their hash) the one its first bytes tell (`FileSignature`).
    private static func fileExtension(of url: URL) -> String {
        let own = url.pathExtension.lowercased()
        return own.isEmpty ? FileSignature.fileExtension(of: url) ?? "" : own
    }

    /// Extensions kept as they are: pictures, sound, video and documents that browsers show, play or
    /// download without running anything.
    static let safeExtensions: Set<String> = imageExtensions.union([
        "mp4", "m4v", "mov", "webm", "mkv", "3gp", "mp3", "m4a", "aac", "ogg", "oga", "opus", "wav", "flac", "amr",
        "pdf", "txt", "csv", "zip", "gz", "tgz", "7z", "rar", "doc", "docx", "xls", "xlsx", "ppt", "pptx", "odt",
        "ods", "odp", "rtf", "epub", "vcf", "ics", "tgs", "json", "md", "heic",
    ])
}
