import Foundation
import TranscriptModel

/// How a message looks, as CSS values: its display settings' colours and layout lengths. Messages that look
/// the same share a class (`look-` and a hash of the values, the same in every build), defined once per page in a
/// `<style>` element, so the HTML carries no inline styles.
///
/// An immutable value held by reference: every message's row takes its appearance, and a copy of the values
/// themselves would retain each of their texts on every copy, and release them again. Two
/// appearances are equal when their values are.
public final class MessageAppearance: Sendable, Hashable {
    public let background: DisplayColor
    public let text: DisplayColor
    public let outline: DisplayColor?
    public let layout: MessageLayout
    /// The sender's own colour (a Discord role colour), shown as a dot beside the name.
    public let roleColor: CSSColor?
    /// `look-` and eight hex digits of a hash of the values.
    public let className: String

    package init(background: DisplayColor, text: DisplayColor, outline: DisplayColor?, layout: MessageLayout, roleColor: CSSColor? = nil) {
        self.background = background
        self.text = text
        self.outline = outline
        self.layout = layout
        self.roleColor = roleColor
        className = Self.className(
            light: Self.lightProperties(background: background, text: text, outline: outline, layout: layout, roleColor: roleColor),
            dark: Self.darkProperties(background: background, text: text, outline: outline))
    }

    /// This appearance with other colours (a delegate's), or itself when they are the same.
    package func with(background: DisplayColor, text: DisplayColor, outline: DisplayColor?, roleColor: CSSColor? = nil) -> MessageAppearance {
        if background == self.background, text == self.text, outline == self.outline, roleColor == self.roleColor { return self }
        return MessageAppearance(background: background, text: text, outline: outline, layout: layout, roleColor: roleColor)
    }

    public static func == (left: MessageAppearance, right: MessageAppearance) -> Bool {
        left === right
            || (left.background == right.background && left.text == right.text && left.outline == right.outline
                && left.layout == right.layout && left.roleColor == right.roleColor && left.className == right.className)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(background)
        hasher.combine(text)
        hasher.combine(outline)
        hasher.combine(layout)
        hasher.combine(roleColor)
        hasher.combine(className)
    }

    /// Text on a background with less contrast than WCAG AA asks for (4.5:1), in light or dark mode.
    package var contrastWarnings: [String] {
        [("light", background.light, text.light), ("dark", background.dark, text.dark)].compactMap { mode, fill, ink in
            guard fill.components.alpha == 1, ink.components.alpha == 1 else { return nil }
            let ratio = fill.contrast(with: ink)
            guard ratio < 4.5 else { return nil }
            return "text \(ink) on \(fill) has a contrast of \(String(format: "%.1f", ratio)):1 in \(mode) mode (WCAG AA asks for 4.5:1)"
        }
    }

    /// The CSS custom properties for light mode.
    package var lightProperties: String {
        Self.lightProperties(background: background, text: text, outline: outline, layout: layout, roleColor: roleColor)
    }

    /// The CSS custom properties that change in dark mode.
    package var darkProperties: String { Self.darkProperties(background: background, text: text, outline: outline) }

    private static func lightProperties(
        background: DisplayColor, text: DisplayColor, outline: DisplayColor?, layout: MessageLayout, roleColor: CSSColor?
    ) -> String {
        "--bubble-bg: \(background.light); --bubble-fg: \(text.light);"
            + (roleColor.map { " --role-color: \($0);" } ?? "")
            + (outline.map { " --bubble-line: \($0.light);" } ?? "")
            + " --avatar-size: \(layout.avatarSize); --avatar-offset: \(layout.avatarOffset);"
            + " --bubble-offset: \(layout.bubbleOffset); --bubble-max: \(layout.maxBubbleWidth);"
            + " --cell-inset: \(layout.cellInset); --bubble-inset: \(layout.bubbleInset);"
    }

    private static func darkProperties(background: DisplayColor, text: DisplayColor, outline: DisplayColor?) -> String {
        "--bubble-bg: \(background.dark); --bubble-fg: \(text.dark);" + (outline.map { " --bubble-line: \($0.dark);" } ?? "")
    }

    private static func className(light: String, dark: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in (light + "|" + dark).utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        let hex = String(hash & 0xFFFF_FFFF, radix: 16)
        return "look-" + String(repeating: "0", count: 8 - hex.count) + hex
    }
}
