import TranscriptModel

/// Changes a conversation before anything of it is rendered, so that pages, search, feeds and the report
/// all see the same messages: the one place for that. It applies its transforms in order, then the
/// config's `privacy:` settings (`PrivacyTransform`) when they change conversations.
public struct TransformStage: BuildStage {
    public let name = "transform"
    /// The changes to make, in order.
    public var transforms: [any ConversationTransform]

    public init(transforms: [any ConversationTransform] = []) {
        self.transforms = transforms
    }

    public var fingerprint: String {
        transforms.map(\.fingerprint).joined(separator: "\n")
    }

    public func process(_ conversation: inout ReadConversation, in context: BuildContext) throws {
        // Who is who first, so that pseudonyms and exclusions see each person under their one name.
        if let people = context.people {
            let outcome = people.apply(to: &conversation.imported.conversation)
            context.outcome.people = outcome
            context.matched.personKeys.formUnion(outcome.matchedKeys)
            // The importer's digests are of the messages as read: they stand while no message changed.
            if outcome.changedMessages { conversation.imported.messageDigests = nil }
        }
        let transforms = self.transforms + (context.privacy.map { [$0] } ?? [])
        guard !transforms.isEmpty else { return }
        for transform in transforms {
            try transform.transform(&conversation.imported.conversation, in: context)
        }
        // The digests were of the messages as read; the cache digests the changed model instead.
        conversation.imported.messageDigests = nil
        context.count("conversations")
    }
}

/// One change a build makes to every conversation before it is rendered (a `TransformStage` applies it).
public protocol ConversationTransform: Sendable {
    /// What the transform does, as text that changes with it (its settings): part of the build cache's key.
    var fingerprint: String { get }
    /// Changes `conversation`; warnings go to `context.warn(_:)`.
    func transform(_ conversation: inout Conversation, in context: BuildContext) throws
}
