import Foundation
import TranscriptImport

/// Finds the exports to read: the config's inputs (or `--input`), each with its format, zip archives
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
        context.exportBytes = context.inputs.exports.map { Self.size(of: $0.origin) }
    }

    /// The bytes of a file, or of the files in a folder (for the progress display's estimate).
    static func size(of url: URL) -> Int {
        var info = stat()
        guard lstat(url.path, &info) == 0 else { return 0 }
        guard info.st_mode & S_IFMT == S_IFDIR else { return Int(info.st_size) }
        var total = 0
        let walker = FileManager.default.enumerator(at: url, includingPropertiesForKeys: [.fileSizeKey, .isRegularFileKey])
        while let file = walker?.nextObject() as? URL {
            if let values = try? file.resourceValues(forKeys: [.fileSizeKey, .isRegularFileKey]), values.isRegularFile == true {
                total += values.fileSize ?? 0
            }
        }
        return total
    }
}
