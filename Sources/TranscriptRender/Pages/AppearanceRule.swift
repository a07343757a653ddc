import TranscriptDisplay

/// A message appearance as the conversation template's `<style>` element shows it: a CSS rule for its class,
/// with its light and dark properties.
public final class AppearanceRule: TemplateObject, TemplateModel {
    public let className: String
    public let light: String
    public let dark: String

    init(_ appearance: MessageAppearance) {
        className = appearance.className
        light = appearance.lightProperties
        dark = appearance.darkProperties
    }

    public static let templateKeys: TemplateKeys<AppearanceRule> = [
        "className": { .text($0.className) },
        "light": { .text($0.light) },
        "dark": { .text($0.dark) },
    ]
}
