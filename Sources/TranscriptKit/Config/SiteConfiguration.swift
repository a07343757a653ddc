import Foundation

/// A site's settings, read from its `transcripts.yml`.
///
/// Every key is optional. Unknown keys and bad values are errors that name the key and the file.
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

    public init(
        title: String = "Transcripts", description: String? = nil, me: [String] = [],
        timeZone: TimeZone = TimeZone(identifier: "UTC")!, locale: Locale = Locale(identifier: "en_US"),
        language: String? = nil, inputs: [String] = ["conversations"], output: String = "public",
        dateHeaderInterval: TimeInterval = 3600, display: DisplaySettings = DisplaySettings(),
        conversations: [String: DisplaySettings] = [:], rules: [DisplayRule] = [],
        formats: FormatSettings = FormatSettings(), pageSize: Int = 1000, feeds: Bool = true, feedSize: Int = 50,
        search: SearchSettings = SearchSettings(), findBar: FindBarSettings = FindBarSettings()
    ) {
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

    /// Every template that the display settings name as a footer.
    var footerTemplates: [String] {
        func names(_ settings: DisplaySettings) -> [String] {
            [settings.footerTemplate, settings.outgoing?.settings.footerTemplate, settings.incoming?.settings.footerTemplate]
                .compactMap { $0 }
        }
        let all = names(display) + conversations.keys.sorted().flatMap { names(conversations[$0]!) } + rules.flatMap { names($0.display) }
        return Array(Set(all)).sorted()
    }

    static func languageTag(of locale: Locale) -> String {
        locale.identifier.split(whereSeparator: { $0 == "_" || $0 == "-" || $0 == "@" }).first.map(String.init) ?? "en"
    }
}

extension SiteConfiguration: Decodable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case title, description, me, timeZone, locale, language, inputs, output, dateHeaderInterval, display
        case conversations, rules, formats, pageSize, feeds, feedSize, search, findBar
    }

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
    }
}

/// A duration written as seconds (`3600`) or with units (`90m`, `1h`, `1h30m`, `2d`, `45s`).
struct DurationSetting: Decodable {
    var seconds: TimeInterval

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Double.self) {
            guard number >= 0 else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "a duration cannot be negative")
            }
            seconds = number
            return
        }
        let text = try container.decode(String.self)
        guard let parsed = Self.parse(text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "\"\(text)\" is not a duration (examples: 3600, 90m, 1h, 1h30m, 2d)")
        }
        seconds = parsed
    }

    static func parse(_ text: String) -> TimeInterval? {
        var total = 0.0
        var number = ""
        var sawUnit = false
        for character in text.trimmingCharacters(in: .whitespaces) {
            if character.isNumber || character == "." {
                number.append(character)
                continue
            }
            let unit: Double
            switch character {
            case "s": unit = 1
            case "m": unit = 60
            case "h": unit = 3600
            case "d": unit = 86_400
            default: return nil
            }
            guard let value = Double(number) else { return nil }
            total += value * unit
            number = ""
            sawUnit = true
        }
        if !number.isEmpty {
            guard !sawUnit, let value = Double(number) else { return nil }
            total += value
        }
        return sawUnit || !text.isEmpty ? total : nil
    }
}

/// Settings of the import formats, for what an export does not say itself.
public struct FormatSettings: Sendable, Equatable, Decodable {
    /// WhatsApp: the order of day, month and year in dates, when the file's own dates cannot tell.
    public var whatsAppDateOrder: WhatsAppImporter.DateOrder?
    /// IRC: the year of dircproxy logs whose file names hold no date.
    public var ircYear: Int?

    public init(whatsAppDateOrder: WhatsAppImporter.DateOrder? = nil, ircYear: Int? = nil) {
        self.whatsAppDateOrder = whatsAppDateOrder
        self.ircYear = ircYear
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case whatsapp, irc }
    enum WhatsAppKeys: String, CodingKey, CaseIterable { case dateOrder }
    enum IRCKeys: String, CodingKey, CaseIterable { case year }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if container.contains(.irc) {
            let irc = try container.superDecoder(forKey: .irc)
            try irc.rejectUnknownKeys(IRCKeys.self)
            ircYear = try irc.container(keyedBy: IRCKeys.self).decodeIfPresent(Int.self, forKey: .year)
        }
        guard container.contains(.whatsapp) else { return }
        let whatsapp = try container.superDecoder(forKey: .whatsapp)
        try whatsapp.rejectUnknownKeys(WhatsAppKeys.self)
        let fields = try whatsapp.container(keyedBy: WhatsAppKeys.self)
        if let text = try fields.decodeIfPresent(String.self, forKey: .dateOrder) {
            guard let order = WhatsAppImporter.DateOrder(rawValue: text) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .dateOrder, in: fields,
                    debugDescription: "\"\(text)\" is not a date order (\(WhatsAppImporter.DateOrder.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            whatsAppDateOrder = order
        }
    }

    /// The registry with the importers these settings configure.
    func configure(_ registry: ImporterRegistry) -> ImporterRegistry {
        guard whatsAppDateOrder != nil || ircYear != nil else { return registry }
        return ImporterRegistry(importers: registry.importers.map { importer in
            if let order = whatsAppDateOrder, importer is WhatsAppImporter { return WhatsAppImporter(dateOrder: order) }
            if let year = ircYear, importer is IRCImporter { return IRCImporter(year: year) }
            return importer
        })
    }
}
