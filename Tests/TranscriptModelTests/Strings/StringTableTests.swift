import Testing
import TranscriptTestSupport

@testable import TranscriptModel

@Suite struct StringTableTests {
    let table = StringTable(language: "ar", entries: [
        "forwardedFrom": .text("Forwarded from {name}"),
        "replyCount": .plural([.zero: "no replies", .one: "one reply", .two: "two replies", .few: "{count} few", .many: "{count} many", .other: "{count} other"]),
        "listTwo": .text("{first} و{second}"), "listSeparator": .text("، "), "listLast": .text("{list} و{last}"),
    ])

    @Test func fillsPlaceholdersOnceAndKeepsOtherBraces() {
        #expect(table.text("forwardedFrom", ["name": "Ana"]) == "Forwarded from Ana")
        // A value's own braces are never read again, and unknown placeholders stay as they are.
        #expect(table.text("forwardedFrom", ["name": "{name} <b>"]) == "Forwarded from {name} <b>")
        #expect(StringTable.fill("{a}{b} {c} {", [("a", "1"), ("b", "{a}")]) == "1{a} {c} {")
        #expect(table.text("forwardedFrom") == "Forwarded from {name}")
    }

    @Test func picksThePluralFormByTheLanguagesRules() {
        #expect([0, 1, 2, 3, 11, 100].map { table.plural("replyCount", count: $0) } == [
            "no replies", "one reply", "two replies", "3 few", "11 many", "100 other",
        ])
        let english = StringTable(language: "en", entries: ["messageCount": .plural([.one: "{count} message", .other: "{count} messages"])])
        #expect(english.plural("messageCount", count: 1) == "1 message")
        #expect(english.plural("messageCount", count: 0) == "0 messages")
        // A form the table lacks falls back to `other`.
        let partial = StringTable(language: "fr", entries: ["n": .plural([.one: "{count} un", .other: "{count} autres"])])
        #expect(partial.plural("n", count: 1_000_000) == "1000000 autres")
    }

    @Test func anUnknownKeyIsShownAsItself() {
        #expect(table.text("nothing") == "nothing")
        #expect(table.plural("nothing", count: 2) == "nothing")
    }

    @Test func joinsListsInTheLanguage() {
        #expect(table.list([]) == "")
        #expect(table.list(["أ"]) == "أ")
        #expect(table.list(["أ", "ب"]) == "أ وب")
        #expect(table.list(["أ", "ب", "ج"]) == "أ، ب وج")
    }

    /// Filling by bytes gives what filling by `Substring`s gave (the first implementation, kept here), on texts
    /// of braces, names, text beyond ASCII and a name in decomposed form.
    @Test func fillingAgreesWithFillingBySubstrings() {
        func bySubstrings(_ text: String, _ values: [(String, String)]) -> String {
            guard text.contains("{") else { return text }
            var result = ""
            var rest = text[...]
            while let brace = rest.firstIndex(of: "{") {
                result += rest[..<brace]
                let after = rest[rest.index(after: brace)...]
                if let end = after.firstIndex(of: "}"), let value = values.first(where: { $0.0 == after[..<end] })?.1 {
                    result += value
                    rest = after[after.index(after: end)...]
                } else {
                    result.append("{")
                    rest = after
                }
            }
            return result + rest
        }
        let values = [("a", "1"), ("name", "{a}"), ("a", "second"), ("é", "accent"), ("", "empty")]
        let pieces = ["{", "}", "a", "name", "é", "e\u{301}", " ", "ü", "{a}", "x"]
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<20_000 {
            let text = (0..<Int.random(in: 0...8, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            #expect(StringTable.fill(text, values) == bySubstrings(text, values), "\(text.debugDescription)")
        }
        #expect(StringTable.fill("{e\u{301}}", values) == "accent")
    }
}
