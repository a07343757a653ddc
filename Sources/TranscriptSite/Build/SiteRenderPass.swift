import Foundation
import TranscriptImport
import TranscriptModel
import TranscriptRender
import TranscriptSearch

/// One build's walk over the exports: each conversation is rendered into the staging folder, or, when the
/// build cache shows that nothing it depends on changed, its files are taken over from the previous output
/// unrendered. Then the pages that show every conversation (the index, the search index) are written.
///
/// Both ways leave the same state behind (the same folders, search numbers, cards, counts and warnings, in
/// the same order), so an incremental build writes the same bytes as a clean one.
final class SiteRenderPass {
    private let configuration: SiteConfiguration
    private let templates: TemplateSet
    private let output: OutputDirectory
    private let cache: BuildCache?
    private let renderer: ConversationRenderer
    private let context: ImportContext
    private let media: MediaCopier
    private let progress: (@Sendable (String) -> Void)?

    package private(set) var summary = BuildSummary()
    private var slugs = SlugRegistry()
    private var seenIDs: [String: String] = [:]
    private var cards: [(summary: ConversationSummary, newest: Double)] = []
    /// The conversations' shares of the search index, in order: rendered now, or stored in the cache (read
    /// only when the index has to be built again).
    private var searchSources: [SearchSource] = []

    private enum SearchSource {
        /// Rendered now, with the conversation's previous part when its pages could be taken over.
        case part(SearchConversationPart, key: String?, previous: SearchConversationPart? = nil)
        case cached(name: String, key: String)

        var key: String? {
            switch self {
            case .part(_, let key, _): key
            case .cached(_, let key): key
            }
        }
    }

    init(
        configuration: SiteConfiguration, templates: TemplateSet, renderer: ConversationRenderer, output: OutputDirectory,
        cache: BuildCache?, progress: (@Sendable (String) -> Void)?
    ) {
        self.configuration = configuration
        self.templates = templates
        self.renderer = renderer
        self.output = output
        self.cache = cache
        self.progress = progress
        context = ImportContext(timeZone: configuration.timeZone, me: configuration.me)
        media = MediaCopier(output: output)
        media.recordsDependencies = cache != nil
    }

    /// Renders (or takes over) every conversation of the exports, in order, then the site's own pages.
    package func run(_ inputs: ExportFinder.Result) throws -> BuildSummary {
        summary.warnings = inputs.warnings
        for (position, export) in inputs.exports.enumerated() {
            progress?("[\(position + 1)/\(inputs.exports.count)] \(export.source.displayPath)")
            try add(export)
        }
        try writeSitePages()
        return summary
    }

    // MARK: - Exports

    private func add(_ export: ExportFinder.Found) throws {
        let exportPath = Self.cachePath(of: export)
        let fingerprint = cache.flatMap { _ in ExportFingerprint.of(export.origin) }
        if let cache, let fingerprint, let previous = cache.previous?.exports[exportPath],
           previous.fingerprint == fingerprint, previous.format == export.importer.format,
           let reused = try reuseUnread(previous.records, of: export)
        {
            cache.note(export: exportPath, previous, keys: reused)
            return
        }
        var names: [String?] = []
        var keys: [String] = []
        try export.importer.importConversations(from: export.source, context: context) { imported in
            let added = try add(imported, of: export)
            names.append(added.record)
            keys.append(added.key ?? "")
        }
        if let cache, !names.contains(nil) {
            cache.note(
                export: exportPath,
                BuildManifest.Export(format: export.importer.format, fingerprint: fingerprint, records: names.map { $0! }),
                keys: keys)
        }
    }

    /// Takes over every conversation of an export that did not change since the previous build, without
    /// reading it, when all of them can be: their keys, or nil (and nothing done) when one cannot.
    private func reuseUnread(_ names: [String], of export: ExportFinder.Found) throws -> [String]? {
        guard let cache else { return nil }
        var slugs = self.slugs
        var seenIDs = self.seenIDs
        var searchNumber = searchSources.count
        var reusable: [(record: ConversationRecord, part: SearchSource?)] = []
        for name in names {
            guard let record = cache.record(named: name), seenIDs[record.id] == nil, record.file == Self.cachePath(of: export)
            else { return nil }
            seenIDs[record.id] = export.source.displayPath
            let indexed = configuration.search.indexes(conversation: record.id)
            guard slugs.slug(for: record.id) == record.slug, record.searchNumber == (indexed ? searchNumber : nil),
                  isReusable(record)
            else { return nil }
            var part: SearchSource?
            if indexed {
                guard cache.hasSearchPart(named: name, of: record) else { return nil }
                part = .cached(name: name, key: record.key)
                searchNumber += 1
            }
            reusable.append((record, part))
        }
        self.slugs = slugs
        self.seenIDs = seenIDs
        for (record, part) in reusable { try adopt(record, searchPart: part, displayPath: export.source.displayPath) }
        return reusable.map(\.record.key)
    }

    // MARK: - Conversations

    /// Renders one conversation, or takes it over when the cache has it: its record's name and key (nil
    /// without a cache).
    private func add(_ imported: ImportedConversation, of export: ExportFinder.Found) throws -> (record: String?, key: String?) {
        let conversation = imported.conversation
        let displayPath = export.source.displayPath
        if let other = seenIDs[conversation.id] {
            throw TranscriptsError(
                file: displayPath, path: "id",
                message: "the conversation id \"\(conversation.id)\" is also used by \(other); ids must be unique in a site"
                    + (export.importer.format == "discord"
                        ? " (exports of one Discord channel are merged when they are in one folder: give the folder as the input)" : ""))
        }
        seenIDs[conversation.id] = displayPath
        let slug = slugs.slug(for: conversation.id)
        let searchNumber = configuration.search.indexes(conversation: conversation.id) ? searchSources.count : nil
        guard let cache else {
            let rendered = try render(imported, slug: slug, searchNumber: searchNumber, file: displayPath)
            if let part = rendered.searchPart { searchSources.append(.part(part, key: nil)) }
            return (nil, nil)
        }
        let exportPath = Self.cachePath(of: export)
        let (key, messageDigests) = ConversationRecord.key(
            of: conversation, slug: slug, searchNumber: searchNumber, file: exportPath, mediaFolder: imported.mediaFolder,
            format: export.importer.format, sourceDigests: imported.messageDigests)
        if let (name, record) = cache.record(withKey: key), isReusable(record) {
            if searchNumber == nil || cache.hasSearchPart(named: name, of: record) {
                try adopt(record, searchPart: searchNumber == nil ? nil : .cached(name: name, key: key), displayPath: displayPath)
                return (name, key)
            }
        }
        _ = media.takeDependencies()
        // The conversation's previous rendering, whose unchanged pages can be taken over.
        let previous = cache.previous?.exports[exportPath]?.records.lazy.compactMap { name in
            cache.record(named: name).map { (name: name, record: $0) }
        }.first { $0.record.id == conversation.id && $0.record.slug == slug && $0.record.searchNumber == searchNumber }
        // When only what pages look like changed, the conversation's share of the search index still holds.
        let knownSearchPart = searchNumber != nil && cache.previous == nil ? cache.contentSearchPart(withKey: key) : nil
        var record = try render(
            imported, slug: slug, searchNumber: searchNumber, file: displayPath, exportPath: exportPath, previous: previous,
            messageDigests: messageDigests, knownSearchPart: knownSearchPart)
        if let part = record.searchPart { searchSources.append(.part(part, key: key, previous: record.previousSearchPart)) }
        record.record.key = key
        record.record.dependencies = media.takeDependencies()
        record.record.media = Array(Set(record.record.dependencies.compactMap(\.sitePath))).sorted()
        for path in record.record.files.keys {
            guard let stamp = output.stampOfMade(path) else { return (nil, key) }
            record.record.files[path] = stamp
        }
        return (cache.store(record.record, searchPart: record.searchPart), key)
    }

    /// Whether the previous output still holds a record's files as they were written, and every file its
    /// export names would be found as before.
    private func isReusable(_ record: ConversationRecord) -> Bool {
        record.files.allSatisfy { output.previousStamp($0.key) == $0.value }
            && record.media.allSatisfy { output.previousStamp($0) != nil }
            && record.dependencies.allSatisfy { $0.isUnchanged(realFolders: &realFolders) }
    }

    /// Real paths of media folders, by the path importers give.
    private var realFolders: [String: String] = [:]

    /// The path the build cache knows an export by: absolute, so that the cache does not depend on the folder
    /// the build runs in (the summary shows paths relative to it).
    private static func cachePath(of export: ExportFinder.Found) -> String {
        export.origin.standardizedFileURL.path
    }

    /// Takes a conversation's files over from the previous output and counts it as the rendering did (its
    /// export shown as `displayPath`).
    private func adopt(_ record: ConversationRecord, searchPart: SearchSource?, displayPath: String) throws {
        for path in record.files.keys.sorted() {
            guard try output.link(path) else { throw Self.vanished(path, in: output) }
        }
        for path in record.media {
            guard try media.adopt(path) else { throw Self.vanished(path, in: output) }
        }
        if let searchPart { searchSources.append(searchPart) }
        summary.warnings += record.warnings.map { ConversationRecord.warning($0, showing: displayPath) }
        summary.missingMedia += record.missingMedia
        cards.append((record.summary, record.newest ?? -.infinity))
        summary.pages += record.pages
        summary.messagesRead += record.messagesRead
        summary.messagesRendered += record.messagesRendered
        summary.unsupportedMessages += record.unsupportedMessages
        summary.conversations.append(
            BuildSummary.ConversationCount(
                title: record.title, file: displayPath, messagesRead: record.messagesRead,
                messagesRendered: record.messagesRendered))
        summary.conversationsReused += 1
        summary.pagesReused += record.pages
    }

    private static func vanished(_ path: String, in output: OutputDirectory) -> TranscriptsError {
        TranscriptsError(
            file: output.destination.appendingPathComponent(path).path,
            message: "this file of the previous output went away during the build; build again (or with --clean)")
    }

    /// Renders a conversation into the staging folder: the record of what it gave (without its key, stamps
    /// and media look-ups, which the caller adds) and its share of the search index.
    private func render(
        _ imported: ImportedConversation, slug: String, searchNumber: Int?, file displayPath: String, exportPath: String = "",
        previous: (name: String, record: ConversationRecord)? = nil, messageDigests: [UInt64] = [],
        knownSearchPart: SearchConversationPart? = nil
    ) throws -> (record: ConversationRecord, searchPart: SearchConversationPart?, previousSearchPart: SearchConversationPart?) {
        let conversation = imported.conversation
        let warningsBefore = summary.warnings.count
        let missingBefore = summary.missingMedia
        let path = "c/\(slug)/index.html"
        var avatars: [String: String] = [:]
        for participant in conversation.participants {
            guard let avatar = participant.avatar else { continue }
            switch media.copyImage(avatar, from: imported.mediaFolder) {
            case .success(let sitePath): avatars[participant.id] = "../../" + sitePath
            case .failure(let refusal):
                summary.warnings.append("\(displayPath): the avatar of \(participant.id) (\(avatar)) \(refusal); initials are shown")
            }
        }
        let copied = MessageMedia.copy(conversation.messages, from: imported.mediaFolder, with: media)
        if !copied.problems.isEmpty {
            let listed = copied.problems.prefix(3).map { "\($0.path) (\($0.reason))" }.joined(separator: ", ")
            summary.warnings.append(
                "\(displayPath): \(copied.problems.count) media file\(copied.problems.count == 1 ? " is" : "s are") missing or refused, shown as placeholders: \(listed)\(copied.problems.count > 3 ? ", ..." : "")")
            summary.missingMedia += copied.problems.count
        }
        let searchTarget = searchNumber.map { ConversationRenderer.SearchTarget(number: $0, folder: "c/\(slug)/") }
        var files: [String: FileStamp] = [:]
        let zero = FileStamp(size: 0, modified: 0, inode: 0, device: 0)
        var rendering: PreviousRendering?
        if let cache, let previous, let memos = previous.record.pageMemos {
            let output = self.output
            rendering = PreviousRendering(
                pages: memos,
                searchPart: searchNumber == nil || !cache.hasSearchPart(named: previous.name, of: previous.record)
                    ? nil : cache.searchPart(named: previous.name),
                takeOver: { file in
                    let path = "c/\(slug)/" + file
                    guard let stamp = previous.record.files[path], output.previousStamp(path) == stamp, try output.link(path)
                    else { return false }
                    files[path] = zero
                    return true
                })
        }
        let rendered = try renderer.render(
            conversation, file: displayPath, url: path, root: "../../", avatarImages: avatars, media: copied.media,
            search: searchTarget, knownSearchPart: knownSearchPart, memoizesPages: cache != nil, previous: rendering,
            messageDigests: messageDigests
        ) { file, parts in
            try output.write(parts, to: "c/\(slug)/" + file)
            files["c/\(slug)/" + file] = zero
        }
        let newest = conversation.messages.map(\.date.secondsSince1970).max()
        cards.append((rendered.summary, newest ?? -.infinity))
        let unsupported = conversation.messages.filter {
            if case .unsupported = $0.kind { return true } else { return false }
        }.count
        summary.pages += rendered.pages
        summary.messagesRead += conversation.messages.count
        summary.messagesRendered += rendered.rowsRendered
        summary.unsupportedMessages += unsupported
        summary.warnings += rendered.warnings
        summary.conversations.append(
            BuildSummary.ConversationCount(
                title: conversation.title, file: displayPath,
                messagesRead: conversation.messages.count, messagesRendered: rendered.rowsRendered))
        let record = ConversationRecord(
            key: "", id: conversation.id, title: conversation.title, slug: slug, searchNumber: searchNumber,
            file: exportPath, files: files, media: [], dependencies: [], summary: rendered.summary, newest: newest,
            pages: rendered.pages, messagesRead: conversation.messages.count, messagesRendered: rendered.rowsRendered,
            unsupportedMessages: unsupported, missingMedia: summary.missingMedia - missingBefore,
            warnings: summary.warnings[warningsBefore...].map { ConversationRecord.storedWarning($0, of: displayPath) }, hasSearchPart: rendered.search != nil,
            pageMemos: cache == nil ? nil : rendered.pageMemos)
        summary.pagesReused += rendered.pagesTakenOver
        return (record, rendered.search, rendering?.searchPart)
    }

    // MARK: - The site's own pages

    private func writeSitePages() throws {
        let site = SiteContext(
            siteTitle: configuration.title, pageTitle: configuration.title, lang: configuration.language,
            dir: configuration.isRightToLeft ? "rtl" : "ltr", root: "", hasSearch: configuration.search.enabled)
        if configuration.search.enabled {
            progress?("writing the search index")
            let statistics = try writeSearchIndex()
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
    }

    /// Writes `search/`: taken over from the previous output when the same conversations, unchanged and in the
    /// same order, made it (the index depends on nothing else that the build key does not cover), else built.
    private func writeSearchIndex() throws -> SearchIndexBuilder.Statistics {
        let keys = searchSources.map(\.key)
        var key: String?
        if cache != nil, !keys.contains(nil) {
            var hash = SHA256()
            hash.update("search index \(SearchIndexBuilder.formatVersion)")
            for conversation in keys { hash.update(conversation!) }
            key = hash.hexDigest
        }
        // The same conversations, and every file of the previous index still as that build wrote it (checked
        // before any is taken, so that a failed check leaves nothing half taken over).
        if let cache, let key, let previous = cache.previousSearch?.search, previous.key == key,
           let files = cache.previousSearchState()?.files(parts: previous.partKeys.count), files.count == previous.files,
           files.allSatisfy({ output.previousIsUnchanged("search/" + $0) })
        {
            for file in files {
                guard try output.link("search/" + file) else { throw Self.vanished("search/" + file, in: output) }
            }
            cache.noteSearch(previous)
            summary.searchIndexWork = .takenOver
            return SearchIndexBuilder.Statistics(
                documents: previous.documents, terms: previous.terms, files: previous.files, bytes: previous.bytes)
        }
        if let key, let statistics = try updateSearchIndex(key: key) {
            summary.searchIndexWork = .updated
            return statistics
        }
        summary.searchIndexWork = .built
        var index = SearchIndexBuilder()
        for source in searchSources {
            switch source {
            case .part(let part, _, _):
                index.add(part)
            case .cached(let name, _):
                guard let part = cache?.searchPart(named: name) else {
                    throw TranscriptsError(
                        file: cache?.folder.path ?? "", message: "a stored part of the search index cannot be read; build again with --clean")
                }
                index.add(part)
            }
        }
        // Document files made of the same documents as before are taken over without being made again.
        var reuse: SearchIndexBuilder.Reuse?
        if let cache, key != nil {
            reuse = SearchIndexBuilder.Reuse(
                partKeys: keys.compactMap { $0 }, previous: cache.previousSearchState()?.documentFiles ?? [],
                takeOver: takeOverPrevious)
        }
        let (statistics, state) = try index.write(
            timeZone: configuration.timeZone.identifier,
            locale: configuration.locale.identifier.replacingOccurrences(of: "_", with: "-"), reuse: reuse
        ) { path, contents in
            try output.write(contents, to: path)
        }
        if let cache, let key {
            cache.noteSearch(BuildManifest.Search(
                key: key, documents: statistics.documents, terms: statistics.terms, files: statistics.files, bytes: statistics.bytes,
                partKeys: keys.compactMap { $0 }, state: cache.storeSearchState(state)))
        }
        return statistics
    }

    /// Updates the previous build's search index in place when only conversations rendered now changed, and
    /// they kept their messages' number and times (see `SearchIndexUpdate`): its statistics, or nil when the
    /// index has to be built whole.
    private func updateSearchIndex(key: String) throws -> SearchIndexBuilder.Statistics? {
        guard let cache, let previous = cache.previousSearch?.search, previous.partKeys.count == searchSources.count,
              let state = cache.previousSearchState()
        else { return nil }
        var changes: [SearchIndexUpdate.Change] = []
        for (number, source) in searchSources.enumerated() where source.key != previous.partKeys[number] {
            guard case .part(let part, _, let old?) = source else { return nil }
            changes.append(.init(number: number, old: old, new: part))
        }
        let output = self.output
        let update = SearchIndexUpdate(
            previous: state,
            previousStatistics: .init(documents: previous.documents, terms: previous.terms, files: previous.files, bytes: previous.bytes),
            partKeys: searchSources.map { $0.key ?? "" }, changes: changes, timeZone: configuration.timeZone.identifier,
            locale: configuration.locale.identifier.replacingOccurrences(of: "_", with: "-"),
            read: { output.previousBytesIfUnchanged("search/" + $0) })
        guard let result = try update.run(), result.kept.allSatisfy({ output.previousIsUnchanged("search/" + $0) }) else { return nil }
        for path in result.kept {
            guard try output.link("search/" + path) else { throw Self.vanished("search/" + path, in: output) }
        }
        for file in result.files { try output.write(file.contents, to: file.path) }
        let statistics = result.statistics
        cache.noteSearch(BuildManifest.Search(
            key: key, documents: statistics.documents, terms: statistics.terms, files: statistics.files, bytes: statistics.bytes,
            partKeys: update.partKeys, state: cache.storeSearchState(result.state)))
        return statistics
    }

    /// Links the previous output's file at `path` when it still has `size` bytes.
    private func takeOverPrevious(_ path: String, size: Int) throws -> Bool {
        output.previousStamp(path)?.size == Int64(size) ? try output.link(path) : false
    }
}
