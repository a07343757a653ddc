import Foundation
import TranscriptImport

/// Finds the exports to read: the config's inputs (or `--input`), each with its format, archives
/// unpacked (into the build cache, where they stay while the archive does not change).
public struct DiscoverStage: BuildStage {
    public let name = "discover"

    public init() {}

    public func run(in context: BuildContext) throws {
        let finder = ExportFinder(
            registry: context.registry, forced: try context.options.format.map { try context.registry.importer(named: $0) },
            workspace: context.unpackedFolder ?? context.workspace, reusesUnpacked: context.unpackedFolder != nil)
        context.inputs = try finder.find(context.options.inputs ?? context.configuration.inputs, in: context.options.site)
        context.summary.warnings += context.inputs.warnings
        context.count("exports", context.inputs.exports.count)
        context.read.exportBytes = context.inputs.exports.map { Self.size(of: $0.origin) }
    }

    /// The bytes of a file, or of the files in a folder (for the progress display's estimate).
    static func size(of url: URL) -> Int {
        var info = stat()
        guard lstat(url.path, &info) == 0 else { return 0 }
        guard info.st_mode & S_IFMT == S_IFDIR else { return Int(info.st_size) }
        // Paths and `lstat`, not URLs and resource values (several times slower, for every file of a Slack export).
        var total = 0
        let root = url.path
        let walker = FileManager.default.enumerator(atPath: root)
        while let relative = walker?.nextObject() as? String {
            var file = stat()
            if lstat(root + "/" + relative, &file) == 0, file.st_mode & S_IFMT == S_IFREG { total += Int(file.st_size) }
        }
        return total
    }
}
