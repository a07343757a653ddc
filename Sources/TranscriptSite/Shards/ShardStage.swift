import Foundation
import TranscriptSupport

/// Ends a shard's build (`--shard K/N`) before `commit`: writes the part's description and its conversations'
/// records (`transcripts-part/`, see `SitePart`) beside their pages, for `transcripts assemble`.
struct ShardStage: BuildStage {
    let name = "part"

    func run(in context: BuildContext) throws {
        guard let plan = context.shardPlan, let cache = context.cache else { return }
        context.progress("writing the part")
        guard cache.finishWriting() else {
            throw TranscriptsError(file: cache.folder.path, message: "the conversations' records could not be written for the part; is the disk full?")
        }
        // The records are named by their conversation's place, so that the same part is the same files.
        var conversations = plan.conversations
        for (position, conversation) in conversations.enumerated() {
            guard let stored = conversation.record else { continue }
            let name = String(position)
            for suffix in [BuildCache.recordSuffix, BuildCache.searchSuffix] {
                let file = cache.recordFile(stored, suffix: suffix)
                guard FileManager.default.fileExists(atPath: file.path) else { continue }
                let data: Data
                do {
                    data = try Data(contentsOf: file, options: .alwaysMapped)
                } catch {
                    throw TranscriptsError(file: file.path, message: "cannot read the conversation's record (\(TranscriptsError.sentence(for: error)))")
                }
                try context.output.write(data, to: "\(SitePart.folderName)/records/\(name)\(suffix)")
            }
            conversations[position].record = name
        }
        let part = SitePart(
            key: context.partKey, shard: plan.selection, conversations: conversations,
            scopeMatched: context.matched.scope.sorted(), exclusionsMatched: context.matched.exclusions.sorted(),
            personKeysMatched: context.matched.personKeys.sorted())
        try context.output.write(try part.encoded(), to: SitePart.folderName + "/" + SitePart.fileName)
        context.count("conversations", conversations.filter { $0.record != nil }.count)
    }
}
