/// Every display decision for a transcript, as in MessageKit's `MessagesDisplayDelegate`: each method has a
/// default, so a type that implements nothing gives a complete site, and one method changes one thing.
///
/// A delegate returns values, never HTML; the templates turn them into markup.
public protocol TranscriptDisplayDelegate: Sendable {
    /// Whether the message was sent by the archive's owner and is shown as outgoing, on the trailing side.
    /// - Note: By default, a message is outgoing when its sender is one of the ids in the config's `me`.
    func isFromArchiveOwner(_ message: Message, at index: Int, in context: DisplayContext) -> Bool

    /// Whether a date header is shown above the message.
    /// - Note: By default, above the first message and above every message sent more than the config's
    ///   `dateHeaderInterval` (default one hour) after the previous one.
    func showsDateHeader(for message: Message, at index: Int, in context: DisplayContext) -> Bool

    /// Whether the sender's name is shown above the message.
    /// - Note: By default, in group chats and channels, above an incoming message that starts a run of
    ///   messages from one sender (a different sender before it, or a date header above it).
    func showsSenderName(for message: Message, at index: Int, in context: DisplayContext) -> Bool
}

// MARK: - Default implementations

extension TranscriptDisplayDelegate {
    public func isFromArchiveOwner(_ message: Message, at index: Int, in context: DisplayContext) -> Bool {
        guard let sender = message.sender else { return false }
        return context.owners.contains(sender)
    }

    public func showsDateHeader(for message: Message, at index: Int, in context: DisplayContext) -> Bool {
        guard let previous = context.previousMessage(before: index) else { return true }
        let gap = message.date.secondsSince1970 - previous.date.secondsSince1970
        return gap > context.configuration.dateHeaderInterval
    }

    public func showsSenderName(for message: Message, at index: Int, in context: DisplayContext) -> Bool {
        guard context.conversation.kind != .direct, message.sender != nil,
              !isFromArchiveOwner(message, at: index, in: context)
        else { return false }
        guard let previous = context.previousMessage(before: index) else { return true }
        if case .system = previous.kind { return true }
        return previous.sender != message.sender || showsDateHeader(for: message, at: index, in: context)
    }
}

/// The display delegate that keeps every default.
public struct DefaultDisplayDelegate: TranscriptDisplayDelegate {
    public init() {}
}
