/// The CSS values of a message's display settings: colours and layout lengths. Messages with equal looks
/// share a class (`look-` and a hash of the values, the same in every build), defined once per page in a
/// `<style>` element, so the HTML carries no inline styles.
public struct Look: Sendable, Hashable {
    public var background: DisplayColor
    public var text: DisplayColor
    public var outline: DisplayColor?
    public var layout: MessageLayout

    init(_ display: ResolvedDisplay) {
        background = display.background
        text = display.text
        outline = display.style.outline
        layout = display.layout
    }

    /// The CSS custom properties for light mode.
    var lightProperties: String {
        "--bubble-bg: \(background.light); --bubble-fg: \(text.light);"
            + (outline.map { " --bubble-line: \($0.light);" } ?? "")
            + " --avatar-size: \(layout.avatarSize); --avatar-offset: \(layout.avatarOffset);"
            + " --bubble-offset: \(layout.bubbleOffset); --bubble-max: \(layout.maxBubbleWidth);"
            + " --cell-inset: \(layout.cellInset); --bubble-inset: \(layout.bubbleInset);"
    }

    /// The CSS custom properties that change in dark mode.
    var darkProperties: String {
        "--bubble-bg: \(background.dark); --bubble-fg: \(text.dark);" + (outline.map { " --bubble-line: \($0.dark);" } ?? "")
    }

    /// The class name: `look-` and eight hex digits of a hash of the values.
    var className: String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in (lightProperties + "|" + darkProperties).utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        let hex = String(hash & 0xFFFF_FFFF, radix: 16)
        return "look-" + String(repeating: "0", count: 8 - hex.count) + hex
    }
}

/// A look as the conversation template's `<style>` element shows it.
public final class LookStyle: Sendable, TemplateObject {
    public let className: String
    public let light: String
    public let dark: String

    init(_ look: Look) {
        className = look.className
        light = look.lightProperties
        dark = look.darkProperties
    }

    public func templateValue(for key: String) -> TemplateValue? {
        switch key {
        case "className": .text(className)
        case "light": .text(light)
        case "dark": .text(dark)
        default: nil
        }
    }
}
