import Foundation
import TranscriptRender
import TranscriptSite

/// The files a preview server watches: the config, the site's `Templates/` folder and the inputs, without
/// the output folder, the build's staging folders beside it and the build cache (`.transcripts-cache`).
public struct WatchList: Equatable, Sendable {
    /// Files and folders to watch; folders are watched with everything in them. Missing ones are watched
    /// for appearing.
    public var paths: [String]
    /// The output folder: never watched, and neither are its staging folders (`.public.building-*`) and spare.
    public var outputFolder: String

    public init(paths: [String], outputFolder: String) {
        self.paths = paths
        self.outputFolder = outputFolder
    }

    /// What a build with `options` and `configuration` reads.
    public init(options: BuildOptions, configuration: SiteConfiguration) {
        let inputs = (options.inputs ?? configuration.inputs).map {
            $0.hasPrefix("/") ? URL(fileURLWithPath: $0) : options.site.appendingPathComponent($0)
        }
        let watched = [options.configurationFile, options.site.appendingPathComponent("Templates")] + inputs
        self.init(
            paths: watched.map(\.standardizedFileURL.path),
            outputFolder: options.outputFolder(for: configuration).standardizedFileURL.path)
    }

    /// Whether `path` is the output folder, one of the build's staging folders beside it or a build cache.
    func isOutput(_ path: String) -> Bool {
        if path == outputFolder || path.hasSuffix("/" + BuildCache.folderName) { return true }
        let output = URL(fileURLWithPath: outputFolder)
        let entry = URL(fileURLWithPath: path)
        guard entry.deletingLastPathComponent().path == output.deletingLastPathComponent().path else { return false }
        return entry.lastPathComponent.hasPrefix(".\(output.lastPathComponent).")
    }
}

/// The size, modification time and inode of every watched file at one moment: two snapshots differ when a
/// file was added, removed, written or replaced.
public struct FileSnapshot: Equatable, Sendable {
    /// What is compared of one file.
    public struct Stamp: Equatable, Sendable {
        public var size: Int64
        public var modified: Int64
        public var inode: UInt64
    }

    /// Stamps by absolute path.
    public private(set) var files: [String: Stamp] = [:]

    /// Folders deeper than this are not looked into (a symlink loop ends here).
    private static let maximumDepth = 32

    /// Reads the stamps of everything in `list` now.
    public init(of list: WatchList) {
        for path in list.paths where !list.isOutput(path) {
            add(path, list: list, depth: 0)
        }
    }

    /// The paths added, removed or changed since `earlier`, sorted.
    public func changedPaths(since earlier: FileSnapshot) -> [String] {
        let paths = Set(files.keys).union(earlier.files.keys)
        return paths.filter { files[$0] != earlier.files[$0] }.sorted()
    }

    private mutating func add(_ path: String, list: WatchList, depth: Int) {
        var info = stat()
        guard stat(path, &info) == 0 else { return }
        if info.st_mode & S_IFMT == S_IFDIR {
            guard depth < Self.maximumDepth,
                  let names = try? FileManager.default.contentsOfDirectory(atPath: path)
            else { return }
            for name in names {
                let child = path + "/" + name
                if !list.isOutput(child) { add(child, list: list, depth: depth + 1) }
            }
        } else {
            #if canImport(Darwin)
            let modified = info.st_mtimespec
            #else
            let modified = info.st_mtim
            #endif
            files[path] = Stamp(
                size: Int64(info.st_size),
                modified: Int64(modified.tv_sec) * 1_000_000_000 + Int64(modified.tv_nsec),
                inode: UInt64(info.st_ino))
        }
    }
}
