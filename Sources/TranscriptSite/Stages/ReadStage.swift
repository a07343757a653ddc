import Foundation
import TranscriptImport
import TranscriptModel

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
                context.exportBytesDone += context.exportBytes.indices.contains(position) ? context.exportBytes[position] : 0
                context.reportProgress()
            }
            let gathers = merging.gathers(position)
            if !gathers, try context.takeOverUnread(export, fingerprint: fingerprint) {
                context.count("exports taken over")
                continue
            }
            context.exportRecords = []
            var conversations = 0
            // A conversation whose source the previous build read from this export is offered to the cache first.
            var importContext = context.importContext
            importContext.sourceKeysThatMayBeReused = gathers ? [] : context.sourceKeysThatMayBeReused(of: export)
            try export.importer.importConversations(
                from: export.source, context: importContext,
                reusing: { sourceKey in
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
                if gathers {
                    try gathered.add(ConversationMerge.Part(
                        imported: imported, file: export.source.displayPath, position: position,
                        contentIDs: export.importer.messageIDsAreContent))
                } else {
                    try context.handOn(ReadConversation(imported: imported, export: export))
                }
            }
            guard conversations > 0 else {
                throw TranscriptsError(
                    file: export.source.displayPath, message: "this \(export.importer.format) export holds no conversation")
            }
            if !gathers { context.noteRead(export, fingerprint: fingerprint) }
        }
        // Each id's readings are read back and merged on a thread of their own while the one before is rendered.
        let ids = gathered.ids
        func prepare(_ id: String) -> BackgroundWork<(parts: [ConversationMerge.Part], merged: ConversationMerge.Outcome?)> {
            BackgroundWork {
                let parts = try gathered.take(id)
                return (parts, parts.count > 1 ? ConversationMerge.merge(parts) : nil)
            }
        }
        var next = ids.first.map(prepare)
        for (position, id) in ids.enumerated() {
            let (parts, outcome) = try next!.result()
            next = position + 1 < ids.count ? prepare(ids[position + 1]) : nil
            guard let merged = outcome else {
                try context.handOn(ReadConversation(imported: parts[0].imported, export: exports[parts[0].position], mergedAs: id))
                continue
            }
            context.summary.merges.append(merged.report)
            context.count("conversations merged")
            // What rendering finds (missing media, ...) is said of all the exports, oldest first.
            var export = exports[merged.newestPosition]
            export.source.displayPath = merged.report.exports.joined(separator: " + ")
            try context.handOn(ReadConversation(imported: merged.imported, export: export, mergedAs: id))
        }
    }
}

/// Which exports of a build are read before their conversations go on, to be merged with those of the same id
/// in other exports: those of a format that more than one export has, or every export when the config's
/// `merge:` block changes ids.
struct MergeGrouping {
    private let gathered: [Bool]

    init(exports: [ExportFinder.Found], settings: MergeSettings) {
        var formats: [String: Int] = [:]
        for export in exports { formats[export.importer.format, default: 0] += 1 }
        gathered = exports.map { !settings.isEmpty || formats[$0.importer.format]! > 1 }
    }

    /// Whether the export at `position` is gathered.
    func gathers(_ position: Int) -> Bool { gathered[position] }
}
