/// The corner a bubble's tail comes out of (MessageKit's `MessageStyle.TailCorner`).
public enum TailCorner: String, Sendable, Hashable, CaseIterable {
    case topLeft, topRight, bottomLeft, bottomRight
}

/// The shape of a bubble's tail (MessageKit's `MessageStyle.TailStyle`).
public enum TailStyle: String, Sendable, Hashable, CaseIterable {
    /// A curved hook, as in iMessage.
    case curved
    /// A sharp point that continues the bubble's edge, as in Hangouts.
    case pointedEdge
}

/// How a message's container is drawn (MessageKit's `MessageStyle`).
public enum MessageStyle: Sendable, Hashable {
    /// No container: the content alone.
    case none
    /// A rounded bubble filled with the background colour.
    case bubble
    /// A bubble with an outline of the given colour.
    case bubbleOutline(DisplayColor)
    /// A bubble with a tail at a corner.
    case bubbleTail(TailCorner, TailStyle)
    /// A bubble with a tail and an outline around both.
    case bubbleTailOutline(DisplayColor, TailCorner, TailStyle)

    /// The style's name, as in `transcripts.yml`.
    public var name: String {
        switch self {
        case .none: "none"
        case .bubble: "bubble"
        case .bubbleOutline: "bubbleOutline"
        case .bubbleTail: "bubbleTail"
        case .bubbleTailOutline: "bubbleTailOutline"
        }
    }

    /// The outline colour, for the outlined styles.
    public var outline: DisplayColor? {
        switch self {
        case .bubbleOutline(let color), .bubbleTailOutline(let color, _, _): color
        default: nil
        }
    }

    /// The tail's corner and shape, for the styles with a tail.
    public var tail: (corner: TailCorner, style: TailStyle)? {
        switch self {
        case .bubbleTail(let corner, let style), .bubbleTailOutline(_, let corner, let style): (corner, style)
        default: nil
        }
    }

    /// The same style without its tail (for the bubbles of a group that are not its last).
    public var withoutTail: MessageStyle {
        switch self {
        case .bubbleTail: .bubble
        case .bubbleTailOutline(let color, _, _): .bubbleOutline(color)
        default: self
        }
    }
}

/// Lines that can be switched on below a message (MessageKit's message footer).
public enum FooterItem: String, Sendable, Hashable, CaseIterable {
    /// The full date and time the message was sent.
    case time
    /// The delivery status: sending, sent, delivered, read or failed.
    case status
    /// Who reacted with what, in words.
    case reactions
    /// When the message was edited.
    case edited
}

/// Where a group's avatar sits: beside its first or its last message (IMUI).
public enum AvatarPosition: String, Sendable, Hashable, CaseIterable {
    case top, bottom
}
