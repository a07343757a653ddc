import TranscriptDisplay
import TranscriptModel
import TranscriptSupport

/// A digest per message of every decision the display delegate makes about it (direction, colours, style,
/// header, grouping, name, avatar, footer), for the page digests: with it, a page is taken over only when
/// the delegate decides the same for each of its messages, whatever the delegate looks at. (The built-in
/// delegate needs none: its decisions follow from a message, its neighbours and the settings, which the
/// page digest covers already.)
enum DisplayDecisions {
    static func digests(
        of messages: [Message], delegate: any TranscriptDisplayDelegate, context: DisplayContext
    ) throws -> [UInt64] {
        try chunkRanges(count: messages.count, chunkSize: 2048).concurrentMap { chunk in
            chunk.map { index in
                let message = messages[index]
                var hash = FastDigest()
                let display = delegate.display(for: message, at: index, in: context)
                let background = delegate.backgroundColor(for: message, at: index, in: context)
                let text = delegate.textColor(for: message, at: index, in: context)
                hash.add(
                    "\(delegate.isFromArchiveOwner(message, at: index, in: context)) \(display.appearance.className) "
                        + "\(display.footerTemplate ?? "-") \(background.light) \(background.dark) \(text.light) \(text.dark) "
                        + "\(delegate.messageStyle(for: message, at: index, in: context)) "
                        + "\(delegate.showsDateHeader(for: message, at: index, in: context)) "
                        + "\(delegate.isGroupedWithPrevious(message, at: index, in: context)) "
                        + "\(delegate.showsSenderName(for: message, at: index, in: context)) "
                        + "\(delegate.showsAvatar(for: message, at: index, in: context)) "
                        + delegate.footerItems(for: message, at: index, in: context).map(\.rawValue).joined(separator: ","))
                return hash.value
            }
        }.flatMap { $0 }
    }
}
