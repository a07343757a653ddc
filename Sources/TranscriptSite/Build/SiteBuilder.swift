import Foundation
import TranscriptDisplay
import TranscriptImport
import TranscriptModel
import TranscriptRender

/// Builds a site: reads the config and the exports, renders every page and writes the site atomically.
///
/// ```swift
/// let builder = SiteBuilder(options: BuildOptions(site: URL(fileURLWithPath: "Site")))
/// let summary = try builder.build()
/// print(summary.report)
/// ```
public struct SiteBuilder: Sendable {
    public var options: BuildOptions
    /// The display decisions; `DefaultDisplayDelegate` keeps every default.
    public var delegate: any TranscriptDisplayDelegate
    /// Renderers for custom message kinds, registered in code (TUIKit's cell data and cells).
    public var customRenderers: [any CustomMessageRenderer]
    /// The importers exports are read with.
    public var registry: ImporterRegistry
    /// Called with a short line before each step, for a progress display.
    public var progress: (@Sendable (String) -> Void)?

    public init(
        options: BuildOptions, delegate: any TranscriptDisplayDelegate = DefaultDisplayDelegate(),
        customRenderers: [any CustomMessageRenderer] = [], registry: ImporterRegistry = .builtIn,
        progress: (@Sendable (String) -> Void)? = nil
    ) {
        self.options = options
        self.delegate = delegate
        self.customRenderers = customRenderers
        self.registry = registry
        self.progress = progress
    }

    /// The site's config, as this build reads it.
    public func loadConfiguration() throws -> SiteConfiguration {
        let file = options.configFile ?? options.site.appendingPathComponent(ConfigurationLoader.fileName)
        return try ConfigurationLoader.load(from: file, required: options.configFile != nil, registry: registry)
    }

    /// Builds the site and returns what it did. On any error the previous output is left as it was.
    public func build() throws -> BuildSummary {
        let started = DispatchTime.now()
        guard FileManager.default.fileExists(atPath: options.site.path) else {
            throw TranscriptsError(file: options.site.relativePathForDisplay, message: "the site folder does not exist")
        }
        let configuration = try loadConfiguration()
        let templates = try TemplateSet(
            overridesFolder: options.site.appendingPathComponent("Templates"),
            registered: Dictionary(customRenderers.map { ("messages/" + $0.kind, $0.template) }) { _, last in last })
        for name in configuration.footerTemplates where templates.sources[name] == nil {
            throw TranscriptsError(
                file: (options.configFile ?? options.site.appendingPathComponent(ConfigurationLoader.fileName)).relativePathForDisplay,
                message: "footerTemplate names the template \"\(name)\", which does not exist (put \(name).mustache in the site's Templates folder)")
        }
        let workspace = FileManager.default.temporaryDirectory
            .appendingPathComponent("transcripts-build-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: workspace) }
        let registry = try configuration.formats.configure(self.registry)
        // Zip archives are unpacked into the build cache, where they stay while they do not change (so an
        // incremental build sees the same files), or into the build's own folder when the cache cannot be written.
        let unpacked = options.site.appendingPathComponent(BuildCache.folderName).appendingPathComponent("unpacked")
        let keepsUnpacked = (try? FileManager.default.createDirectory(at: unpacked, withIntermediateDirectories: true)) != nil
        let finder = ExportFinder(
            registry: registry, forced: try options.format.map { try registry.importer(named: $0) },
            workspace: keepsUnpacked ? unpacked : workspace, reusesUnpacked: keepsUnpacked)
        let inputs = try finder.find(options.inputs ?? configuration.inputs, in: options.site)
        let outputURL = options.outputFolder(for: configuration)
        let cache = BuildCache(
            site: options.site,
            key: BuildKey.make(
                configurationFile: options.configurationFile, templates: templates, delegate: delegate,
                customRenderers: customRenderers, registry: registry, options: options),
            contentKey: BuildKey.content(configuration: configuration, registry: registry, options: options),
            output: outputURL, clean: options.clean)
        let output = try OutputDirectory(destination: outputURL, linksUnchangedFiles: !options.clean)
        output.previousDigests = cache.previousOutputDigests()
        do {
            let pass = SiteRenderPass(
                configuration: configuration, templates: templates,
                renderer: ConversationRenderer(
                    templates: templates, configuration: configuration.renderSettings, delegate: delegate, customRenderers: customRenderers),
                output: output, cache: cache, progress: progress)
            var summary = try pass.run(inputs)
            if options.strict, !summary.warnings.isEmpty {
                throw TranscriptsError(
                    message: "\(summary.warnings.count) warning\(summary.warnings.count == 1 ? "" : "s") with --strict; the previous output is unchanged:\n"
                        + summary.warnings.map { "  " + $0 }.joined(separator: "\n"))
            }
            cache.invalidate()
            try output.commit()
            cache.save()
            var digests = OutputDigests()
            let outputPath = output.destination.path
            for (path, digest) in output.madeDigests {
                if let stamp = FileStamp(path: outputPath + "/" + path) {
                    digests.entries[path] = OutputDigests.Entry(stamp: stamp, digest: digest)
                }
            }
            cache.saveOutputDigests(digests)
            if keepsUnpacked {
                // Archives no input names any more are not kept.
                let used = Set(inputs.unpacked.map(\.lastPathComponent))
                for name in (try? FileManager.default.contentsOfDirectory(atPath: unpacked.path)) ?? []
                where !used.contains(name.hasSuffix(".archive") ? String(name.dropLast(8)) : name) {
                    try? FileManager.default.removeItem(at: unpacked.appendingPathComponent(name))
                }
            }
            summary.output = outputURL.relativePathForDisplay
            summary.bytes = output.bytesWritten
            summary.files = output.filesWritten
            summary.filesUnchanged = output.filesLinked
            summary.seconds = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
            return summary
        } catch {
            output.discard()
            throw error
        }
    }
}
