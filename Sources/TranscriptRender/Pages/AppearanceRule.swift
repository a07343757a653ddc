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
}
