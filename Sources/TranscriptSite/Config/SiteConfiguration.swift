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
// generate: Decodable
public struct SiteConfiguration: Sendable, Equatable, Decodable {
    /// The site's title, shown on every page.
    public var title: String = "Transcripts"
    /// A sentence under the title on the index page.
    public var description: String?
    /// The participant ids of the archive's owner: their messages are outgoing, on the right.
    // decode: decodeOneOrMany
    public var me: [String] = []
    /// The time zone in which times are shown and dates without an offset are read (IANA name).
    // decode: decodeTimeZone
    public var timeZone: TimeZone = TimeZone(identifier: "UTC")!
    /// The locale that formats dates and times, such as `en_GB` or `de_DE`.
    // decode: decodeLocale
    public var locale: Locale = Locale(identifier: "en_US")
    /// The language of the pages (`<html lang>`); by default the locale's language.
    // default: Self.languageTag(of: locale)
    public var language: String
    /// Files and folders of conversation exports, relative to the site folder.
    // decode: decodeOneOrMany
    public var inputs: [String] = ["conversations"]
    /// The folder the site is written to, relative to the site folder.
    public var output: String = "public"
    /// A date header is shown before a message when more than this many seconds passed since the previous
    /// one (MessageKit's `showsDateHeaderAfterTimeInterval`).
    // decode: decodeDuration
    public var dateHeaderInterval: TimeInterval = 3600
    /// How messages look (colours, bubble style, tails, footers, avatars, layout) on the whole site.
    public var display: DisplaySettings = DisplaySettings()
    /// Display settings for single conversations, by conversation id.
    public var conversations: [String: DisplaySettings] = [:]
    /// Display settings for the messages that match, applied in order after the others.
    public var rules: [DisplayRule] = []
    /// Settings of the import formats: `formats: {whatsapp: {dateOrder: dayFirst}}`.
    public var formats: FormatSettings = FormatSettings()
    /// The most messages on one page: a conversation has a page per month, a longer month several.
    // decode: decodePageSize
    public var pageSize: Int = 1000
    /// Whether each conversation gets an Atom feed of its newest messages (`c/<id>/feed.xml`).
    public var feeds: Bool = true
    /// How many of the newest messages a feed holds.
    // decode: decodeFeedSize
    public var feedSize: Int = 50
    /// The search index: on or off, and the conversations it leaves out.
    public var search: SearchSettings = SearchSettings()
    /// The measures of the find bar on conversation pages.
    public var findBar: FindBarSettings = FindBarSettings()
    /// What the build hides before anything is rendered: pseudonyms, excluded people, redaction, image
    /// metadata, search engines.
    public var privacy: PrivacySettings = PrivacySettings()
    /// Whether the site is passphrase-protected, and how (see docs/protect.md).
    // decode: decodeProtection
    public var protect: ProtectionSettings = ProtectionSettings()
    /// What conversations' overview pages show: activity charts and statistics, gallery pages.
    public var overview: OverviewSettings = OverviewSettings()
    /// Which conversations of the exports are one where their ids say otherwise (`merge: {join, separate}`).
    public var merge: MergeSettings = MergeSettings()
    /// Which conversations get books beside their pages, and what the books' title pages show.
    public var book: BookSettings = BookSettings()
    /// Who is who across conversations and apps: each person's ids, or contacts files (see docs/people.md).
    // decode: decodePeople
    public var people: PeopleSettings = PeopleSettings()
    /// The region phone numbers written without a country code are read in (`DE`, `US`); by default the
    /// locale's region.
    // decode: decodeRegion
    public var region: String?
    /// A site of some people, conversations or days of the archive (`scope:`).
    public var scope: ScopeSettings = ScopeSettings()

    /// Reads `transcripts.yml`'s keys, as declared above (the TemplateKeys plugin writes `init(keysFrom:)`, and
    /// the memberwise `init` with each key's default).
    public init(from decoder: any Decoder) throws {
        try self.init(keysFrom: decoder)
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

// The keys of `SiteConfiguration` that are not read as their type is.
extension KeyedDecodingContainer<SiteConfiguration.CodingKeys> {
    /// An IANA time zone name.
    func decodeTimeZone(forKey key: Key) throws -> TimeZone? {
        guard let name = try decodeIfPresent(String.self, forKey: key) else { return nil }
        guard let zone = TimeZone(identifier: name) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self,
                debugDescription: "\"\(name)\" is not a time zone name (examples: UTC, Europe/Berlin, America/New_York)")
        }
        return zone
    }

    /// A locale the system knows, or whose language it knows (`de-AT` is read as `de_AT`).
    func decodeLocale(forKey key: Key) throws -> Locale? {
        guard let identifier = try decodeIfPresent(String.self, forKey: key) else { return nil }
        let known = Set(Locale.availableIdentifiers)
        let normalized = identifier.replacingOccurrences(of: "-", with: "_")
        guard known.contains(normalized) || known.contains(SiteConfiguration.languageTag(of: Locale(identifier: normalized))) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "\"\(identifier)\" is not a known locale (examples: en_US, en_GB, de_DE, ja_JP)")
        }
        return Locale(identifier: normalized)
    }

    /// 10 to 100000 messages a page.
    func decodePageSize(forKey key: Key) throws -> Int? {
        guard let size = try decodeIfPresent(Int.self, forKey: key) else { return nil }
        guard (10...100_000).contains(size) else {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "a page holds 10 to 100000 messages, not \(size)")
        }
        return size
    }

    /// 1 to 10000 messages a feed.
    func decodeFeedSize(forKey key: Key) throws -> Int? {
        guard let size = try decodeIfPresent(Int.self, forKey: key) else { return nil }
        guard (1...10_000).contains(size) else {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "a feed holds 1 to 10000 messages, not \(size)")
        }
        return size
    }

    /// The block, or a bare `protect:`, which turns protection on with the defaults.
    func decodeProtection(forKey key: Key) throws -> ProtectionSettings? {
        if contains(key), try decodeNil(forKey: key) { return ProtectionSettings(enabled: true) }
        return try decodeIfPresent(ProtectionSettings.self, forKey: key)
    }

    /// The list of people and contacts files.
    func decodePeople(forKey key: Key) throws -> PeopleSettings? {
        try decodeIfPresent([PeopleSettings.Entry].self, forKey: key).map { PeopleSettings(entries: $0) }
    }

    /// Two capital letters.
    func decodeRegion(forKey key: Key) throws -> String? {
        guard let code = try decodeIfPresent(String.self, forKey: key) else { return nil }
        guard code.count == 2, code.allSatisfy({ $0.isASCII && $0.isUppercase }) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "\"\(code)\" is not a region code (two capital letters: US, DE, GB)")
        }
        return code
    }
}

/// The config's `formats:` block: options for importers, by format name (`formats: {irc: {year: 2005}}`).
/// Which keys a format takes is the importer's own business (`ConfigurableImporter`); the config checks
/// them against the importers of the registry it is read with, so its keys are decoded by hand.
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
