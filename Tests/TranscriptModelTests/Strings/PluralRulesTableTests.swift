import Foundation
import Testing
import TranscriptTestSupport

@testable import TranscriptModel

/// The plural rules against CLDR's own data: the committed table is CLDR's, and every whole-number example CLDR
/// gives for a rule falls in that rule's category, in every language CLDR has (those of the strings tables among
/// them).
@Suite(.enabled(if: CLDRPlurals.isInstalled, "needs CLDR's plurals.xml (Debian's unicode-cldr-core; scripts/test.sh installs it)"))
struct PluralRulesTableTests {
    static let tableFile = TestSupport.packageFolder.appendingPathComponent("Sources/TranscriptModel/Strings/PluralRules+Table.swift")

    @Test func theCommittedTableIsCLDRs() throws {
        let source = try CLDRPlurals.tableSource()
        if ProcessInfo.processInfo.environment["TRANSCRIPTS_UPDATE_GENERATED"] == "1" {
            try source.write(to: Self.tableFile, atomically: true, encoding: .utf8)
        }
        #expect(
            try String(contentsOf: Self.tableFile, encoding: .utf8) == source,
            "PluralRules+Table.swift is not what plurals.xml gives: run TRANSCRIPTS_UPDATE_GENERATED=1 swift test --filter PluralRulesTableTests")
    }

    @Test func everyWholeNumberExampleOfCLDRFallsInItsCategory() throws {
        var checked = 0
        var wrong: [String] = []
        for group in try CLDRPlurals.groups() {
            for rule in group.rules {
                for locale in group.locales.split(separator: " ") {
                    for number in rule.integers {
                        checked += 1
                        let category = PluralCategory.of(Int(number), language: String(locale)).rawValue
                        if category != rule.category { wrong.append("\(locale) \(number): \(category), not \(rule.category)") }
                    }
                }
            }
        }
        #expect(checked > 5_000)
        #expect(wrong.isEmpty, "\(wrong.prefix(10))")
    }

    @Test func everyLanguageOfTheStringsTablesHasCLDRsRules() throws {
        let languages = try FileManager.default.contentsOfDirectory(
            atPath: TestSupport.packageFolder.appendingPathComponent("Templates/strings").path
        ).filter { $0.hasSuffix(".yml") }.map { String($0.dropLast(4)) }
        #expect(languages.count >= 8)
        for language in languages {
            #expect(PluralRules.byLanguage[language] != nil, "\(language)")
        }
    }
}
