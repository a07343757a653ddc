import TranscriptModel
import TranscriptSupport

/// What a shard's build keeps of the site as the conversations come: which shard each one goes to, and each
/// one's place (its folder, and for its own its record), for the part's description (`SitePart`).
struct ShardPlan {
    let selection: ShardSelection
    var assignment: ShardAssignment
    private(set) var conversations: [SitePart.Conversation] = []

    init(selection: ShardSelection) {
        self.selection = selection
        assignment = ShardAssignment(count: selection.count)
    }

    mutating func note(_ conversation: SitePart.Conversation) {
        conversations.append(conversation)
    }
}

extension BuildContext {
    /// Gives a conversation its shard: the shard's number when it is this build's own (and still to be
    /// rendered), else nil once it took its place (its id, folder and search number) as a whole build gives it.
    func placeForShard(_ conversation: Conversation, file displayPath: String) throws -> Int? {
        let shard = shardPlan!.assignment.assign(messageCount: conversation.messages.count)
        guard shard != shardPlan!.selection.number else { return shard }
        try checkPlace(of: conversation, file: displayPath)
        let slug = slugs.slug(for: conversation.id)
        if configuration.search.indexes(conversation: conversation.id) { searchSources.append(.elsewhere) }
        shardPlan!.note(SitePart.Conversation(id: conversation.id, slug: slug, shard: shard, file: displayPath, record: nil))
        count("conversations of other shards")
        return nil
    }

    /// Notes a conversation this shard rendered (or took over) and the name of its record.
    func noteShardConversation(_ id: String, shard: Int, file displayPath: String, record: String?) throws {
        guard let record, let slug = books.slugs[id] else {
            throw TranscriptsError(
                file: cache?.folder.path ?? workspace.path,
                message: "the record of the conversation \"\(id)\" could not be written for the part; is the disk full?")
        }
        shardPlan!.note(SitePart.Conversation(id: id, slug: slug, shard: shard, file: displayPath, record: record))
    }
}
