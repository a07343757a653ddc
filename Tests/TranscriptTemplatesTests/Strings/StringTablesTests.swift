import Foundation
import Testing
import TranscriptTestSupport

@testable import TranscriptModel
@testable import TranscriptSupport
@testable import TranscriptTemplates

@Suite struct StringTablesTests {
    static let packageFolder = TestSupport.packageFolder

    func placeholders(_ text: String) -> Set<String> {
        Set(text.matches(of: /\{(\w+)\}/).map { String($0.output.1) })
    }

    @Test func eightLanguagesAreBuiltIn() {
        #expect(StringTables.builtInLanguages == ["ar", "de", "en", "es", "fr", "it", "ja", "pt"])
    }

    @Test func everyBuiltInTableHasExactlyTheEnglishKeys() throws {
        let english = StringTables.english
        #expect(english.entries.count > 190)
        for language in StringTables.builtInLanguages {
            let file = try #require(StringTables.builtIn(language))
            let (entries, problems) = try file.entries()
            #expect(problems.isEmpty, "\(language): \(problems)")
            let missing = Set(english.entries.keys).subtracting(entries.keys).sorted()
            let extra = Set(entries.keys).subtracting(english.entries.keys).sorted()
            #expect(missing.isEmpty, "\(language) lacks \(missing)")
            #expect(extra.isEmpty, "\(language) has keys English has not: \(extra)")
            let needed = Set(PluralCategory.categories(of: language))
            for (key, entry) in entries {
                switch (english.entries[key], entry) {
                case (.text(let original)?, .text(let translated)):
                    #expect(placeholders(translated) == placeholders(original), "\(language).\(key): \(translated)")
                case (.plural(let original)?, .plural(let forms)):
                    // Every category the language uses, and no other.
                    #expect(Set(forms.keys) == needed, "\(language).\(key): \(forms.keys.map(\.rawValue).sorted())")
                    let wanted = placeholders(original[.other]!)
                    #expect(placeholders(forms[.other]!) == wanted, "\(language).\(key)")
                    for (_, form) in forms { #expect(placeholders(form).isSubset(of: wanted), "\(language).\(key): \(form)") }
                default:
                    Issue.record("\(language).\(key) is a text where English has forms, or the other way round")
                }
            }
        }
    }

    @Test func translationsAreNotLeftInEnglish() throws {
        // Single words may be the same in a language (Audio, Video, Emoji, Link); no phrase of three words or more is.
        for language in StringTables.builtInLanguages where language != "en" {
            let (table, _) = try StringTables.table(language: language)
            let same = StringTables.english.entries.keys.filter { key in
                let words = StringTables.english.text(key).replacing(/\{\w+\}/, with: "").split(whereSeparator: { !$0.isLetter })
                return table.entries[key] == StringTables.english.entries[key] && words.count >= 3
            }.sorted()
            #expect(same.isEmpty, "\(language) keeps English for \(same)")
        }
    }

    @Test func everyKeyTheTemplatesScriptsAndCodeUseExists() throws {
        let keys = Set(StringTables.english.entries.keys)
        var used: [(file: String, key: String)] = []
        let folders = ["Templates", "Sources"]
        for folder in folders {
            let root = Self.packageFolder.appendingPathComponent(folder)
            let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
            while let url = walker?.nextObject() as? URL {
                guard ["mustache", "js", "swift"].contains(url.pathExtension) else { continue }
                let text = try String(contentsOf: url, encoding: .utf8)
                let patterns: [Regex<(Substring, Substring)>] = [
                    /\{\{\{?t\.(\w+)/, /strings\.(?:text|plural)\(\s*"(\w+)"\s*[,)]/, /[^\w.]t\("(\w+)", "/,
                ]
                for pattern in patterns {
                    for match in text.matches(of: pattern) where !["json", "pageJSON"].contains(match.output.1) {
                        used.append((url.lastPathComponent, String(match.output.1)))
                    }
                }
            }
        }
        #expect(used.count > 150)
        let unknown = used.filter { !keys.contains($0.key) }.map { "\($0.file): \($0.key)" }
        #expect(unknown.isEmpty, "\(unknown)")
        for key in StringsObject.scriptKeys { #expect(keys.contains(key), "\(key)") }
    }

    @Test func aSiteFileOverridesSomeWordsOfABuiltInLanguage() throws {
        let file = StringFile(name: "de", origin: "Templates/strings/de.yml", contents: """
            search: Finden
            messageCount:
              one: "{count} Notiz"
              other: "{count} Notizen"
            """)
        let (table, warnings) = try StringTables.table(language: "de", locale: "de_DE", siteFiles: ["de": file])
        #expect(warnings.isEmpty)
        #expect(table.text("search") == "Finden")
        #expect(table.plural("messageCount", count: 1) == "1 Notiz")
        #expect(table.text("allMonths") == "Alle Monate")
    }

    @Test func theLocalesOwnFileComesFirst() throws {
        let (table, warnings) = try StringTables.table(language: "pt", locale: "pt_PT", siteFiles: [
            "pt": StringFile(name: "pt", origin: "strings/pt.yml", contents: "search: Procurar\n"),
            "pt_PT": StringFile(name: "pt_PT", origin: "strings/pt_PT.yml", contents: "search: Pesquisar\ncopyLink: Copiar ligação\n"),
        ])
        #expect(warnings.isEmpty)
        #expect(table.text("copyLink") == "Copiar ligação")
        #expect(table.text("search") == "Pesquisar")
    }

    @Test func aLanguageWithoutATableFallsBackToEnglishWithWarnings() throws {
        let none = try StringTables.table(language: "nl", locale: "nl_NL")
        #expect(none.table.text("search") == "Search")
        #expect(none.warnings == [
            "there are no strings for the language \"nl\" (built in: ar, de, en, es, fr, it, ja, pt); the pages are in English. "
                + "Add Templates/strings/nl.yml to translate them",
        ])
        let file = StringFile(name: "nl", origin: "Templates/strings/nl.yml", contents: "search: Zoeken\nfindInConversation: Zoek in dit gesprek\n")
        let partial = try StringTables.table(language: "nl", locale: "nl_NL", siteFiles: ["nl": file])
        #expect(partial.table.text("search") == "Zoeken")
        #expect(partial.table.text("allMonths") == "All months")
        #expect(partial.warnings.count == 1)
        let warning = try #require(partial.warnings.first)
        #expect(warning.hasPrefix("Templates/strings/nl.yml: no text for \"activity\", \"all\", \"allMonths\", "))
        #expect(warning.hasSuffix("; these are shown in English"))
        #expect(!warning.contains("\"search\""))
    }

    @Test func unknownKeysAndWrongShapesAreWarnedAboutAndSkipped() throws {
        let file = StringFile(name: "en", origin: "Templates/strings/en.yml", contents: """
            serch: Find
            search: Find
            messageCount: lots
            replyCount:
              one: "{count} answer"
            voteCount:
              single: "{count} vote"
              other: "{count} ballots"
            """)
        let (table, warnings) = try StringTables.table(language: "en", locale: "en_GB", siteFiles: ["en": file])
        #expect(table.text("search") == "Find")
        #expect(table.plural("messageCount", count: 2) == "2 messages")
        #expect(table.plural("replyCount", count: 2) == "2 replies")
        #expect(table.plural("voteCount", count: 1) == "1 ballots")
        #expect(warnings == [
            "Templates/strings/en.yml: \"voteCount\": \"single\" is not a plural category (zero, one, two, few, many, other) with a text",
            "Templates/strings/en.yml: \"messageCount\" must be texts by plural category (one: …, other: …); the built-in text is used",
            "Templates/strings/en.yml: \"replyCount\" has no \"other\" form; the built-in forms are used",
            "Templates/strings/en.yml: unknown key \"serch\" (the keys are those of the built-in strings/en.yml)",
        ])
    }

    /// Values YAML could take for numbers, booleans, nulls or dates are read as the text they are written as.
    @Test func everyValueIsReadAsItsText() throws {
        let file = StringFile(name: "de", origin: "Templates/strings/de.yml", contents: """
            a: yes
            b: 1.50
            c: ~
            d: 2024-05-03
            e: 0x1F
            "f": "quoted: yes"
            g:
              one: no
              other: null
            """)
        let (entries, problems) = try file.entries()
        #expect(problems.isEmpty)
        #expect(entries == [
            "a": .text("yes"), "b": .text("1.50"), "c": .text("~"), "d": .text("2024-05-03"), "e": .text("0x1F"),
            "f": .text("quoted: yes"), "g": .plural([.one: "no", .other: "null"]),
        ])
    }

    @Test func aFileThatIsNotAMappingIsAnError() {
        let file = StringFile(name: "de", origin: "Templates/strings/de.yml", contents: "- a\n- b\n")
        #expect(throws: TranscriptsError.self) { try StringTables.table(language: "de", siteFiles: ["de": file]) }
        let broken = StringFile(name: "de", origin: "Templates/strings/de.yml", contents: "a: [b\n")
        #expect(throws: TranscriptsError.self) { try StringTables.table(language: "de", siteFiles: ["de": broken]) }
    }

    @Test func theScriptsGetTheirWordsAsSafeJSON() throws {
        let table = StringTable(language: "de", entries: [
            "copyLink": .text("Link </script> & \"kopieren\"\u{2028}"),
            "resultCount": .plural([.one: "{count} Ergebnis", .other: "{count} Ergebnisse"]),
        ])
        #expect(StringsObject(table).json == #"{"lang":"de","copyLink":"Link \u003c/script\u003e \u0026 \"kopieren\"\u2028","resultCount":{"one":"{count} Ergebnis","other":"{count} Ergebnisse"}}"#)
        let parsed = try JSONSerialization.jsonObject(with: Data(StringsObject(table).json.utf8)) as? [String: Any]
        #expect(parsed?["copyLink"] as? String == "Link </script> & \"kopieren\"\u{2028}")
    }
}
