import Foundation
import TranscriptDisplay
import TranscriptImport
import TranscriptModel
import TranscriptRender
import TranscriptSupport
import TranscriptTemplates

/// Makes one conversation's book (`transcripts book`): reads the site's exports as a build does, changes
/// the conversations as its privacy settings say, and writes the book of the one asked for. Nothing of the
/// site's output or build cache is written.
///
/// ```swift
/// let maker = BookMaker(
///     options: BuildOptions(site: URL(fileURLWithPath: "Site")),
///     request: BookRequest(conversation: "family", output: URL(fileURLWithPath: "family.epub")))
/// let summary = try maker.make()
/// ```
public struct BookMaker: Sendable {
    public var options: BuildOptions
    public var request: BookRequest
    /// The display decisions; `DefaultDisplayDelegate` keeps every default.
    public var delegate: any TranscriptDisplayDelegate
    public var registry: ImporterRegistry

    public init(
        options: BuildOptions, request: BookRequest, delegate: any TranscriptDisplayDelegate = DefaultDisplayDelegate(),
        registry: ImporterRegistry = .builtIn
    ) {
        self.options = options
        self.request = request
        self.delegate = delegate
        self.registry = registry
    }

    /// Makes the book; its summary holds the warnings and how many messages it holds (`messagesRendered`).
    public func make() throws -> BuildSummary {
        guard FileManager.default.fileExists(atPath: options.site.path) else {
            throw TranscriptsError(file: options.site.relativePathForDisplay, message: "the site folder does not exist")
        }
        guard let format = request.format else {
            throw TranscriptsError(
                file: request.output.relativePathForDisplay,
                message: "a book is written as an EPUB or a PDF: name the output file FILE.epub or FILE.pdf")
        }
        // Without a browser to print with, a PDF fails before anything is read.
        if format == .pdf { _ = try PDFPrinter.browser() }
        let builder = SiteBuilder(options: options, delegate: delegate, registry: registry)
        let configuration = try builder.loadConfiguration()
        if (configuration.protect.enabled || options.protection.protect) && !request.allowsUnprotected {
            throw TranscriptsError(
                file: options.configurationFile.relativePathForDisplay,
                message: "the site is protected, and its book would not be (anyone with the file can read it): "
                    + "make it anyway with --allow-unprotected-book")
        }
        var templates = try TemplateSet(overridesFolder: options.site.appendingPathComponent("Templates"))
        let (strings, stringWarnings) = try StringTables.table(
            language: configuration.language, locale: configuration.locale.identifier, siteFiles: templates.stringOverrides)
        templates.strings = strings
        let workspace = FileManager.default.temporaryDirectory
            .appendingPathComponent("transcripts-book-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: workspace) }
        let configured = try configuration.formats.configure(registry, relativeTo: options.site)
        // The pictures are copied (checked, their metadata stripped) into a folder of the workspace, and read from there.
        let output = try OutputDirectory(destination: workspace.appendingPathComponent("media"))
        defer { output.discard() }
        let people = try SitePeople.make(
            configuration: configuration, site: options.site, configPath: options.configurationFile.relativePathForDisplay)
        let context = BuildContext(
            options: options, configuration: configuration, templates: templates, delegate: delegate, registry: configured,
            renderer: ConversationRenderer(templates: templates, configuration: configuration.renderSettings, delegate: delegate),
            output: output, cache: nil, people: people, workspace: workspace, unpackedFolder: nil, progress: nil)
        for warning in stringWarnings { context.warn(warning) }
        try context.run([DiscoverStage(), ReadStage(), TransformStage(), BookStage(request: request)])
        context.summary.output = request.output.relativePathForDisplay
        return context.summary
    }
}
