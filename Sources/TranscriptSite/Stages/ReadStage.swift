import Foundation
import TranscriptImport
import TranscriptModel
import TranscriptRender
import TranscriptSupport

/// Reads the exports, in order, and hands each conversation on to the stages after it as it is read. An
/// export whose files did not change since the previous build is not read at all when the build cache can
/// take all of its conversations over (`takeOverUnread`); of a changed export, a conversation whose source
/// (its bytes and place, as its importer names them) did not change is taken over without being parsed
/// (`takeOverSource`). An export that holds no conversation is an error: a site with nothing to show is never
/// written over the previous one.
///
/// Exports that may hold the same conversation (two or more of one format, or any when the config's `merge:`
/// joins ids) are read first and their conversations gathered by id; after every export was read, each id's
/// readings are merged into one conversation (`ConversationMerge`) and handed on in the order of the ids, so
/// the order of the inputs changes nothing (see docs/archive.md).
public struct ReadStage: BuildStage {
    public let name = "read"

    public init() {}

    public func run(in context: BuildContext) throws {
        let exports = context.inputs.exports
        let merging = MergeGrouping(exports: exports, settings: context.configuration.merge)
        // The conversations gathered wait on disk, so that a build holds one at a time.
        let gathered = MergeStash(folder: context.workspace.appendingPathComponent("merge"))
        for (position, export) in exports.enumerated() {
            context.progress("[\(position + 1)/\(exports.count)] \(export.source.displayPath)")
            let fingerprint = context.fingerprintBeforeReading(export)
            defer {
                context.read.exportBytesDone += context.read.exportBytes.indices.contains(position) ? context.read.exportBytes[position] : 0
                context.reportProgress()
            }
            let gathers = merging.gathers(position)
            if !gathers, try context.takeOverUnread(export, fingerprint: fingerprint) {
                context.count("exports taken over")
                continue
            }
            context.read.exportRecords = []
            var conversations = 0
            // Whether a conversation of this export went into a person's timeline (`together`): such an export is
            // read again every build, as gathered ones are, so the timeline always has all of it.
            var fedTimeline = false
            // A conversation whose source the previous build read from this export is offered to the cache first.
            var importContext = context.importContext
            importContext.sourceKeysThatMayBeReused = gathers ? [] : context.sourceKeysThatMayBeReused(of: export)
            // A shard's build passes over, unread, the conversations its importer names for other shards.
            if context.shardPlan != nil, let others = try context.shareOut(export, gathered: gathers, importContext: importContext) {
                importContext.sourceKeysThatMayBeReused = others
            }
            try export.importer.importConversations(
                from: export.source, context: importContext,
                reusing: { sourceKey in
                    if context.shardPlan != nil, try context.passOverForShard(sourceKey, file: export.source.displayPath) {
                        conversations += 1
                        return true
                    }
                    guard !gathers, try context.takeOverSource(sourceKey, of: export) else { return false }
                    conversations += 1
                    return true
                }
            ) { imported in
                conversations += 1
                context.count("conversations")
                context.count("messages", imported.conversation.messages.count)
                var imported = imported
                imported.conversation.id = context.configuration.merge.id(
                    for: imported.conversation.id, exportAt: export.origin, site: context.options.site)
                // A chat of a person shown `together` waits under its person and app.
                let person = context.people?.togetherPerson(of: imported.conversation)
                if let person {
                    fedTimeline = true
                    imported.conversation.id = TogetherConversations.stashName(
                        person: person, app: export.importer.appName)
                }
                if gathers || person != nil {
                    try gathered.add(ConversationMerge.Part(
                        imported: imported, file: export.source.displayPath, position: position,
                        contentIDs: export.importer.messageIDsAreContent, family: export.importer.messageIDFamily))
                } else {
                    try context.handOn(ReadConversation(imported: imported, export: export))
                }
            }
            guard conversations > 0 else {
                throw TranscriptsError(
                    file: export.source.displayPath, message: "this \(export.importer.format) export holds no conversation")
            }
            // An export that fed a timeline is noted without its fingerprint: never taken over unread, its other
            // conversations are still taken over by their content.
            if !gathers { context.noteRead(export, fingerprint: fedTimeline ? nil : fingerprint) }
        }
        // Each id's readings are read back and merged; those of up to `mergedAheadBytes` on a thread of their own
        // while the conversation before is rendered, when that one is no bigger (`preparesAhead`): a big
        // conversation is never held beside another, so memory is bounded by the largest conversation.
        // A chat read twice under two ids (a WhatsApp text export and the phone's database) is one.
        let joined = gathered.joinSameChats { TogetherConversations.parse($0) != nil }
        if !joined.isEmpty { context.count("conversations joined by their messages", joined.count) }
        let ids = gathered.ids
        var ahead: BackgroundWork<Prepared>?
        var timeline: [(app: String, read: ReadConversation)] = []
        for (position, id) in ids.enumerated() {
            // One prepared ahead was small, and is no longer in the stash.
            let bytes = ahead != nil ? 0 : gathered.bytes(of: id)
            let prepared = try ahead?.result() ?? Self.prepare(id, from: gathered)
            ahead = nil
            if position + 1 < ids.count, Self.preparesAhead(bytes: gathered.bytes(of: ids[position + 1]), whileRendering: bytes) {
                let next = ids[position + 1]
                ahead = BackgroundWork { try Self.prepare(next, from: gathered) }
            }
            let read: ReadConversation
            switch prepared {
            case .single(let part):
                read = ReadConversation(imported: part.imported, export: exports[part.position], mergedAs: id)
            case .merged(let merged):
                var report = merged.report
                if let (person, app) = TogetherConversations.parse(id), let people = context.people {
                    report.conversation = "\(people.directory.people[person].name) (\(app))"
                }
                context.summary.merges.append(report)
                context.count("conversations merged")
                // What rendering finds (missing media, ...) is said of all the exports, oldest first.
                var export = exports[merged.newestPosition]
                export.source.displayPath = merged.report.exports.joined(separator: " + ")
                read = ReadConversation(imported: merged.imported, export: export, mergedAs: id)
            }
            // A person's apps wait until their last one was read, then go on as one conversation.
            if let (person, app) = TogetherConversations.parse(id) {
                timeline.append((app, read))
                let nextPerson = position + 1 < ids.count ? TogetherConversations.parse(ids[position + 1])?.person : nil
                guard nextPerson != person else { continue }
                try context.handOn(Self.timeline(of: person, timeline, in: context))
                timeline = []
                continue
            }
            try context.handOn(read)
        }
    }

    /// A person's conversations of several apps (`together`) as one, known to the cache by the person.
    private static func timeline(
        of person: Int, _ apps: [(app: String, read: ReadConversation)], in context: BuildContext
    ) -> ReadConversation {
        let directory = context.people!.directory
        let id = directory.people[person].id
        var imported = TogetherTimeline.gather(
            apps.map { TogetherTimeline.Part(app: $0.app, imported: $0.read.imported) }, id: id,
            title: directory.people[person].name)
        imported.conversation = context.people!.unifying(imported.conversation, person: person)
        // Rendering names every export it came from; the format is the one with the most messages.
        let largest = apps.max { $0.read.imported.conversation.messages.count < $1.read.imported.conversation.messages.count }!
        var export = largest.read.export
        export.source.displayPath = apps.map(\.read.export.source.displayPath).joined(separator: " + ")
        context.count("conversations gathered into timelines", apps.count)
        return ReadConversation(imported: imported, export: export, mergedAs: "person:" + id)
    }

    /// A gathered conversation ready to be handed on: read from one export, or merged from several (whose
    /// readings are let go once merged).
    private enum Prepared: Sendable {
        case single(ConversationMerge.Part)
        case merged(ConversationMerge.Outcome)
    }

    private static func prepare(_ id: String, from stash: MergeStash) throws -> Prepared {
        let parts = try stash.take(id)
        return parts.count == 1 ? .single(parts[0]) : .merged(ConversationMerge.merge(parts))
    }

    /// How many bytes of stashed readings a conversation may have to be merged while the one before is rendered.
    static let mergedAheadBytes = 32 << 20

    /// Whether a conversation of `bytes` stashed bytes is read back and merged while one of `rendered` bytes is
    /// rendered: when both are small. Beside the largest conversation even a small one would raise the build's
    /// peak by its own size; read after it, it costs only its reading's time.
    static func preparesAhead(bytes: Int, whileRendering rendered: Int) -> Bool {
        bytes <= mergedAheadBytes && rendered <= mergedAheadBytes
    }
}

/// Which exports of a build are read before their conversations go on, to be merged with those of the same id
/// in other exports: every export when the config's `merge:` block changes ids; else, of a format that more
/// than one export has, those whose ids meet another export's when the importer can tell the ids beforehand
/// (`ExportImporter.conversationIDs(in:)`), and all of them when it cannot; and every export of a family of
/// formats (`ExportImporter.messageIDFamily`) that the build has in more than one format, whose chats may be
/// one under two ids.
struct MergeGrouping {
    private let gathered: [Bool]

    init(exports: [ExportFinder.Found], settings: MergeSettings) {
        guard settings.isEmpty else {
            gathered = Array(repeating: true, count: exports.count)
            return
        }
        var result = Array(repeating: false, count: exports.count)
        let formats = Dictionary(grouping: exports.indices, by: { exports[$0].importer.format })
        for positions in formats.values where positions.count > 1 {
            let ids = positions.map { exports[$0].importer.conversationIDs(in: exports[$0].source).map(Set.init) }
            guard ids.allSatisfy({ $0 != nil }) else {
                for position in positions { result[position] = true }
                continue
            }
            var exportsOfID: [String: Int] = [:]
            for set in ids { for id in set! { exportsOfID[id, default: 0] += 1 } }
            for (position, set) in zip(positions, ids) where set!.contains(where: { exportsOfID[$0]! > 1 }) {
                result[position] = true
            }
        }
        var formatsOfFamily: [String: Set<String>] = [:]
        for export in exports {
            if let family = export.importer.messageIDFamily { formatsOfFamily[family, default: []].insert(export.importer.format) }
        }
        for (position, export) in exports.enumerated() {
            if let family = export.importer.messageIDFamily, formatsOfFamily[family]!.count > 1 { result[position] = true }
        }
        gathered = result
    }

    /// Whether the export at `position` is gathered.
    func gathers(_ position: Int) -> Bool { gathered[position] }
}
