import TranscriptImport
import TranscriptModel
import TranscriptSupport

/// What a shard's build keeps of the site as the conversations come: which shard each one goes to, and each
/// one's place (its folder, and for its own its record), for the part's description (`SitePart`).
struct ShardPlan {
    let selection: ShardSelection
    var assignment: ShardAssignment
    private(set) var conversations: [SitePart.Conversation] = []
    /// The conversations of the export being read that were shared out before it was read (by their previews,
    /// by source key): each one's shard and preview.
    var sharedOut: [String: (shard: Int, preview: ConversationPreview)] = [:]

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
    func placeForShard(_ conversation: Conversation, sourceKey: String?, file displayPath: String) throws -> Int? {
        if let sourceKey, let shared = shardPlan!.sharedOut.removeValue(forKey: sourceKey) {
            // Shared out by its preview before it was read: it is this shard's, and read as its preview said.
            guard shared.preview.id == conversation.id else {
                throw TranscriptsError(
                    file: displayPath,
                    message: "the conversation \"\(conversation.id)\" was named \"\(shared.preview.id)\" before it was read; build without --shard")
            }
            return shared.shard
        }
        let shard = shardPlan!.assignment.assign(weight: conversation.messages.count)
        guard shard != shardPlan!.selection.number else { return shard }
        try checkPlace(of: conversation, file: displayPath)
        placeElsewhere(conversation.id, shard: shard, file: displayPath)
        return nil
    }

    /// Gives a conversation of another shard, whose id was claimed, the folder and search number a whole build
    /// gives it, and notes it for the part.
    private func placeElsewhere(_ id: String, shard: Int, file displayPath: String) {
        let slug = rendered.slugs.slug(for: id)
        if configuration.search.indexes(conversation: id) { rendered.searchSources.append(.elsewhere) }
        shardPlan!.note(SitePart.Conversation(id: id, slug: slug, shard: shard, file: displayPath, record: nil))
        count("conversations of other shards")
    }

    /// Shares out the conversations of an export its importer can name before reading them, when nothing
    /// between reading and rendering could leave one out, rename or gather it (no `scope:`, no person shown
    /// `together`, not gathered for merging): each goes to the shard with the fewest bytes so far. The source
    /// keys of the conversations of other shards, which the importer is to pass over; nil when the export is
    /// read whole (its conversations are then shared out by their messages as they are rendered).
    func shareOut(_ export: ExportFinder.Found, gathered: Bool, importContext: ImportContext) throws -> Set<String>? {
        guard let plan = shardPlan, !gathered, scope == nil, configuration.merge.isEmpty,
              people?.directory.people.contains(where: \.together) != true,
              let previews = try export.importer.conversationPreviews(in: export.source, context: importContext)
        else { return nil }
        var others = Set<String>()
        for preview in previews {
            let shard = shardPlan!.assignment.assign(weight: preview.bytes)
            shardPlan!.sharedOut[preview.sourceKey] = (shard, preview)
            if shard != plan.selection.number { others.insert(preview.sourceKey) }
        }
        count("conversations shared out unread", previews.count)
        return others
    }

    /// Passes over a conversation of another shard that `shareOut` named, as the importer offers it: it takes its
    /// place (its id, folder and search number) as a whole build gives it, unread. Whether it did.
    func passOverForShard(_ sourceKey: String, file displayPath: String) throws -> Bool {
        guard let plan = shardPlan, let shared = plan.sharedOut[sourceKey], shared.shard != plan.selection.number else { return false }
        shardPlan!.sharedOut[sourceKey] = nil
        let id = shared.preview.id
        try claim(id, file: displayPath)
        placeElsewhere(id, shard: shared.shard, file: displayPath)
        return true
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
