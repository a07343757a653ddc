import Foundation
import TranscriptModel

/// Picks and assembles a site's `StringTable`: the built-in table of its language (`strings/<language>.yml`,
/// compiled in), with the site's own `Templates/strings/<locale>.yml` or `<language>.yml` on top. What neither
/// has comes from English, with a warning; so does everything for a language with no table at all.
public enum StringTables {
    /// The languages with a built-in table.
    public static var builtInLanguages: [String] {
        EmbeddedTemplates.files.compactMap { file in
            file.path.hasPrefix(folder) && file.path.hasSuffix(".yml")
                ? String(file.path.dropFirst(folder.count).dropLast(4)) : nil
        }.sorted()
    }

    /// The built-in table of `language`, or nil when there is none.
    public static func builtIn(_ language: String) -> StringFile? {
        let path = folder + language + ".yml"
        return EmbeddedTemplates.files.first { $0.path == path }.map {
            StringFile(name: language, origin: "built-in " + path, contents: $0.contents)
        }
    }

    /// The built-in English table: complete, and what every other table is checked against.
    public static let english: StringTable = {
        // The built-in file is tested to read without problems.
        let entries = (try? builtIn("en")?.entries().entries) ?? [:]
        return StringTable(language: "en", entries: entries)
    }()

    /// The table for `language` (and `locale`'s own file when there is one), and warnings for what comes from
    /// English instead: keys a site's file leaves out (when no built-in table has them), keys no table
    /// knows, a language with no table.
    ///
    /// - parameter language: the pages' language (`de`), which picks the built-in table and the plural rules.
    /// - parameter locale: the configured locale (`de_AT`), whose file a site may give instead of the language's.
    /// - parameter siteFiles: the site's `strings/` files by name (`TemplateSet.stringOverrides`).
    public static func table(
        language: String, locale: String? = nil, siteFiles: [String: StringFile] = [:]
    ) throws -> (table: StringTable, warnings: [String]) {
        var warnings: [String] = []
        var entries = english.entries
        // English is read once (`english`).
        let builtIn = language == "en" ? (entries: english.entries, problems: []) : try builtIn(language).map { try $0.entries() }
        var names = [language]
        if let locale, locale != language {
            names.insert(locale, at: 0)
            names.insert(locale.replacingOccurrences(of: "_", with: "-"), at: 1)
        }
        let site = names.lazy.compactMap { siteFiles[$0] }.first
        if let builtIn { entries.merge(builtIn.entries) { _, new in new } }
        if let site {
            let (overrides, problems) = try site.entries()
            warnings += problems.map { site.origin + ": " + $0 }
            for key in overrides.keys.sorted() {
                guard let english = english.entries[key] else {
                    warnings.append("\(site.origin): unknown key \"\(key)\" (the keys are those of the built-in strings/en.yml)")
                    continue
                }
                switch (english, overrides[key]!) {
                case (.text, .plural), (.plural, .text):
                    warnings.append("\(site.origin): \"\(key)\" must be \(english.isPlural ? "texts by plural category (one: …, other: …)" : "a text"); the built-in text is used")
                case (.plural, .plural(let forms)) where forms[.other] == nil:
                    warnings.append("\(site.origin): \"\(key)\" has no \"other\" form; the built-in forms are used")
                default:
                    entries[key] = overrides[key]!
                }
            }
            if builtIn == nil {
                let missing = english.entries.keys.filter { overrides[$0] == nil }.sorted()
                if !missing.isEmpty {
                    warnings.append("\(site.origin): no text for \(missing.map { "\"\($0)\"" }.joined(separator: ", ")); these are shown in English")
                }
            }
        } else if builtIn == nil, language.lowercased() != "en" {
            warnings.append(
                "there are no strings for the language \"\(language)\" (built in: \(builtInLanguages.joined(separator: ", "))); "
                    + "the pages are in English. Add Templates/strings/\(language).yml to translate them")
        }
        return (StringTable(language: language, entries: entries), warnings)
    }

    static let folder = "strings/"
}

extension StringTable.Entry {
    var isPlural: Bool {
        if case .plural = self { return true }
        return false
    }
}
