import TranscriptImport

/// Reads the exports, in order, and hands each conversation on to the stages after it as it is read. An
/// export whose files did not change since the previous build is not read at all when the build cache can
/// take all of its conversations over (`takeOverUnread`).
public struct ReadStage: BuildStage {
    public let name = "read"

    public init() {}

    public func run(in context: BuildContext) throws {
        let exports = context.inputs.exports
        for (position, export) in exports.enumerated() {
            context.progress("[\(position + 1)/\(exports.count)] \(export.source.displayPath)")
            let fingerprint = context.fingerprintBeforeReading(export)
            if try context.takeOverUnread(export, fingerprint: fingerprint) {
                context.count("exports taken over")
                continue
            }
            context.exportRecords = []
            try export.importer.importConversations(from: export.source, context: context.importContext) { imported in
                context.count("conversations")
                context.count("messages", imported.conversation.messages.count)
                try context.handOn(ReadConversation(imported: imported, export: export))
            }
            context.noteRead(export, fingerprint: fingerprint)
        }
    }
}
