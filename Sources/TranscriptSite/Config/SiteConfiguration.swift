import Foundation
import TranscriptDisplay
import TranscriptImport
import TranscriptJSON
import TranscriptModel
import TranscriptRender
import TranscriptSearch
import TranscriptSupport

/// A site's settings, read from its `transcripts.yml`.
///
/// Every key is optional. Unknown keys and bad values are errors that name the key and the file.
// generate: CodingKeys
public struct SiteConfiguration: Sendable, Equatable {
    /// The site's title, shown on every page.
    public var title: String
    /// A sentence under the title on the index page.
    public var description: String?
    /// The participant ids of the archive's owner: their messages are outgoing, on the right.
    public var me: [String]
    /// The time zone in which times are shown and dates without an offset are read (IANA name).
    public var timeZone: TimeZone
    /// The locale that formats dates and times, such as `en_GB` or `de_DE`.
    public var locale: Locale
    /// The language of the pages (`<html lang>`); by default the locale's language.
    public var language: String
    /// Files and folders of conversation exports, relative to the site folder.
    public var inputs: [String]
    /// The folder the site is written to, relative to the site folder.
    public var output: String
    /// A date header is shown before a message when more than this many seconds passed since the previous
    /// one (MessageKit's `showsDateHeaderAfterTimeInterval`).
    public var dateHeaderInterval: TimeInterval
    /// How messages look (colours, bubble style, tails, footers, avatars, layout) on the whole site.
    public var display: DisplaySettings
    /// Display settings for single conversations, by conversation id.
    public var conversations: [String: DisplaySettings]
    /// Display settings for the messages that match, applied in order after the others.
    public var rules: [DisplayRule]
    /// Settings of the import formats: `formats: {whatsapp: {dateOrder: dayFirst}}`.
    public var formats: FormatSettings
    /// The most messages on one page: a conversation has a page per month, a longer month several.
    public var pageSize: Int
    /// Whether each conversation gets an Atom feed of its newest messages (`c/<id>/feed.xml`).
    public var feeds: Bool
    /// How many of the newest messages a feed holds.
    public var feedSize: Int
    /// The search index: on or off, and the conversations it leaves out.
    public var search: SearchSettings
    /// The measures of the find bar on conversation pages.
    public var findBar: FindBarSettings
    /// What the build hides before anything is rendered: pseudonyms, excluded people, redaction, image
    /// metadata, search engines.
    public var privacy: PrivacySettings
    /// Whether the site is passphrase-protected, and how (see docs/protect.md).
    public var protect: ProtectionSettings
    /// What conversations' overview pages show: activity charts and statistics, gallery pages.
    public var overview: OverviewSettings
    /// Which conversations of the exports are one where their ids say otherwise (`merge: {join, separate}`).
    public var merge: MergeSettings
    /// Which conversations get books beside their pages, and what the books' title pages show.
    public var book: BookSettings
    /// Who is who across conversations and apps: each person's ids, or contacts files (see docs/people.md).
    public var people: PeopleSettings
    /// The region phone numbers written without a country code are read in (`DE`, `US`); by default the
    /// locale's region.
    public var region: String?
    /// A site of some people, conversations or days of the archive (`scope:`).
    public var scope: ScopeSettings

    public init(
        title: String = "Transcripts", description: String? = nil, me: [String] = [],
        timeZone: TimeZone = TimeZone(identifier: "UTC")!, locale: Locale = Locale(identifier: "en_US"),
        language: String? = nil, inputs: [String] = ["conversations"], output: String = "public",
        dateHeaderInterval: TimeInterval = 3600, display: DisplaySettings = DisplaySettings(),
        conversations: [String: DisplaySettings] = [:], rules: [DisplayRule] = [],
        formats: FormatSettings = FormatSettings(), pageSize: Int = 1000, feeds: Bool = true, feedSize: Int = 50,
        search: SearchSettings = SearchSettings(), findBar: FindBarSettings = FindBarSettings(),
        privacy: PrivacySettings = PrivacySettings(), protect: ProtectionSettings = ProtectionSettings(),
        overview: OverviewSettings = OverviewSettings(), merge: MergeSettings = MergeSettings(),
        book: BookSettings = BookSettings(), people: PeopleSettings = PeopleSettings(), region: String? = nil,
        scope: ScopeSettings = ScopeSettings()
    ) {
        self.scope = scope
        self.book = book
        self.people = people
        self.region = region
        self.overview = overview
        self.merge = merge
        self.privacy = privacy
        self.protect = protect
        self.search = search
        self.findBar = findBar
        self.feeds = feeds
        self.feedSize = feedSize
        self.formats = formats
        self.pageSize = pageSize
        self.title = title
        self.description = description
        self.me = me
        self.timeZone = timeZone
        self.locale = locale
        self.language = language ?? Self.languageTag(of: locale)
        self.inputs = inputs
        self.output = output
        self.dateHeaderInterval = dateHeaderInterval
        self.display = display
        self.conversations = conversations
        self.rules = rules
    }

    /// Whether the pages' language is written right to left (then the page is mirrored: outgoing messages
    /// on the left, their tails on that side).
    public var isRightToLeft: Bool {
        ["ar", "he", "iw", "fa", "ur", "yi", "ps", "dv", "ckb", "sd", "ug"].contains(language.lowercased())
    }

    /// What the display decisions read of these settings.
    public var displayConfiguration: DisplayConfiguration {
        DisplayConfiguration(
            me: me, timeZone: timeZone, locale: locale, dateHeaderInterval: dateHeaderInterval, display: display,
            conversations: conversations, rules: rules, isRightToLeft: isRightToLeft)
    }

    /// What pages are made with of these settings.
    public var renderSettings: RenderSettings {
        RenderSettings(
            title: title, language: language, isRightToLeft: isRightToLeft, timeZone: timeZone, locale: locale,
            pageSize: pageSize, feeds: feeds, feedSize: feedSize, hasSearch: search.enabled, findBar: findBar,
            display: displayConfiguration, noindex: privacy.noindex, overview: overview,
            books: protect.enabled ? [] : book.conversations, bookFiles: book.formats.map(BookStage.fileName))
    }

    /// Every template that the display settings name as a footer.
    var footerTemplates: [String] {
        func names(_ settings: DisplaySettings) -> [String] {
            [settings.footerTemplate, settings.outgoing?.settings.footerTemplate, settings.incoming?.settings.footerTemplate]
                .compactMap { $0 }
        }
        let all = names(display) + conversations.keys.sorted().flatMap { names(conversations[$0]!) } + rules.flatMap { names($0.display) }
        return Array(Set(all)).sorted()
    }

    /// The region phone numbers without a country code are read in: `region`, else the locale's (`en_GB` → `GB`).
    var phoneRegion: String? {
        region ?? locale.region.map(\.identifier).flatMap { $0.count == 2 ? $0 : nil }
    }

    static func languageTag(of locale: Locale) -> String {
        locale.identifier.split(whereSeparator: { $0 == "_" || $0 == "-" || $0 == "@" }).first.map(String.init) ?? "en"
    }
}

// Its `CodingKeys` are its stored properties, by name (`// generate: CodingKeys`, the TemplateKeys plugin).
extension SiteConfiguration: Decodable {
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = SiteConfiguration()
        title = try container.decodeIfPresent(String.self, forKey: .title) ?? defaults.title
        description = try container.decodeIfPresent(String.self, forKey: .description)
        if let single = try? container.decodeIfPresent(String.self, forKey: .me) {
            me = [single]
        } else {
            me = try container.decodeIfPresent([String].self, forKey: .me) ?? []
        }
        if let name = try container.decodeIfPresent(String.self, forKey: .timeZone) {
            guard let zone = TimeZone(identifier: name) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .timeZone, in: container,
                    debugDescription: "\"\(name)\" is not a time zone name (examples: UTC, Europe/Berlin, America/New_York)")
            }
            timeZone = zone
        } else {
            timeZone = defaults.timeZone
        }
        if let identifier = try container.decodeIfPresent(String.self, forKey: .locale) {
            let known = Set(Locale.availableIdentifiers)
            let normalized = identifier.replacingOccurrences(of: "-", with: "_")
            guard known.contains(normalized) || known.contains(Self.languageTag(of: Locale(identifier: normalized))) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .locale, in: container,
                    debugDescription: "\"\(identifier)\" is not a known locale (examples: en_US, en_GB, de_DE, ja_JP)")
            }
            locale = Locale(identifier: normalized)
        } else {
            locale = defaults.locale
        }
        language = try container.decodeIfPresent(String.self, forKey: .language) ?? Self.languageTag(of: locale)
        if let single = try? container.decodeIfPresent(String.self, forKey: .inputs) {
            inputs = [single]
        } else {
            inputs = try container.decodeIfPresent([String].self, forKey: .inputs) ?? defaults.inputs
        }
        output = try container.decodeIfPresent(String.self, forKey: .output) ?? defaults.output
        if let interval = try container.decodeIfPresent(DurationSetting.self, forKey: .dateHeaderInterval) {
            dateHeaderInterval = interval.seconds
        } else {
            dateHeaderInterval = defaults.dateHeaderInterval
        }
        display = try container.decodeIfPresent(DisplaySettings.self, forKey: .display) ?? DisplaySettings()
        conversations = try container.decodeIfPresent([String: DisplaySettings].self, forKey: .conversations) ?? [:]
        rules = try container.decodeIfPresent([DisplayRule].self, forKey: .rules) ?? []
        formats = try container.decodeIfPresent(FormatSettings.self, forKey: .formats) ?? FormatSettings()
        pageSize = try container.decodeIfPresent(Int.self, forKey: .pageSize) ?? defaults.pageSize
        guard (10...100_000).contains(pageSize) else {
            throw DecodingError.dataCorruptedError(
                forKey: .pageSize, in: container, debugDescription: "a page holds 10 to 100000 messages, not \(pageSize)")
        }
        feeds = try container.decodeIfPresent(Bool.self, forKey: .feeds) ?? defaults.feeds
        feedSize = try container.decodeIfPresent(Int.self, forKey: .feedSize) ?? defaults.feedSize
        guard (1...10_000).contains(feedSize) else {
            throw DecodingError.dataCorruptedError(
                forKey: .feedSize, in: container, debugDescription: "a feed holds 1 to 10000 messages, not \(feedSize)")
        }
        search = try container.decodeIfPresent(SearchSettings.self, forKey: .search) ?? SearchSettings()
        findBar = try container.decodeIfPresent(FindBarSettings.self, forKey: .findBar) ?? FindBarSettings()
        privacy = try container.decodeIfPresent(PrivacySettings.self, forKey: .privacy) ?? PrivacySettings()
        overview = try container.decodeIfPresent(OverviewSettings.self, forKey: .overview) ?? OverviewSettings()
        merge = try container.decodeIfPresent(MergeSettings.self, forKey: .merge) ?? MergeSettings()
        book = try container.decodeIfPresent(BookSettings.self, forKey: .book) ?? BookSettings()
        scope = try container.decodeIfPresent(ScopeSettings.self, forKey: .scope) ?? ScopeSettings()
        people = PeopleSettings(entries: try container.decodeIfPresent([PeopleSettings.Entry].self, forKey: .people) ?? [])
        if let code = try container.decodeIfPresent(String.self, forKey: .region) {
            guard code.count == 2, code.allSatisfy({ $0.isASCII && $0.isUppercase }) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .region, in: container, debugDescription: "\"\(code)\" is not a region code (two capital letters: US, DE, GB)")
            }
            region = code
        } else {
            region = nil
        }
        if container.contains(.protect), try container.decodeNil(forKey: .protect) {
            protect = ProtectionSettings(enabled: true)  // a bare `protect:` turns protection on
        } else {
            protect = try container.decodeIfPresent(ProtectionSettings.self, forKey: .protect) ?? ProtectionSettings()
        }
    }
}

/// The config's `formats:` block: options for importers, by format name (`formats: {irc: {year: 2005}}`).
/// Which keys a format takes is the importer's own business (`ConfigurableImporter`); the config checks
/// them against the importers of the registry it is read with.
public struct FormatSettings: Sendable, Equatable, Decodable {
    /// The options by format name.
    public var options: [String: ImporterOptions]

    public init(options: [String: ImporterOptions] = [:]) {
        self.options = options
    }

    public init(from decoder: any Decoder) throws {
        let registry = decoder.userInfo[.importerRegistry] as? ImporterRegistry ?? .builtIn
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        var options: [String: ImporterOptions] = [:]
        for key in container.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
            guard let importer = registry.importers.first(where: { $0.format == key.stringValue }) as? any ConfigurableImporter
            else {
                throw DecodingError.dataCorrupted(
                    DecodingError.Context(codingPath: container.codingPath + [key], debugDescription: "unknown key"))
            }
            let fields = try container.nestedContainer(keyedBy: AnyCodingKey.self, forKey: key)
            var values: [String: JSONValue] = [:]
            for field in fields.allKeys {
                guard importer.optionKeys.contains(field.stringValue) else {
                    throw DecodingError.dataCorrupted(
                        DecodingError.Context(codingPath: fields.codingPath + [field], debugDescription: "unknown key"))
                }
                values[field.stringValue] = try fields.decode(JSONValue.self, forKey: field)
            }
            do {
                _ = try importer.configured(with: ImporterOptions(values))
            } catch let error as ImporterOptionError {
                throw DecodingError.dataCorrupted(
                    DecodingError.Context(
                        codingPath: fields.codingPath + [AnyCodingKey(stringValue: error.key)], debugDescription: error.message))
            }
            options[key.stringValue] = ImporterOptions(values)
        }
        self.options = options
    }

    /// The registry with the importers these settings configure; relative paths in them are read from `folder`
    /// (the site's).
    func configure(_ registry: ImporterRegistry, relativeTo folder: URL? = nil) throws -> ImporterRegistry {
        try registry.configured(with: options.mapValues { ImporterOptions($0.values, folder: folder ?? $0.folder) })
    }
}

extension CodingUserInfoKey {
    /// The importers a config is read for (an `ImporterRegistry`): its `formats:` block is checked against them.
    public static let importerRegistry = CodingUserInfoKey(rawValue: "transcripts.importerRegistry")!
}
