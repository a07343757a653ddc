import TranscriptDisplay

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
