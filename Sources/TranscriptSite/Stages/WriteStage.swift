import TranscriptRender
import TranscriptSupport

/// Writes the pages that show the whole site, which its site page producers ask for (the search page, the index
/// of conversations, the most recently active first, as chat apps list them), the assets, with `privacy.noindex` a `robots.txt`
/// that asks every crawler to stay out, and for a protected site `protection.json` (how its key is derived)
/// and the script that unlocks it.
public struct WriteStage: BuildStage {
    public let name = "write"

    public init() {}

    /// The asset only protected sites have.
    static let unlockScript = "assets/unlock.js"

    public func run(in context: BuildContext) throws {
        // A shard's build leaves the pages that show every conversation to `assemble`.
        guard context.shardPlan == nil else { return }
        let configuration = context.configuration
        let site = SiteContext(
            siteTitle: configuration.title, pageTitle: configuration.title, lang: configuration.language,
            dir: configuration.isRightToLeft ? "rtl" : "ltr", root: "", hasSearch: configuration.search.enabled,
            noindex: configuration.privacy.noindex)
        context.progress("writing the index")
        let cards = context.rendered.cards
        let pages = SitePages(
            site: site, description: configuration.description,
            conversations: cards.enumerated().sorted {
                $0.element.newest != $1.element.newest ? $0.element.newest > $1.element.newest : $0.offset < $1.offset
            }.map(\.element.summary),
            hasPeoplePages: context.hasPeoplePages, strings: context.templates.strings)
        var written = Set<String>()
        for producer in context.sitePageProducers {
            for page in try producer.pages(of: pages) {
                guard written.insert(page.file).inserted else {
                    throw TranscriptsError(message: "the site page producer \"\(producer.name)\" makes \(page.file), which another producer made")
                }
                try context.output.write(try page.render(with: context.templates), to: page.file)
                if page.countsAsPage {
                    context.summary.pages += 1
                    context.count("pages")
                }
            }
        }
        let assets = context.templates.assets.keys.sorted().filter { context.protection != nil || $0 != Self.unlockScript }
        for path in assets {
            try context.output.write(context.templates.assets[path]!, to: path)
        }
        context.count("assets", assets.count)
        if let protection = context.protection {
            try context.output.write(protection.record.json, to: ProtectionRecord.fileName)
        }
        let stylesheet = AppearanceStylesheet(css: context.rendered.appearanceCSS, findBar: configuration.findBar)
        try context.output.write(try context.templates.render(stylesheet, template: "appearances"), to: "appearances.css")
        if configuration.privacy.noindex {
            try context.output.write("User-agent: *\nDisallow: /\n", to: "robots.txt")
        }
        for entry in context.scope?.entries ?? [] where !context.matched.scope.contains(entry) {
            context.warn("scope.\(entry.replacingOccurrences(of: ": ", with: ": \""))\" matches no conversation")
        }
        for entry in configuration.privacy.exclude where !context.matched.exclusions.contains(entry) {
            context.warn("privacy.exclude: \"\(entry)\" matches nobody in the conversations (by name or id)")
        }
    }

}
