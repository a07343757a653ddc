import Foundation

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
        return try ConfigurationLoader.load(from: file, required: options.configFile != nil)
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
        let registry = configuration.formats.configure(self.registry)
        let finder = ExportFinder(
            registry: registry, forced: try options.format.map { try registry.importer(named: $0) }, workspace: workspace)
        let inputs = try finder.find(options.inputs ?? configuration.inputs, in: options.site)
        let outputURL = options.outputFolder(for: configuration)
        let output = try OutputDirectory(destination: outputURL)
        do {
            var summary = try render(inputs: inputs, configuration: configuration, templates: templates, into: output)
            if options.strict, !summary.warnings.isEmpty {
                throw TranscriptsError(
                    message: "\(summary.warnings.count) warning\(summary.warnings.count == 1 ? "" : "s") with --strict; the previous output is unchanged:\n"
                        + summary.warnings.map { "  " + $0 }.joined(separator: "\n"))
            }
            try output.commit()
            summary.output = outputURL.relativePathForDisplay
            summary.bytes = output.bytesWritten
            summary.files = output.filesWritten
            summary.seconds = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
            return summary
        } catch {
            output.discard()
            throw error
        }
    }

    private func render(
        inputs: ExportFinder.Result, configuration: SiteConfiguration, templates: TemplateSet, into output: OutputDirectory
    ) throws -> BuildSummary {
        var summary = BuildSummary()
        summary.warnings = inputs.warnings
        let context = ImportContext(timeZone: configuration.timeZone, me: configuration.me)
        let renderer = ConversationRenderer(
            templates: templates, configuration: configuration, delegate: delegate, customRenderers: customRenderers)
        var slugs = SlugRegistry()
        var seenIDs: [String: String] = [:]
        var cards: [(summary: ConversationSummary, newest: Double)] = []
        let media = MediaCopier(output: output)
        var searchIndex = SearchIndexBuilder()
        for (position, export) in inputs.exports.enumerated() {
            progress?("[\(position + 1)/\(inputs.exports.count)] \(export.source.displayPath)")
            try export.importer.importConversations(from: export.source, context: context) { imported in
            let conversation = imported.conversation
            let input = (displayPath: export.source.displayPath, mediaFolder: imported.mediaFolder)
            if let other = seenIDs[conversation.id] {
                throw TranscriptsError(
                    file: input.displayPath, path: "id",
                    message: "the conversation id \"\(conversation.id)\" is also used by \(other); ids must be unique in a site"
                        + (export.importer.format == "discord"
                            ? " (exports of one Discord channel are merged when they are in one folder: give the folder as the input)" : ""))
            }
            seenIDs[conversation.id] = input.displayPath
            let slug = slugs.slug(for: conversation.id)
            let path = "c/\(slug)/index.html"
            var avatars: [String: String] = [:]
            for participant in conversation.participants {
                guard let avatar = participant.avatar else { continue }
                switch media.copyImage(avatar, from: input.mediaFolder) {
                case .success(let sitePath): avatars[participant.id] = "../../" + sitePath
                case .failure(let refusal):
                    summary.warnings.append("\(input.displayPath): the avatar of \(participant.id) (\(avatar)) \(refusal); initials are shown")
                }
            }
            let copied = MessageMedia.copy(conversation.messages, from: input.mediaFolder, with: media)
            if !copied.problems.isEmpty {
                let listed = copied.problems.prefix(3).map { "\($0.path) (\($0.reason))" }.joined(separator: ", ")
                summary.warnings.append(
                    "\(input.displayPath): \(copied.problems.count) media file\(copied.problems.count == 1 ? " is" : "s are") missing or refused, shown as placeholders: \(listed)\(copied.problems.count > 3 ? ", ..." : "")")
                summary.missingMedia += copied.problems.count
            }
            let searchTarget = configuration.search.indexes(conversation: conversation.id)
                ? ConversationRenderer.SearchTarget(number: searchIndex.parts.count, folder: "c/\(slug)/") : nil
            let rendered = try renderer.render(
                conversation, file: input.displayPath, url: path, root: "../../", avatarImages: avatars, media: copied.media,
                search: searchTarget
            ) { file, parts in
                try output.write(parts, to: "c/\(slug)/" + file)
            }
            if let part = rendered.search { searchIndex.add(part) }
            cards.append((rendered.summary, conversation.messages.map(\.date.secondsSince1970).max() ?? -.infinity))
            summary.pages += rendered.pages
            summary.messagesRead += conversation.messages.count
            summary.messagesRendered += rendered.rowsRendered
            summary.unsupportedMessages += conversation.messages.filter {
                if case .unsupported = $0.kind { return true } else { return false }
            }.count
            summary.warnings += rendered.warnings
            summary.conversations.append(
                BuildSummary.ConversationCount(
                    title: conversation.title, file: input.displayPath,
                    messagesRead: conversation.messages.count, messagesRendered: rendered.rowsRendered))
        }
        }
        let site = SiteContext(
            siteTitle: configuration.title, pageTitle: configuration.title, lang: configuration.language,
            dir: configuration.isRightToLeft ? "rtl" : "ltr", root: "", hasSearch: configuration.search.enabled)
        if configuration.search.enabled {
            progress?("writing the search index")
            let statistics = try searchIndex.write(
                timeZone: configuration.timeZone.identifier,
                locale: configuration.locale.identifier.replacingOccurrences(of: "_", with: "-")
            ) { path, contents in
                try output.write(contents, to: path)
            }
            summary.searchDocuments = statistics.documents
            summary.searchTerms = statistics.terms
            summary.searchBytes = statistics.bytes
            var searchSite = site
            searchSite.pageTitle = "Search · " + configuration.title
            try output.write(try templates.render(SearchPage(site: searchSite), template: "search"), to: "search.html")
            summary.pages += 1
        }
        progress?("writing the index")
        let index = IndexPage(
            site: site,
            description: configuration.description,
            // The most recently active conversation first, as chat apps list them.
            conversations: cards.enumerated().sorted {
                $0.element.newest != $1.element.newest ? $0.element.newest > $1.element.newest : $0.offset < $1.offset
            }.map(\.element.summary),
            hasConversations: !cards.isEmpty)
        try output.write(try templates.render(index, template: "index"), to: "index.html")
        summary.pages += 1
        for path in templates.assets.keys.sorted() {
            try output.write(templates.assets[path]!, to: path)
        }
        return summary
    }
}
