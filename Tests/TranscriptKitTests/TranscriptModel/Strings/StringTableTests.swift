import Testing

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
}
