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
    }
}
