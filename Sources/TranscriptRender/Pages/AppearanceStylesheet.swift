import TranscriptTemplates

/// The site's `appearances.css` (the `appearances` template): a class per message appearance used on any
/// page, in light and dark mode, and the find bar's measures from the config. Pages link it instead of
/// holding a `<style>` element, so that a strict Content-Security-Policy (`style-src 'self'`) allows it.
///
/// Template keys: `looks` (`className`, `light`, `dark`), `hasFindBarStyle`, `barStyle`, `fieldStyle`,
/// `leftStackStyle`, `rightStackStyle`.
public struct AppearanceStylesheet: Sendable, TemplateModel {
    /// The appearances, by class name in order.
    public var looks: [AppearanceRule]
    /// The find bar's CSS declarations from `findBar:` (only validated lengths).
    public var barStyle: String
    public var fieldStyle: String
    public var leftStackStyle: String
    public var rightStackStyle: String
    public var hasFindBarStyle: Bool

    package init(css: [String: AppearanceCSS], findBar settings: FindBarSettings) {
        looks = css.keys.sorted().map { AppearanceRule(className: $0, css: css[$0]!) }
        let findBar = FindBar(settings: settings, conversation: 0, senders: [])
        barStyle = findBar.barStyle
        fieldStyle = findBar.fieldStyle
        leftStackStyle = findBar.leftStackStyle
        rightStackStyle = findBar.rightStackStyle
        hasFindBarStyle = findBar.hasStyle
    }
}
