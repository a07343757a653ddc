import TranscriptModel

/// Every display decision for a transcript, as in MessageKit's `MessagesDisplayDelegate`: each method has a
/// default, so a type that implements nothing gives a complete site, and one method changes one thing.
///
/// A delegate returns values (colours, styles, switches), never HTML; the templates turn them into markup.
/// The defaults read the settings of `transcripts.yml` (`display`, `conversations`, `rules`), so a delegate
/// that overrides a method decides that thing whatever the config says.
public protocol TranscriptDisplayDelegate: Sendable {
    /// Text that changes whenever the delegate's decisions may change (a version, its settings), kept by the
    /// build cache: a changed fingerprint renders every page again. Between builds with the same fingerprint
    /// and binary, a page is taken over only when the delegate decides the same for each of its messages.
    /// - Note: By default "", which is right while the delegate's decisions depend only on its stored
    ///   properties (they are part of the cache's key too) and its code.
    var fingerprint: String { get }

    // MARK: - All messages

    /// Whether the message was sent by the archive's owner and is shown as outgoing, on the trailing side.
    /// - Note: By default, a message is outgoing when its sender is one of the ids in the config's `me`.
    func isFromArchiveOwner(_ message: Message, at index: Int, in context: DisplayContext) -> Bool

    /// The display settings of the message from `transcripts.yml`, with the defaults filled in.
    /// - Note: The other defaults read their values from here.
    func display(for message: Message, at index: Int, in context: DisplayContext) -> ResolvedDisplay

    /// The bubble's fill (MessageKit's `backgroundColor(for:at:in:)`).
    /// - Note: By default green for the archive's owner and light gray for others (dark shades in dark mode).
    func backgroundColor(for message: Message, at index: Int, in context: DisplayContext) -> DisplayColor

    /// The colour of the message's text.
    /// - Note: By default white for the archive's owner and near-black for others (light in dark mode).
    func textColor(for message: Message, at index: Int, in context: DisplayContext) -> DisplayColor

    /// How the message's container is drawn.
    /// - Note: By default `.bubble`, or the config's `style`, `outline`, `tailCorner` and `tailStyle`.
    ///   A tail is drawn only on the last bubble of a group.
    func messageStyle(for message: Message, at index: Int, in context: DisplayContext) -> MessageStyle

    // MARK: - Headers, footers and groups

    /// Whether a date header is shown above the message.
    /// - Note: By default, above the first message and above every message sent more than the config's
    ///   `dateHeaderInterval` (default one hour) after the previous one.
    func showsDateHeader(for message: Message, at index: Int, in context: DisplayContext) -> Bool

    /// The lines shown below the message.
    /// - Note: None by default; the config's `footer` switches on `time`, `status`, `reactions`, `edited`.
    func footerItems(for message: Message, at index: Int, in context: DisplayContext) -> [FooterItem]

    /// Whether the message continues the group of the message before it: the same sender, no date header
    /// between them, and less than the config's `groupInterval` (default five minutes) apart.
    func isGroupedWithPrevious(_ message: Message, at index: Int, in context: DisplayContext) -> Bool

    /// Whether the sender's name is shown with the message.
    /// - Note: By default, in group chats and channels, on the first incoming message of each group.
    func showsSenderName(for message: Message, at index: Int, in context: DisplayContext) -> Bool

    /// Whether the sender's avatar is shown beside the message.
    /// - Note: By default, in group chats and channels, on the last (or, with `avatarPosition: top`, the
    ///   first) incoming message of each group.
    func showsAvatar(for message: Message, at index: Int, in context: DisplayContext) -> Bool
}

// MARK: - Default implementations

extension TranscriptDisplayDelegate {
    public var fingerprint: String { "" }

    public func isFromArchiveOwner(_ message: Message, at index: Int, in context: DisplayContext) -> Bool {
        guard let sender = message.sender else { return false }
        return context.owners.contains(sender)
    }

    public func display(for message: Message, at index: Int, in context: DisplayContext) -> ResolvedDisplay {
        context.resolver.display(for: message, outgoing: isFromArchiveOwner(message, at: index, in: context))
    }

    public func backgroundColor(for message: Message, at index: Int, in context: DisplayContext) -> DisplayColor {
        display(for: message, at: index, in: context).background
    }

    public func textColor(for message: Message, at index: Int, in context: DisplayContext) -> DisplayColor {
        display(for: message, at: index, in: context).text
    }

    public func messageStyle(for message: Message, at index: Int, in context: DisplayContext) -> MessageStyle {
        display(for: message, at: index, in: context).style
    }

    public func showsDateHeader(for message: Message, at index: Int, in context: DisplayContext) -> Bool {
        // The neighbour's fields are read in place (`previousMessage` would copy the whole message).
        guard index > 0 else { return true }
        let gap = message.date.secondsSince1970 - context.conversation.messages[index - 1].date.secondsSince1970
        return gap > context.configuration.dateHeaderInterval
    }

    public func footerItems(for message: Message, at index: Int, in context: DisplayContext) -> [FooterItem] {
        display(for: message, at: index, in: context).footer
    }

    public func isGroupedWithPrevious(_ message: Message, at index: Int, in context: DisplayContext) -> Bool {
        let messages = context.conversation.messages
        guard index > 0, let sender = message.sender, messages[index - 1].sender == sender, !message.kind.isEvent,
              !messages[index - 1].kind.isEvent, !showsDateHeader(for: message, at: index, in: context)
        else { return false }
        let gap = message.date.secondsSince1970 - messages[index - 1].date.secondsSince1970
        return gap >= 0 && gap <= display(for: message, at: index, in: context).groupInterval
    }

    public func showsSenderName(for message: Message, at index: Int, in context: DisplayContext) -> Bool {
        guard message.sender != nil, !message.kind.isEvent else { return false }
        let setting = display(for: message, at: index, in: context).showsSenderName
        guard setting ?? (context.conversation.kind != .direct && !isFromArchiveOwner(message, at: index, in: context))
        else { return false }
        return !isGroupedWithPrevious(message, at: index, in: context)
    }

    public func showsAvatar(for message: Message, at index: Int, in context: DisplayContext) -> Bool {
        guard message.sender != nil, !message.kind.isEvent else { return false }
        let resolved = display(for: message, at: index, in: context)
        guard resolved.showsAvatar ?? (context.conversation.kind != .direct && !isFromArchiveOwner(message, at: index, in: context))
        else { return false }
        switch resolved.layout.avatarPosition {
        case .top:
            return !isGroupedWithPrevious(message, at: index, in: context)
        case .bottom:
            // The next message passed in place, through a buffer pointer: the list's element passed as it is
            // would be copied, every field retained.
            return context.conversation.messages.withUnsafeBufferPointer { messages in
                index + 1 >= messages.count || !isGroupedWithPrevious(messages[index + 1], at: index + 1, in: context)
            }
        }
    }
}

/// The display delegate that keeps every default.
public struct DefaultDisplayDelegate: TranscriptDisplayDelegate {
    public init() {}
}

extension MessageKind {
    /// Whether the message is an event (a centred label, never a bubble).
    public var isEvent: Bool {
        if case .system = self { return true }
        return false
    }
}
