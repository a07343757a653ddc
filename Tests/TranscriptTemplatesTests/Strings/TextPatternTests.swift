import Testing

@testable import TranscriptModel
@testable import TranscriptTemplates

/// Texts cut at their placeholders once give what filling them in each time gives.
@Suite struct TextPatternTests {
    let table = StringTable(language: "en", entries: [
        "reactionsFrom": .text("from {names}"),
        "swapped": .text("{second} before {first}, {first} again {braces}"),
        "plain": .text("no placeholders"),
        "counted": .plural([.one: "one {thing}", .other: "{count} {thing}s"]),
        "withNUL": .text("a\u{0}b {names}"),
    ])

    @Test func aFilledPatternIsTheFilledText() throws {
        let from = try #require(TextPattern("reactionsFrom", in: table, names: ["names"]))
        #expect(from.filled(["Ana, Ben and Carla"]) == "from Ana, Ben and Carla")
        // Values are not read for placeholders again, in either form.
        #expect(from.filled(["{names}"]) == table.text("reactionsFrom", ["names": "{names}"]))
        let swapped = try #require(TextPattern("swapped", in: table, names: ["first", "second"]))
        #expect(swapped.filled(["1", "2"]) == "2 before 1, 1 again {braces}")
        #expect(swapped.filled(["1", "2"]) == table.text("swapped", ["first": "1", "second": "2"]))
        #expect(TextPattern("plain", in: table, names: ["names"])?.filled(["x"]) == "no placeholders")
        // A plural entry gives its `other` form, and a key the table lacks is shown as itself.
        #expect(TextPattern("counted", in: table, names: ["thing"])?.filled(["cat"]) == table.text("counted", ["thing": "cat"]))
        #expect(TextPattern("missing", in: table, names: ["names"])?.filled(["x"]) == "missing")
    }

    @Test func aTextHoldingANULIsNotCut() {
        #expect(TextPattern("withNUL", in: table, names: ["names"]) == nil)
    }

    @Test func joinedIsJoinedWithASeparator() {
        let items = ["Ana", "李雷", "", "e\u{301}"]
        for count in 0...items.count {
            #expect(TextPattern.joined(items[..<count], separator: "، ") == items[..<count].joined(separator: "، "))
        }
    }

    /// In every built-in language, lists of names made from the cut texts are the table's lists.
    @Test func listsAreTheTablesListsInEveryLanguage() throws {
        let names = ["Ana", "Ben {first}", "Carla", "李雷", "Zoë", ""]
        for language in StringTables.builtInLanguages {
            let strings = try StringTables.table(language: language).table
            let pattern = ListPattern(strings: strings)
            for count in 0...names.count {
                let items = Array(names.prefix(count))
                #expect(pattern.list(items) == strings.list(items), "\(language) \(count)")
            }
            let from = try #require(TextPattern("reactionsFrom", in: strings, names: ["names"]), "\(language)")
            #expect(from.filled(["Ana"]) == strings.text("reactionsFrom", ["names": "Ana"]), "\(language)")
        }
    }

    /// A table whose list texts cannot be cut gives the table's lists all the same.
    @Test func listsFallBackToTheTable() {
        let odd = StringTable(language: "en", entries: [
            "listTwo": .text("{first}\u{0}{second}"), "listSeparator": .text("; "), "listLast": .text("{list}\u{0}{last}"),
        ])
        let pattern = ListPattern(strings: odd)
        for items in [["a", "b"], ["a", "b", "c"]] { #expect(pattern.list(items) == odd.list(items)) }
    }
}
