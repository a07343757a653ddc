import TranscriptImport
import TranscriptModel

/// Reads the exports, in order, and hands each conversation on to the stages after it as it is read. An
/// export whose files did not change since the previous build is not read at all when the build cache can
/// take all of its conversations over (`takeOverUnread`). An export that holds no conversation is an error:
/// a site with nothing to show is never written over the previous one.
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
            try export.importer.importConversations(from: export.source, context: context.importContext) { imported in
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
