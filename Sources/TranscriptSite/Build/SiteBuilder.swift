import Foundation
import TranscriptDisplay
import TranscriptImport
import TranscriptModel
import TranscriptRender
import TranscriptSearch
import TranscriptSupport
import TranscriptTemplates

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
    /// The stages a build runs, in order (`BuildStages.standard`); insert a stage of your own with
    /// `stages.insert(_:after:)`.
    public var stages: [any BuildStage]
    /// What makes each conversation's files, in order (`ConversationPages.standardProducers`: month pages, gallery,
    /// overview, feed); append one to add a page.
    public var conversationPageProducers: [any ConversationPageProducer] = ConversationPages.standardProducers
    /// What makes the site's pages that show every conversation, in order (`SitePages.standardProducers`: the
    /// search page, the index); append one to add a page.
    public var sitePageProducers: [any SitePageProducer] = SitePages.standardProducers
    /// Called with a short line before each step, for a progress display.
    public var progress: (@Sendable (BuildProgress) -> Void)?

    public init(
        options: BuildOptions, delegate: any TranscriptDisplayDelegate = DefaultDisplayDelegate(),
        customRenderers: [any CustomMessageRenderer] = [], registry: ImporterRegistry = .builtIn,
        stages: [any BuildStage] = BuildStages.standard, progress: (@Sendable (BuildProgress) -> Void)? = nil
    ) {
        self.stages = stages
        self.options = options
        self.delegate = delegate
        self.customRenderers = customRenderers
        self.registry = registry
        self.progress = progress
    }

    /// The site's config, as this build reads it.
    public func loadConfiguration() throws -> SiteConfiguration {
        let file = options.configFile ?? options.site.appendingPathComponent(ConfigurationLoader.fileName)
        var configuration = try ConfigurationLoader.load(from: file, required: options.configFile != nil, registry: registry)
        configuration.privacy = try options.privacy.applied(to: configuration.privacy)
        configuration.scope = configuration.scope.adding(options.scope)
        return configuration
    }

    /// Builds the site and returns what it did. On any error the previous output is left as it was.
    ///
    /// With `options.shard`, it builds one shard's part of the site into the output folder: the pages, media and
    /// books of its conversations, with what `assemble(parts:)` needs of them. A shard's build reads every
    /// export (so that each conversation gets the place a whole build gives it) and renders its own
    /// conversations, without the build cache.
    ///
    /// With glibc, it has the process keep one malloc arena per core from then on (`MALLOC_ARENA_MAX`, when set,
    /// wins): that keeps a big build's peak of memory lower and steadier.
    public func build() throws -> BuildSummary {
        try run(assembling: nil)
    }

    /// Joins the parts that builds with `--shard K/N` made (every shard of one site, from the same exports, with
    /// the same binary, config and templates) into the site, byte for byte what one build of the whole site
    /// writes: their files are linked (or copied) into the output, and the index, the people pages and the
    /// search index are written from their records. No export is read. On any error the previous output is
    /// left as it was.
    public func assemble(parts: [URL]) throws -> BuildSummary {
        try run(assembling: parts)
    }

    private func run(assembling parts: [URL]?) throws -> BuildSummary {
        let started = DispatchTime.now()
        FreedMemory.shareArenas()
        guard FileManager.default.fileExists(atPath: options.site.path) else {
            throw TranscriptsError(file: options.site.relativePathForDisplay, message: "the site folder does not exist")
        }
        let configuration = try loadConfiguration()
        var templates = try TemplateSet(
            overridesFolder: options.site.appendingPathComponent("Templates"),
            registered: Dictionary(customRenderers.map { ("messages/" + $0.kind, $0.template) }) { _, last in last })
        // The words of the pages: the language's table, the site's own strings on top, English for the rest.
        let (strings, stringWarnings) = try StringTables.table(
            language: configuration.language, locale: configuration.locale.identifier, siteFiles: templates.stringOverrides)
        templates.strings = strings
        for name in configuration.footerTemplates where templates.sources[name] == nil {
            throw TranscriptsError(
                file: (options.configFile ?? options.site.appendingPathComponent(ConfigurationLoader.fileName)).relativePathForDisplay,
                message: "footerTemplate names the template \"\(name)\", which does not exist (put \(name).mustache in the site's Templates folder)")
        }
        let workspace = FileManager.default.temporaryDirectory
            .appendingPathComponent("transcripts-build-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: workspace) }
        let registry = try configuration.formats.configure(self.registry, relativeTo: options.site)
        // Archives are unpacked into the build cache, where they stay while they do not change (so an
        // incremental build sees the same files), or into the build's own folder when the cache cannot be written.
        let unpacked = options.site.appendingPathComponent(BuildCache.folderName).appendingPathComponent("unpacked")
        let keepsUnpacked = (try? FileManager.default.createDirectory(at: unpacked, withIntermediateDirectories: true)) != nil
        let outputURL = options.outputFolder(for: configuration)
        // Before anything is written: a protected site without its passphrase stops here.
        let protection = try SiteProtection.make(
            settings: configuration.protect, options: options.protection, site: options.site,
            configPath: options.configurationFile.relativePathForDisplay, output: outputURL)
        let protectionFingerprint = protection?.fingerprint ?? "open"
        // Who is who (`people:`, its contacts files): a bad file stops the build here too.
        var protectionNaming: (@Sendable (String) -> String)?
        if let key = protection?.key {
            protectionNaming = { name in key.name(for: name) }
        }
        let people = try SitePeople.make(
            configuration: configuration, site: options.site, configPath: options.configurationFile.relativePathForDisplay,
            protectionNaming: protectionNaming)
        let key = BuildKey.make(
            configurationFile: options.configurationFile, templates: templates, delegate: delegate,
            customRenderers: customRenderers, stages: stages, registry: registry, options: options,
            protection: protectionFingerprint, conversationPages: conversationPageProducers, sitePages: sitePageProducers)
        let contentKey = BuildKey.content(
            configuration: configuration, stages: stages, registry: registry, options: options, protection: protectionFingerprint)
        // A site built in parts: each shard's build and the assemble are clean builds, with nothing taken over.
        let inParts = options.shard != nil || parts != nil
        if inParts, protection != nil {
            throw TranscriptsError(
                file: options.configurationFile.relativePathForDisplay,
                message: "a protected site is built on one machine: --shard and assemble do not build protected sites")
        }
        // A shard's records go with its part (`ShardStage`), from a cache of the build's own; assemble needs none.
        let cache: BuildCache? = parts != nil ? nil : options.shard != nil
            ? BuildCache(
                site: options.site, key: key, contentKey: contentKey, output: outputURL, clean: true,
                folder: workspace.appendingPathComponent("part"))
            : BuildCache(site: options.site, key: key, contentKey: contentKey, output: outputURL, clean: options.clean)
        let output = try OutputDirectory(destination: outputURL, linksUnchangedFiles: !options.clean && !inParts)
        if !inParts, let cache { output.previousDigests = cache.previousOutputDigests() }
        if let protection {
            output.sealing = protection.sealedOutput(configuration: configuration, templates: templates)
        }
        // An edit keeps almost every file of the search index: they are linked while the exports are read.
        if configuration.search.enabled && !inParts {
            output.linkAhead(under: "search/")
        }
        // A protected site's pages link no books: a book is not protected (`BookStage` makes none).
        var renderSettings = configuration.renderSettings
        if protection != nil { renderSettings.books = [] }
        var renderer = ConversationRenderer(
            templates: templates, configuration: renderSettings, delegate: delegate,
            customRenderers: customRenderers, producers: conversationPageProducers)
        // A big conversation's search texts wait in the build's own folder until the index is written.
        let documentSpill = workspace.appendingPathComponent("search-texts")
        if (try? FileManager.default.createDirectory(at: documentSpill, withIntermediateDirectories: true)) != nil {
            renderer.documentSpill = documentSpill.path
        }
        let context = BuildContext(
            options: options, configuration: configuration, templates: templates, delegate: delegate, registry: registry,
            renderer: renderer, sitePages: sitePageProducers, output: output, cache: cache, protection: protection, people: people, workspace: workspace,
            unpackedFolder: keepsUnpacked ? unpacked : nil, progress: progress)
        for warning in stringWarnings + (protection?.warnings ?? []) { context.warn(warning) }
        var stages = self.stages
        if inParts {
            context.partKey = BuildKey.make(
                configurationFile: options.configurationFile, templates: templates, delegate: delegate,
                customRenderers: customRenderers, stages: stages, registry: registry, options: options,
                protection: protectionFingerprint, forParts: true, conversationPages: conversationPageProducers,
                sitePages: sitePageProducers)
        }
        if let shard = options.shard {
            context.shardPlan = ShardPlan(selection: shard)
            try stages.insert(ShardStage(), before: "commit")
        }
        if let parts {
            // The stages after `render` make the pages of the whole site; the parts hold the rest.
            guard let render = stages.firstIndex(where: { $0.name == "render" }) else {
                throw TranscriptsError(message: "assemble needs the build stage \"render\", after which it runs the rest")
            }
            stages = [AssembleStage(parts: parts)] + stages[(render + 1)...]
        }
        do {
            try context.run(stages)
        } catch {
            output.discard()
            throw error
        }
        context.summary.slowerTemplates = templates.slowerTemplates.map { template in
            var template = template
            if template.file.hasPrefix("/") { template.file = URL(fileURLWithPath: template.file).relativePathForDisplay }
            return template
        }
        context.summary.output = outputURL.relativePathForDisplay
        context.summary.seconds = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
        return context.summary
    }
}
