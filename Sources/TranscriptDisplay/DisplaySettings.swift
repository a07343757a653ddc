import TranscriptModel
import TranscriptSupport

/// Display settings as `transcripts.yml` writes them: every key optional, layered from the whole site to a
/// conversation to rules that match messages, and within each layer optionally per direction
/// (`outgoing:` / `incoming:`). `DisplayResolver` merges the layers into a `ResolvedDisplay`.
public struct DisplaySettings: Sendable, Equatable {
    /// The bubble's fill.
    public var background: DisplayColor?
    /// The text colour inside the bubble.
    public var text: DisplayColor?
    /// `none`, `bubble`, `bubbleOutline`, `bubbleTail` or `bubbleTailOutline`.
    public var style: StyleName?
    /// The outline colour of the outlined styles.
    public var outline: DisplayColor?
    /// The tail's corner; by default the bottom corner on the message's side.
    public var tailCorner: TailCorner?
    public var tailStyle: TailStyle?
    /// Lines shown below the bubble; none by default.
    public var footer: [FooterItem]?
    /// A template (by name, under `Templates/`) rendered below the bubble instead of the built-in footer.
    public var footerTemplate: String?
    public var showsAvatar: Bool?
    public var showsSenderName: Bool?
    /// Messages from one sender less than this many seconds apart form a group.
    public var groupInterval: Double?
    // IMUI's layout settings.
    public var avatarSize: CSSLength?
    /// The gap between the avatar and the edge of the transcript (IMUI's avatar offset to the cell).
    public var avatarOffset: CSSLength?
    public var avatarPosition: AvatarPosition?
    /// Whether the sender's name sits above the bubble or inside it, at its top.
    public var namePosition: NamePosition?
    /// The gap between the avatar and the bubble.
    public var bubbleOffset: CSSLength?
    /// The widest a bubble gets (IMUI's cell width), such as `75%` or `32rem`.
    public var maxBubbleWidth: CSSLength?
    /// Space around a message's row (IMUI's cell content inset).
    public var cellInset: CSSInsets?
    /// Space between the bubble's edge and its content (IMUI's bubble content inset).
    public var bubbleInset: CSSInsets?
    /// Settings for outgoing messages only.
    public var outgoing: DirectionSettings?
    /// Settings for incoming messages only.
    public var incoming: DirectionSettings?

    public init() {}

    /// The style names of `transcripts.yml`.
    public enum StyleName: String, Sendable, CaseIterable, Decodable {
        case none, bubble, bubbleOutline, bubbleTail, bubbleTailOutline
    }

    public enum NamePosition: String, Sendable, CaseIterable, Decodable {
        case above, inside
    }

    /// The settings of one direction: the same keys, without `outgoing` and `incoming`.
    public final class DirectionSettings: Sendable, Equatable, Decodable {
        public let settings: DisplaySettings

        public init(_ settings: DisplaySettings) { self.settings = settings }

        public required init(from decoder: any Decoder) throws {
            settings = try DisplaySettings(from: decoder, allowsDirections: false)
        }

        public static func == (lhs: DirectionSettings, rhs: DirectionSettings) -> Bool { lhs.settings == rhs.settings }
    }
}

// Decoded by hand: the same keys are read at two levels, `outgoing:` and `incoming:` only at the top (`DirectionKeys`).
extension DisplaySettings: Decodable {
    package enum CodingKeys: String, CodingKey, CaseIterable {
        case background, text, style, outline, tailCorner, tailStyle, footer, footerTemplate, showsAvatar
        case showsSenderName, groupInterval, avatarSize, avatarOffset, avatarPosition, namePosition, bubbleOffset
        case maxBubbleWidth, cellInset, bubbleInset, outgoing, incoming
    }

    public init(from decoder: any Decoder) throws {
        try self.init(from: decoder, allowsDirections: true)
    }

    package init(from decoder: any Decoder, allowsDirections: Bool) throws {
        if allowsDirections {
            try decoder.rejectUnknownKeys(CodingKeys.self)
        } else {
            try decoder.rejectUnknownKeys(DirectionKeys.self)
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        background = try container.decodeIfPresent(DisplayColor.self, forKey: .background)
        text = try container.decodeIfPresent(DisplayColor.self, forKey: .text)
        style = try container.decodeIfPresent(StyleName.self, forKey: .style)
        outline = try container.decodeIfPresent(DisplayColor.self, forKey: .outline)
        tailCorner = try container.decodeIfPresent(TailCorner.self, forKey: .tailCorner)
        tailStyle = try container.decodeIfPresent(TailStyle.self, forKey: .tailStyle)
        footer = try container.decodeIfPresent([FooterItem].self, forKey: .footer)
        footerTemplate = try container.decodeIfPresent(String.self, forKey: .footerTemplate)
        showsAvatar = try container.decodeIfPresent(Bool.self, forKey: .showsAvatar)
        showsSenderName = try container.decodeIfPresent(Bool.self, forKey: .showsSenderName)
        groupInterval = try container.decodeIfPresent(DurationSetting.self, forKey: .groupInterval)?.seconds
        avatarSize = try container.decodeIfPresent(CSSLength.self, forKey: .avatarSize)
        avatarOffset = try container.decodeIfPresent(CSSLength.self, forKey: .avatarOffset)
        avatarPosition = try container.decodeIfPresent(AvatarPosition.self, forKey: .avatarPosition)
        namePosition = try container.decodeIfPresent(NamePosition.self, forKey: .namePosition)
        bubbleOffset = try container.decodeIfPresent(CSSLength.self, forKey: .bubbleOffset)
        maxBubbleWidth = try container.decodeIfPresent(CSSLength.self, forKey: .maxBubbleWidth)
        cellInset = try container.decodeIfPresent(CSSInsets.self, forKey: .cellInset)
        bubbleInset = try container.decodeIfPresent(CSSInsets.self, forKey: .bubbleInset)
        outgoing = try container.decodeIfPresent(DirectionSettings.self, forKey: .outgoing)
        incoming = try container.decodeIfPresent(DirectionSettings.self, forKey: .incoming)
    }

    /// The keys allowed inside `outgoing:` and `incoming:`.
    enum DirectionKeys: String, CodingKey, CaseIterable {
        case background, text, style, outline, tailCorner, tailStyle, footer, footerTemplate, showsAvatar
        case showsSenderName, groupInterval, avatarSize, avatarOffset, avatarPosition, namePosition, bubbleOffset
        case maxBubbleWidth, cellInset, bubbleInset
    }

    /// These settings with every value that `other` sets taking their place.
    func overlaid(with other: DisplaySettings) -> DisplaySettings {
        var result = self
        result.background = other.background ?? background
        result.text = other.text ?? text
        result.style = other.style ?? style
        result.outline = other.outline ?? outline
        result.tailCorner = other.tailCorner ?? tailCorner
        result.tailStyle = other.tailStyle ?? tailStyle
        result.footer = other.footer ?? footer
        result.footerTemplate = other.footerTemplate ?? footerTemplate
        result.showsAvatar = other.showsAvatar ?? showsAvatar
        result.showsSenderName = other.showsSenderName ?? showsSenderName
        result.groupInterval = other.groupInterval ?? groupInterval
        result.avatarSize = other.avatarSize ?? avatarSize
        result.avatarOffset = other.avatarOffset ?? avatarOffset
        result.avatarPosition = other.avatarPosition ?? avatarPosition
        result.namePosition = other.namePosition ?? namePosition
        result.bubbleOffset = other.bubbleOffset ?? bubbleOffset
        result.maxBubbleWidth = other.maxBubbleWidth ?? maxBubbleWidth
        result.cellInset = other.cellInset ?? cellInset
        result.bubbleInset = other.bubbleInset ?? bubbleInset
        result.outgoing = nil
        result.incoming = nil
        return result
    }

    /// These settings for one direction: the general keys, then the direction's own on top.
    func forDirection(outgoing isOutgoing: Bool) -> DisplaySettings {
        let direction = isOutgoing ? outgoing : incoming
        return overlaid(with: direction?.settings ?? DisplaySettings())
    }
}

extension DisplayColor: Decodable {
    /// `"#1f7a3a"` for both modes, or `{light: "#…", dark: "#…"}`.
    public init(from decoder: any Decoder) throws {
        if let single = try? decoder.singleValueContainer().decode(String.self) {
            guard let color = CSSColor(single) else {
                throw DecodingError.dataCorrupted(
                    DecodingError.Context(
                        codingPath: decoder.codingPath,
                        debugDescription: "\"\(single)\" is not a colour (write #rgb, #rrggbb, #rrggbbaa or transparent)"))
            }
            self.init(light: color)
            return
        }
        enum Keys: String, CodingKey, CaseIterable { case light, dark }
        try decoder.rejectUnknownKeys(Keys.self)
        let container = try decoder.container(keyedBy: Keys.self)
        func color(_ key: Keys) throws -> CSSColor {
            let text = try container.decode(String.self, forKey: key)
            guard let color = CSSColor(text) else {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: container,
                    debugDescription: "\"\(text)\" is not a colour (write #rgb, #rrggbb, #rrggbbaa or transparent)")
            }
            return color
        }
        self.init(light: try color(.light), dark: try color(.dark))
    }
}

extension TailCorner: Decodable {}
extension TailStyle: Decodable {}
extension FooterItem: Decodable {}
extension AvatarPosition: Decodable {}
