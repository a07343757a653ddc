import Foundation
import TranscriptImport
import TranscriptJSON
import TranscriptModel
import TranscriptRender
import TranscriptSearch
import TranscriptSupport

/// Renders each conversation into the staging folder as it comes from `read`: its month pages, timeline
/// and feed, and its share of the search index. The build cache is asked first: a conversation whose key
/// (its content, place and the build's settings) is the previous build's is taken over unrendered, and of a
/// changed one the month pages whose digests did not change are.
public struct RenderStage: BuildStage {
    public let name = "render"

    public init() {}

    public func process(_ conversation: inout ReadConversation, in context: BuildContext) throws {
        // A shard renders its own conversations; the others only take their places, as in a whole build.
        if context.shardPlan != nil {
            let displayPath = conversation.source.displayPath
            guard let shard = try context.placeForShard(
                conversation.imported.conversation, sourceKey: conversation.imported.sourceKey, file: displayPath)
            else { return }
            let record = try context.renderOrTakeOver(
                conversation.imported, of: conversation.export, cachePath: conversation.mergedAs.map(BuildContext.cachePath(ofMerged:)))
            try context.noteShardConversation(conversation.imported.conversation.id, shard: shard, file: displayPath, record: record.name)
            return
        }
        guard let id = conversation.mergedAs else {
            let record = try context.renderOrTakeOver(conversation.imported, of: conversation.export)
            context.read.exportRecords.append((record.name, record.key, conversation.imported.sourceKey))
            return
        }
        // A conversation gathered for merging is known to the cache by its id, whatever exports it came from.
        let cachePath = BuildContext.cachePath(ofMerged: id)
        let record = try context.renderOrTakeOver(conversation.imported, of: conversation.export, cachePath: cachePath)
        context.noteMerged(at: cachePath, format: conversation.format, record: record)
    }
}

extension BuildContext {
    /// Renders one conversation, or takes it over when the cache has it: its record's name and key (nil
    /// without a cache).
    func renderOrTakeOver(
        _ imported: ImportedConversation, of export: ExportFinder.Found, cachePath: String? = nil
    ) throws -> (name: String?, key: String?) {
        let conversation = imported.conversation
        try checkPlace(of: conversation, file: export.source.displayPath)
        let slug = rendered.slugs.slug(for: conversation.id)
        books.slugs[conversation.id] = slug
        let searchNumber = configuration.search.indexes(conversation: conversation.id) ? rendered.searchSources.count : nil
        return try renderOrTakeOver(imported, of: export, cachePath: cachePath, slug: slug, searchNumber: searchNumber)
    }

    /// Checks that a conversation can be shown: its id is the site's only one of it, and every time of its
    /// messages is one a calendar holds.
    func checkPlace(of conversation: Conversation, file displayPath: String) throws {
        try claim(conversation.id, file: displayPath)
        // Importers reject times no calendar holds; a conversation made otherwise (a custom importer or stage)
        // with one is an error here, not a trap where its pages are dated.
        if let index = Message.firstWithTimeNoCalendarHolds(in: conversation.messages) {
            let message = conversation.messages[index]
            let seconds = message.times.first { !$0.isRepresentable }!.secondsSince1970
            throw TranscriptsError(
                file: displayPath,
                message: "the message \"\(message.id)\" of the conversation \"\(conversation.id)\" has a time no calendar holds "
                    + "(\(JSONValue.number(seconds).displayText) seconds since 1970)")
        }
    }

    /// Notes that the conversation `id` is read from `displayPath`; an error when another conversation has it.
    func claim(_ id: String, file displayPath: String) throws {
        if let other = rendered.seenIDs[id] {
            throw TranscriptsError(
                file: displayPath, path: "id",
                message: "the conversation id \"\(id)\" is also used by \(other); ids must be unique in a site "
                    + "(conversations of one id are merged only within one format: give one of them another id, or join them, "
                    + "in transcripts.yml's merge: block; see docs/archive.md)")
        }
        rendered.seenIDs[id] = displayPath
    }

    /// Renders one conversation placed at `slug` with `searchNumber`, or takes it over when the cache has it.
    private func renderOrTakeOver(
        _ imported: ImportedConversation, of export: ExportFinder.Found, cachePath: String?, slug: String, searchNumber: Int?
    ) throws -> (name: String?, key: String?) {
        let conversation = imported.conversation
        let displayPath = export.source.displayPath
        guard let cache else {
            let rendered = try render(imported, slug: slug, searchNumber: searchNumber, file: displayPath, app: export.importer.appName)
            if let part = rendered.searchPart { self.rendered.searchSources.append(.part(try waitingForTheIndex(part), key: nil)) }
            return (nil, nil)
        }
        let exportPath = cachePath ?? Self.cachePath(of: export)
        let (key, messageDigests) = ConversationRecord.key(
            of: conversation, slug: slug, searchNumber: searchNumber, file: exportPath, mediaFolder: imported.mediaFolder,
            format: export.importer.format, sourceDigests: imported.messageDigests,
            warnings: imported.warnings.map { ConversationRecord.storedWarning($0, of: displayPath) },
            messageFolders: imported.messageFolders)
        if let (name, record) = cache.record(withKey: key), isReusable(record) {
            if searchNumber == nil || cache.hasSearchPart(named: name, of: record) {
                try takeOver(record, searchPart: searchNumber == nil ? nil : .cached(name: name, key: key), displayPath: displayPath)
                return (name, key)
            }
        }
        _ = media.takeDependencies()
        // The conversation's previous rendering, whose unchanged pages can be taken over.
        // A merged conversation read from one export before (the first added export merged it) is found there.
        let previous = cache.previous?.exports[exportPath].flatMap {
            cache.record(among: $0.records, id: conversation.id, slug: slug, searchNumber: searchNumber)
        } ?? (cachePath == nil ? nil : cache.previous.flatMap { previous in
            previous.exports.keys.sorted().lazy.compactMap { path in
                cache.record(among: previous.exports[path]!.records, id: conversation.id, slug: slug, searchNumber: searchNumber)
            }.first
        })
        // When only what pages look like changed, the conversation's share of the search index still holds.
        let knownSearchPart = searchNumber != nil && cache.previous == nil ? cache.contentSearchPart(withKey: key) : nil
        var record = try render(
            imported, slug: slug, searchNumber: searchNumber, file: displayPath, app: export.importer.appName,
            exportPath: exportPath, previous: previous,
            messageDigests: messageDigests, knownSearchPart: knownSearchPart)
        if let part = record.searchPart {
            rendered.searchSources.append(.part(try waitingForTheIndex(part), key: key, previous: record.previousSearchPart))
        }
        record.record.key = key
        record.record.dependencies = media.takeDependencies()
        record.record.media = Array(Set(record.record.dependencies.compactMap(\.sitePath))).sorted()
        for path in record.record.files.keys {
            guard let stamp = output.stampOfMade(path) else { return (nil, key) }
            record.record.files[path] = stamp
        }
        return (cache.store(record.record, searchPart: record.searchPart), key)
    }

    /// Renders a conversation into the staging folder: the record of what it gave (without its key, stamps
    /// and media look-ups, which the caller adds) and its share of the search index.
    private func render(
        _ imported: ImportedConversation, slug: String, searchNumber: Int?, file displayPath: String, app importerApp: String,
        exportPath: String = "",
        previous: (name: String, record: ConversationRecord)? = nil, messageDigests: [UInt64] = [],
        knownSearchPart: SearchConversationPart? = nil
    ) throws -> (record: ConversationRecord, searchPart: SearchConversationPart?, previousSearchPart: SearchConversationPart?) {
        let conversation = imported.conversation
        let warningsBefore = summary.warnings.count
        summary.warnings += imported.warnings
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
        // The messages' files are copied while the conversation's frame is made: in a long conversation, on a thread
        // of their own (both are mostly one core's work).
        let frame: ConversationFrame
        let copied: (media: [Int: MessageMedia], problems: [(path: String, reason: String)])
        if conversation.messages.count >= Self.mediaCopiedMeanwhileFrom {
            let copier = CopierOnItsOwnThread(copier: media)
            let messages = conversation.messages, folder = imported.mediaFolder, folders = imported.messageFolders
            let copying = BackgroundWork { MessageMedia.copy(messages, from: folder, folders: folders, with: copier.copier) }
            do {
                frame = try renderer.frame(
                    of: conversation, file: displayPath, root: "../../", publicID: conversationNaming?(conversation.id))
            } catch {
                _ = try? copying.result()
                throw error
            }
            copied = try copying.result()
        } else {
            copied = MessageMedia.copy(conversation.messages, from: imported.mediaFolder, folders: imported.messageFolders, with: media)
            frame = try renderer.frame(
                    of: conversation, file: displayPath, root: "../../", publicID: conversationNaming?(conversation.id))
        }
        try media.checkExifTool(file: displayPath)
        summary.warnings += media.takeMetadataWarnings().map { "\(displayPath): " + $0 }
        if let warning = MissingMedia.notIncludedWarning(MissingMedia.notIncluded(in: conversation), file: displayPath) {
            summary.warnings.append(warning)
        }
        if !copied.problems.isEmpty {
            let listed = copied.problems.prefix(3).map { "\($0.path) (\($0.reason))" }.joined(separator: ", ")
            summary.warnings.append(
                "\(displayPath): \(copied.problems.count) media file\(copied.problems.count == 1 ? " is" : "s are") missing or refused, shown as placeholders: \(listed)\(copied.problems.count > 3 ? ", ..." : "")")
            summary.missingMedia += copied.problems.count
        }
        let searchTarget = searchNumber.map { ConversationRenderer.SearchTarget(number: $0, folder: "c/\(slug)/") }
        var files: [String: FileStamp] = [:]
        let zero = FileStamp(size: 0, modified: 0, inode: 0, device: 0)
        let rendering = previous.flatMap { previous in
            previousRendering(of: previous, slug: slug, indexed: searchNumber != nil) { path in files[path] = zero }
        }
        let rendered = try renderer.render(
            frame, url: path, avatarImages: avatars, media: copied.media,
            search: searchTarget, knownSearchPart: knownSearchPart, recordsPages: cache != nil, previous: rendering,
            messageDigests: messageDigests
        ) { made in
            try output.write(all: made.map { ("c/\(slug)/" + $0.file, $0.parts) })
            for file in made { files["c/\(slug)/" + file.file] = zero }
        }
        let newest = conversation.messages.map(\.date.secondsSince1970).max()
        self.rendered.cards.append((rendered.summary, newest ?? -.infinity))
        // A conversation that gathers several apps (a person's chats together) names them all.
        var apps = Set<String>()
        for message in conversation.messages { if let app = message.app { apps.insert(app) } }
        let app = apps.isEmpty ? importerApp : apps.sorted().joined(separator: ", ")
        let parts = renderer.personParts(of: frame, media: copied.media, folder: "c/\(slug)/").map { part in
            var part = part
            part.app = app
            return part
        }
        self.rendered.personParts += parts
        let unsupported = conversation.messages.filter {
            if case .unsupported = $0.kind { return true } else { return false }
        }.count
        summary.pages += rendered.pages
        summary.messagesRead += conversation.messages.count
        summary.messagesRendered += rendered.rowsRendered
        reportProgress()
        summary.unsupportedMessages += unsupported
        summary.warnings += rendered.warnings
        summary.conversations.append(
            BuildSummary.ConversationCount(
                title: summaryTitle(conversation.title, slug: slug), file: displayPath,
                messagesRead: conversation.messages.count, messagesRendered: rendered.rowsRendered))
        let record = ConversationRecord(
            key: "", id: conversation.id, title: conversation.title, slug: slug, searchNumber: searchNumber,
            file: exportPath, files: files, media: [], dependencies: [], summary: rendered.summary, newest: newest,
            pages: rendered.pages, messagesRead: conversation.messages.count, messagesRendered: rendered.rowsRendered,
            unsupportedMessages: unsupported, missingMedia: summary.missingMedia - missingBefore,
            messagesRemoved: outcome.privacy.removed, exclusionsMatched: outcome.privacy.matchedExclusions.sorted(),
            css: rendered.css,
            warnings: summary.warnings[warningsBefore...].map { ConversationRecord.storedWarning($0, of: displayPath) }, hasSearchPart: rendered.search != nil,
            pageRecords: cache == nil ? nil : rendered.pageRecords, peopleFingerprint: peopleFingerprint, personParts: parts,
            personKeysMatched: outcome.people.matchedKeys.sorted(), scopeMatched: outcome.scope.sorted())
        summary.messagesRemoved += outcome.privacy.removed
        self.rendered.appearanceCSS.merge(rendered.css) { first, _ in first }
        // The next conversation starts from none.
        outcome = TransformOutcome()
        summary.pagesReused += rendered.pagesTakenOver
        count("conversations rendered")
        count("pages rendered", rendered.pages - rendered.pagesTakenOver)
        return (record, rendered.search, rendering?.searchPart)
    }

    /// From how many messages a conversation's files are copied on a thread of their own while its frame is made.
    static let mediaCopiedMeanwhileFrom = 8192
}

/// The media copier, used on the thread that copies a conversation's files while the thread that started it makes
/// the conversation's frame, which never reaches the copier (nor the output it writes to), and waits for the copy
/// before it does anything else.
private struct CopierOnItsOwnThread: @unchecked Sendable {
    let copier: MediaCopier
}
