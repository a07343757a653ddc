import TranscriptModel

/// What a display decision can look at: the conversation, the message's neighbours and the site's settings
/// (MessageKit passes an index path and a collection view; a static page needs only this).
public struct DisplayContext: Sendable {
    /// The conversation being shown.
    public let conversation: Conversation
    /// The site's settings that display decisions read.
    public let configuration: DisplayConfiguration
    /// The participant ids of the archive's owner, for fast lookups.
    public let owners: Set<String>
    /// The display settings from `transcripts.yml` that apply to this conversation.
    public let resolver: DisplayResolver

    public init(conversation: Conversation, configuration: DisplayConfiguration) {
        self.conversation = conversation
        self.configuration = configuration
        self.owners = Set(configuration.me)
        self.resolver = DisplayResolver(configuration: configuration, conversationID: conversation.id)
    }

    private init(_ context: DisplayContext, resolver: DisplayResolver) {
        conversation = context.conversation
        configuration = context.configuration
        owners = context.owners
        self.resolver = resolver
    }

    /// This context with resolved display settings of its own, for work on another core
    /// (`DisplayResolver.withOwnResolvedSettings`).
    package func withOwnResolvedSettings() -> DisplayContext {
        DisplayContext(self, resolver: resolver.withOwnResolvedSettings())
    }

    /// The message after `index`, or nil for the last.
    public func nextMessage(after index: Int) -> Message? {
        index + 1 < conversation.messages.count ? conversation.messages[index + 1] : nil
    }

    /// The message at `index`.
    public func message(at index: Int) -> Message { conversation.messages[index] }

    /// The message before `index`, or nil for the first.
    public func previousMessage(before index: Int) -> Message? {
        index > 0 ? conversation.messages[index - 1] : nil
    }
}
