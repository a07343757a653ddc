import TranscriptModel

/// Merges the display settings that apply to a message: the site's, then its conversation's, then every
/// matching rule in order; in each layer the general keys first, then the message's direction's.
public struct DisplayResolver: Sendable {
    private let base: [DisplaySettings]  // [incoming, outgoing]
    private let rules: [DisplayRule]
    private var resolvedBase: [ResolvedDisplay]
    private let rightToLeft: Bool

    public init(configuration: DisplayConfiguration, conversationID: String) {
        let conversation = configuration.conversations[conversationID] ?? DisplaySettings()
        let base = [false, true].map { outgoing in
            configuration.display.forDirection(outgoing: outgoing)
                .overlaid(with: conversation.forDirection(outgoing: outgoing))
        }
        self.base = base
        rules = configuration.rules.filter { $0.applies(toConversation: conversationID) }
        let rightToLeft = configuration.isRightToLeft
        self.rightToLeft = rightToLeft
        resolvedBase = [false, true].map { DisplayDefaults.resolve(base[$0 ? 1 : 0], outgoing: $0, rightToLeft: rightToLeft) }
    }

    /// This resolver with resolved settings of its own: objects with the same values, not shared with this one.
    /// (A message's decisions retain and release its resolved settings many times; two cores doing that to one
    /// object slow each other down, so each core's work gets its own. Resolving them again would cost far more.)
    package func withOwnResolvedSettings() -> DisplayResolver {
        var copy = self
        copy.resolvedBase = resolvedBase.map(ResolvedDisplay.init(copying:))
        return copy
    }

    /// The settings of `message`, shown as outgoing or incoming.
    public func display(for message: Message, outgoing: Bool) -> ResolvedDisplay {
        var settings: DisplaySettings?
        for rule in rules where rule.matches(message, outgoing: outgoing) {
            settings = (settings ?? base[outgoing ? 1 : 0]).overlaid(with: rule.display.forDirection(outgoing: outgoing))
        }
        guard let settings else { return resolvedBase[outgoing ? 1 : 0] }
        return DisplayDefaults.resolve(settings, outgoing: outgoing, rightToLeft: rightToLeft)
    }
}
