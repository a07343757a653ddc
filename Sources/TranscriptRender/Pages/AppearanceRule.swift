import TranscriptDisplay
import TranscriptTemplates

/// A message appearance as the site's `appearances.css` shows it: a CSS rule for its class, with its light
/// and dark properties.
public final class AppearanceRule: TemplateObject, TemplateModel {
    public let className: String
    public let light: String
    public let dark: String

    init(className: String, css: AppearanceCSS) {
        self.className = className
        light = css.light
        dark = css.dark
    }

    public enum TemplateKey: String, CaseIterable, Sendable {
        case className, light, dark
    }

    public static let templateKeyIndex = TemplateKeyIndex<TemplateKey>()

    public func templateValue(_ key: TemplateKey) -> TemplateValue? {
        switch key {
        case .className: .text(className)
        case .light: .text(light)
        case .dark: .text(dark)
        }
    }
}
