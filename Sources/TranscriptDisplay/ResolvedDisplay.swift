/// Every display setting of one message, with the defaults filled in. (A class: the defaults of the display
/// delegate ask for it many times per message, and a reference is cheap to pass around.)
public final class ResolvedDisplay: Sendable {
    public let background: DisplayColor
    public let text: DisplayColor
    public let style: MessageStyle
    public let footer: [FooterItem]
    public let footerTemplate: String?
    /// nil: decided by the conversation's kind (avatars and names in group chats and channels).
    public let showsAvatar: Bool?
    public let showsSenderName: Bool?
    public let groupInterval: Double
    public let layout: MessageLayout
    /// The appearance (CSS class) these settings give, when the delegate does not change its colours.
    package let appearance: MessageAppearance

    public init(
        background: DisplayColor, text: DisplayColor, style: MessageStyle, footer: [FooterItem], footerTemplate: String?,
        showsAvatar: Bool?, showsSenderName: Bool?, groupInterval: Double, layout: MessageLayout
    ) {
        self.background = background
        self.text = text
        self.style = style
        self.footer = footer
        self.footerTemplate = footerTemplate
        self.showsAvatar = showsAvatar
        self.showsSenderName = showsSenderName
        self.groupInterval = groupInterval
        self.layout = layout
        self.appearance = MessageAppearance(background: background, text: text, outline: style.outline, layout: layout)
    }

    /// A new object with `other`'s values (see `DisplayResolver.withOwnResolvedSettings`).
    package init(copying other: ResolvedDisplay) {
        background = other.background
        text = other.text
        style = other.style
        footer = other.footer
        footerTemplate = other.footerTemplate
        showsAvatar = other.showsAvatar
        showsSenderName = other.showsSenderName
        groupInterval = other.groupInterval
        layout = other.layout
        appearance = other.appearance
    }
}

/// IMUI's cell layout settings for one message, as CSS lengths.
public struct MessageLayout: Sendable, Hashable {
    public var avatarSize: CSSLength
    public var avatarOffset: CSSLength
    public var avatarPosition: AvatarPosition
    public var namePosition: DisplaySettings.NamePosition
    public var bubbleOffset: CSSLength
    public var maxBubbleWidth: CSSLength
    public var cellInset: CSSInsets
    public var bubbleInset: CSSInsets
}

/// The built-in look: MessageKit's defaults (a green bubble for the owner, light gray for others, white and
/// dark text), in shades that keep WCAG AA contrast in light and dark mode.
public enum DisplayDefaults {
    public static let outgoingBackground = DisplayColor("#1f7a3a", dark: "#1e6b35")
    public static let outgoingText = DisplayColor("#ffffff")
    public static let incomingBackground = DisplayColor("#e9e9eb", dark: "#2c2c2e")
    public static let incomingText = DisplayColor("#1c1c1e", dark: "#f2f2f7")
    public static let outline = DisplayColor("#767680", dark: "#98989f")
    /// Messages from one sender less than five minutes apart form a group.
    public static let groupInterval = 300.0

    package static func resolve(_ settings: DisplaySettings, outgoing: Bool, rightToLeft: Bool = false) -> ResolvedDisplay {
        // The tail's default corner is the bottom one on the message's side (mirrored on right-to-left pages).
        let corner = settings.tailCorner ?? (outgoing != rightToLeft ? .bottomRight : .bottomLeft)
        let tailStyle = settings.tailStyle ?? .curved
        let outline = settings.outline ?? Self.outline
        let style: MessageStyle =
            switch settings.style ?? .bubble {
            case .none: .none
            case .bubble: .bubble
            case .bubbleOutline: .bubbleOutline(outline)
            case .bubbleTail: .bubbleTail(corner, tailStyle)
            case .bubbleTailOutline: .bubbleTailOutline(outline, corner, tailStyle)
            }
        return ResolvedDisplay(
            background: settings.background ?? (outgoing ? outgoingBackground : incomingBackground),
            text: settings.text ?? (outgoing ? outgoingText : incomingText),
            style: style,
            footer: settings.footer ?? [],
            footerTemplate: settings.footerTemplate,
            showsAvatar: settings.showsAvatar,
            showsSenderName: settings.showsSenderName,
            groupInterval: settings.groupInterval ?? groupInterval,
            layout: MessageLayout(
                avatarSize: settings.avatarSize ?? CSSLength(pixels: 32),
                avatarOffset: settings.avatarOffset ?? CSSLength(pixels: 0),
                avatarPosition: settings.avatarPosition ?? .bottom,
                namePosition: settings.namePosition ?? .above,
                bubbleOffset: settings.bubbleOffset ?? CSSLength(pixels: 8),
                maxBubbleWidth: settings.maxBubbleWidth ?? CSSLength("75%")!,
                cellInset: settings.cellInset ?? CSSInsets("0px")!,
                // IMUI's insets differ by direction: a little more room on the side the tail is on.
                bubbleInset: settings.bubbleInset ?? CSSInsets(outgoing ? "7px 14px 6px 12px" : "7px 12px 6px 14px")!))
    }
}
