import TranscriptTemplates

/// The values every page template can use, about the site and the page's place in it.
///
/// Template keys: `siteTitle`, `pageTitle`, `lang`, `dir`, `root` (the relative path from the page to the site's
/// top folder, such as `../../`, so a site works from any path prefix and from disk), `hasSearch`, `noindex`,
/// `locale`, `contentSecurityPolicy` (`ContentSecurityPolicy.pages`), `assetQuery`.
public struct SiteContext: Sendable, TemplateModel {
    public var siteTitle: String
    public var pageTitle: String
    public var lang: String
    /// `ltr` or `rtl`, from the language.
    public var dir: String
    public var root: String
    /// Whether the site has a search page (`search.html`), linked from every page's header.
    public var hasSearch: Bool
    /// Whether the page asks search engines not to index it (`<meta name="robots">`).
    public var noindex: Bool
    /// The locale that formats dates and times (a BCP 47 tag such as `en-GB`), on pages whose scripts format
    /// them: a message's full day and time is made when the pointer rests on its time.
    public var locale: String?
    /// `?v=` and the built-in assets' version (`TemplateSet.assetVersion`), which the built-in templates put after
    /// every link to an asset (`{{site.root}}assets/theme.js{{site.assetQuery}}`).
    // template: key
    var assetQuery: String { "?v=" + TemplateSet.assetVersion }
    /// The pages' Content-Security-Policy, the same on every page.
    // template: key
    var contentSecurityPolicy: String { ContentSecurityPolicy.pages }

    public init(
        siteTitle: String, pageTitle: String, lang: String, dir: String = "ltr", root: String, hasSearch: Bool = false, noindex: Bool = false,
        locale: String? = nil
    ) {
        self.locale = locale
        self.noindex = noindex
        self.hasSearch = hasSearch
        self.siteTitle = siteTitle
        self.pageTitle = pageTitle
        self.lang = lang
        self.dir = dir
        self.root = root
    }
}
