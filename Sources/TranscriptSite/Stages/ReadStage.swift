import TranscriptImport
import TranscriptModel

/// Reads the exports, in order, and hands each conversation on to the stages after it as it is read. An
/// export whose files did not change since the previous build is not read at all when the build cache can
/// take all of its conversations over (`takeOverUnread`); of a changed export, a conversation whose source
/// (its bytes and place, as its importer names them) did not change is taken over without being parsed
/// (`takeOverSource`). An export that holds no conversation is an error: a site with nothing to show is never
/// written over the previous one.
public struct ReadStage: BuildStage {
    public let name = "read"

    public init() {}

    public func run(in context: BuildContext) throws {
        let exports = context.inputs.exports
        for (position, export) in exports.enumerated() {
            context.progress("[\(position + 1)/\(exports.count)] \(export.source.displayPath)")
            let fingerprint = context.fingerprintBeforeReading(export)
            defer {
                context.exportBytesDone += context.exportBytes.indices.contains(position) ? context.exportBytes[position] : 0
                context.reportProgress()
            }
            if try context.takeOverUnread(export, fingerprint: fingerprint) {
                context.count("exports taken over")
                continue
            }
            context.exportRecords = []
            var conversations = 0
            // A conversation whose source the previous build read from this export is offered to the cache first.
            var importContext = context.importContext
            importContext.sourceKeysThatMayBeReused = context.sourceKeysThatMayBeReused(of: export)
            try export.importer.importConversations(
                from: export.source, context: importContext,
                reusing: { sourceKey in
                    guard try context.takeOverSource(sourceKey, of: export) else { return false }
                    conversations += 1
                    return true
                }
            ) { imported in
                conversations += 1
                context.count("conversations")
                context.count("messages", imported.conversation.messages.count)
                try context.handOn(ReadConversation(imported: imported, export: export))
            }
            guard conversations > 0 else {
                throw TranscriptsError(
                    file: export.source.displayPath, message: "this \(export.importer.format) export holds no conversation")
            }
            context.noteRead(export, fingerprint: fingerprint)
        }
    }
}
