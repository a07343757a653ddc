import Dispatch
import Foundation
import TranscriptDisplay
import TranscriptImport
import TranscriptModel
import TranscriptRender
import TranscriptSearch
import TranscriptSupport
import TranscriptTemplates

/// Everything one build works on, handed from stage to stage (Publish's `PublishingContext`): the settings,
/// the exports found, the staging folder the site is written to, the build cache, and what the build has
/// made so far. Stages run one after the other on one thread; the context is not shared between builds.
public final class BuildContext {
    /// What to build, as the caller asked.
    public let options: BuildOptions
    /// The site's config.
    public let configuration: SiteConfiguration
    /// The templates pages are made with (the site's own over the built-in ones).
    public let templates: TemplateSet
    /// The display decisions.
    public let delegate: any TranscriptDisplayDelegate
    /// The importers exports are read with, configured by the config's `formats:` block.
    public let registry: ImporterRegistry
    /// What the build did so far: counts, warnings, the stages' times.
    public package(set) var summary = BuildSummary()

    let renderer: ConversationRenderer
    /// What makes the site's pages that show every conversation (`write` asks them).
    let sitePageProducers: [any SitePageProducer]
    let importContext: ImportContext
    /// The staging folder the site is written to, swapped in by `commit`.
    let output: OutputDirectory
    /// The build cache: what the previous build made and from what, asked by each stage whether its work
    /// is still valid; nil without one.
    let cache: BuildCache?
    let media: MediaCopier
    /// A protected site's keys and settings; nil for an open site.
    let protection: SiteProtection?
    /// A folder of this build's own, removed when it ends.
    let workspace: URL
    /// Where archives (zip, tar) are unpacked to stay while they do not change; nil when the cache cannot be written.
    let unpackedFolder: URL?
    private let progressHandler: (@Sendable (BuildProgress) -> Void)?
    private let startedAt = DispatchTime.now()
    private var step = ""

    /// The exports found by `discover`.
    var inputs = ExportFinder.Result()
    /// What `read` keeps while it reads the exports.
    var read = ReadState()
    /// What `transform` did to the conversation on its way to `render`.
    var outcome = TransformOutcome()
    /// What `render` collects of every conversation for the pages that show them all.
    var rendered = RenderedConversations()
    /// The config's entries that matched something so far.
    var matched = MatchedEntries()
    /// The `privacy:` settings as a transform, when they change conversations.
    let privacy: PrivacyTransform?
    /// The config's `people:` and `me` as a transform, when there are any.
    let people: PeopleTransform?
    /// The people directory's fingerprint ("" without people): records made with other people are not taken over unread.
    let peopleFingerprint: String
    /// What `privacy:` does to the people of `people:`.
    let personPrivacy: PersonPrivacy
    /// Names a conversation's public id (its feed's and book's) from its id when pseudonyms are on; nil: the id itself.
    let conversationNaming: (@Sendable (String) -> String)?
    /// The config's `scope:`, when it leaves anything out.
    let scope: SiteScope?
    /// Whether `people` wrote the people pages (the index links them).
    var hasPeoplePages = false
    /// Where conversations were placed and which books were made (`BookStage`).
    var books = BookProgress()
    /// For a shard's build (`--shard K/N`): which conversations are its own, and where each one of the site goes.
    var shardPlan: ShardPlan?
    /// What the pages depend on, as the parts of a site know it (`BuildKey.make(forParts:)`): set for a shard's
    /// build and for `assemble`, which checks that every part was made with it.
    var partKey = ""

    // The runner's state: the stages, the one running, and the time spent handing conversations on.
    var stages: [any BuildStage] = []
    private var current = 0
    private var handOnNanoseconds: UInt64 = 0

    init(
        options: BuildOptions, configuration: SiteConfiguration, templates: TemplateSet, delegate: any TranscriptDisplayDelegate,
        registry: ImporterRegistry, renderer: ConversationRenderer, sitePages: [any SitePageProducer] = SitePages.standardProducers,
        output: OutputDirectory, cache: BuildCache?,
        protection: SiteProtection? = nil, people: SitePeople? = nil, workspace: URL, unpackedFolder: URL?,
        progress: (@Sendable (BuildProgress) -> Void)?
    ) {
        self.people = people.flatMap { people in
            people.directory.people.isEmpty && configuration.me.isEmpty
                ? nil : PeopleTransform(directory: people.directory, me: configuration.me)
        }
        peopleFingerprint = self.people?.directory.fingerprint ?? ""
        personPrivacy = people?.privacy ?? PersonPrivacy()
        scope = people?.scope
        conversationNaming = people?.folderNaming
        self.protection = protection
        self.options = options
        self.configuration = configuration
        self.templates = templates
        self.delegate = delegate
        self.registry = registry
        self.renderer = renderer
        sitePageProducers = sitePages
        self.output = output
        self.cache = cache
        self.workspace = workspace
        self.unpackedFolder = unpackedFolder
        progressHandler = progress
        var importContext = ImportContext(timeZone: configuration.timeZone, me: configuration.me)
        importContext.workspace = workspace.appendingPathComponent("decrypted")
        importContext.backupPassphrase = options.backupPassphrase
        self.importContext = importContext
        media = MediaCopier(output: output)
        media.recordsDependencies = cache != nil
        media.stripsMetadata = configuration.privacy.stripMetadata
        if configuration.privacy.stripMetadata {
            media.exifTool = ExifToolStripper(folder: workspace.appendingPathComponent("exiftool", isDirectory: true))
        }
        if let key = protection?.key {
            // A protected site's folder and media names are keyed digests: they tell nothing of the
            // conversations, and nobody can check whether a file of their own is among the media.
            rendered.slugs = SlugRegistry(naming: { id in key.name(for: "folder " + id) })
            media.contentName = { data in key.name(of: data) + "-" + String(data.count) }
        } else if let naming = people?.folderNaming {
            // With pseudonyms, folder names are keyed digests too: a chat's id can be a person's (Telegram's user id).
            rendered.slugs = SlugRegistry(naming: naming)
        }
        privacy = configuration.privacy.changesConversations
            ? PrivacyTransform(settings: configuration.privacy, me: configuration.me, people: personPrivacy) : nil
    }

    // MARK: - For stages

    /// Adds `amount` to the running stage's count `name` (shown with its time).
    public func count(_ name: String, _ amount: Int = 1) {
        summary.stages[current].counts[name, default: 0] += amount
    }

    /// Adds a warning to the summary (`--strict` fails the build on it): name the file and, where it
    /// helps, the line or JSON path.
    public func warn(_ warning: String) {
        summary.warnings.append(warning)
    }

    /// Tells the progress display what the running stage works on now (and the counts so far).
    public func progress(_ step: String) {
        self.step = step
        reportProgress()
    }

    /// Tells the progress display the counts so far.
    func reportProgress() {
        guard let progressHandler else { return }
        let total = read.exportBytes.reduce(0, +)
        progressHandler(BuildProgress(
            stage: summary.stages.indices.contains(current) ? summary.stages[current].name : "",
            step: step, messagesRead: summary.messagesRead, messagesRendered: summary.messagesRendered,
            seconds: Double(DispatchTime.now().uptimeNanoseconds - startedAt.uptimeNanoseconds) / 1e9,
            fraction: total > 0 ? Double(read.exportBytesDone) / Double(total) : nil))
    }

    /// How the summary names a conversation: by its title, or on a protected site (whose build log may be
    /// public, as in CI) by its folder, which tells nothing of it.
    func summaryTitle(_ title: String, slug: String) -> String {
        protection == nil ? title : "c/\(slug)/"
    }

    /// Writes a file of the site (`path` relative to the output folder).
    public func write(_ contents: String, to path: String) throws {
        try output.write(contents, to: path)
    }

    /// Hands a conversation that was read to the stages after the running one, in order.
    func handOn(_ conversation: ReadConversation) throws {
        let started = DispatchTime.now().uptimeNanoseconds
        let from = current
        defer {
            current = from
            handOnNanoseconds += DispatchTime.now().uptimeNanoseconds - started
        }
        // What rendering the conversation freed goes back before the next one is read.
        defer { FreedMemory.giveBack() }
        var conversation = conversation
        if let scope {
            // A conversation the scope leaves out goes no further; one cut to the scope's days is digested anew.
            var matched = Set<String>()
            let count = conversation.imported.conversation.messages.count
            guard scope.includes(&conversation.imported.conversation, matched: &matched) else {
                self.matched.scope.formUnion(matched)
                self.count("conversations left out by scope")
                return
            }
            self.matched.scope.formUnion(matched)
            outcome.scope = matched
            let cut = count - conversation.imported.conversation.messages.count
            if cut > 0 {
                conversation.imported.messageDigests = nil
                self.count("messages left out by scope", cut)
            }
        }
        for index in stages.indices where index > from {
            current = index
            let stageStarted = DispatchTime.now().uptimeNanoseconds
            try stages[index].process(&conversation, in: self)
            summary.stages[index].seconds += Double(DispatchTime.now().uptimeNanoseconds - stageStarted) / 1e9
        }
    }

    // MARK: - The runner

    /// Runs every stage in order; an error names the stage it came from unless it names a file.
    func run(_ stages: [any BuildStage]) throws {
        self.stages = stages
        summary.stages = stages.map { StageReport(name: $0.name) }
        for (index, stage) in stages.enumerated() {
            current = index
            handOnNanoseconds = 0
            if index > 0 { FreedMemory.giveBack() }
            let started = DispatchTime.now().uptimeNanoseconds
            do {
                try stage.run(in: self)
            } catch var error as TranscriptsError where error.file == nil && !Self.standardNames.contains(stage.name) {
                error.message = "in the build stage \"\(stage.name)\": " + error.message
                throw error
            }
            let spent = DispatchTime.now().uptimeNanoseconds - started - handOnNanoseconds
            summary.stages[index].seconds += Double(spent) / 1e9
        }
    }

    private static let standardNames: Set<String> = Set(BuildStages.standard.map(\.name) + [ShardStage().name, "assemble"])
}

extension BuildContext {
    /// `part` moved out of memory into the build's own folder when it is big enough to be worth its files (see
    /// `SearchConversationPart.moveOut(to:)`): the parts of a site's conversations wait for the index without
    /// adding up in memory.
    func waitingForTheIndex(_ part: SearchConversationPart) throws -> SearchConversationPart {
        guard let folder = renderer.documentSpill, part.documents.count >= Self.partsMovedOutFrom else { return part }
        var part = part
        try part.moveOut(to: folder)
        return part
    }

    /// From how many documents a part is moved out of memory: a smaller one costs less than its three files
    /// (their mappings count against the system's limit per process).
    static let partsMovedOutFrom = 1024
}

/// A conversation's share of the search index: rendered now, or stored in the build cache (read only when
/// the index has to be built again).
enum SearchSource {
    /// Rendered now, with the conversation's previous part when its pages could be taken over.
    case part(SearchConversationPart, key: String?, previous: SearchConversationPart? = nil)
    case cached(name: String, key: String)
    /// Made by another shard (`--shard K/N`): it takes its number in the index, which `assemble` writes.
    case elsewhere
    /// Stored in a part of the site (`assemble`), at this file.
    case stored(URL)

    var key: String? {
        switch self {
        case .part(_, let key, _): key
        case .cached(_, let key): key
        case .elsewhere, .stored: nil
        }
    }
}
