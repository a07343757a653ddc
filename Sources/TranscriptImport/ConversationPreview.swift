/// A conversation of an export named before it is read (`ExportImporter.conversationPreviews(in:context:)`):
/// what a build in shards needs to pass over a conversation another shard renders.
public struct ConversationPreview: Sendable, Equatable {
    /// The id the conversation will have once read.
    public var id: String
    /// The key `importConversations(from:context:reusing:_:)` offers it by (`ImportedConversation.sourceKey`).
    public var sourceKey: String
    /// Its size in bytes in the export, which shares conversations out among shards.
    public var bytes: Int

    public init(id: String, sourceKey: String, bytes: Int) {
        self.id = id
        self.sourceKey = sourceKey
        self.bytes = bytes
    }
}
