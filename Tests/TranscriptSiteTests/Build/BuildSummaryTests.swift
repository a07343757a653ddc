import Testing

@testable import TranscriptSite

/// The summary's lines: a conversation's title of any length takes one short line.
@Suite struct BuildSummaryTests {
    @Test func aLongTitleIsShortenedInTheLinesAndKeptWholeInTheReport() throws {
        var summary = BuildSummary()
        let title = String(repeating: "A", count: 100_000)
        summary.conversations = [.init(title: title, file: "result.json", messagesRead: 1, messagesRendered: 1)]
        let line = try #require(summary.report.split(separator: "\n").last)
        #expect(line == "  " + String(repeating: "A", count: 79) + "…: 1 read, 1 rendered (result.json)")
        #expect(summary.conversations[0].title == title)
    }

    @Test func aShortTitleIsShownAsItIs() {
        #expect(BuildSummary.shortened("Family 👪") == "Family 👪")
        #expect(BuildSummary.shortened(String(repeating: "é", count: 80)) == String(repeating: "é", count: 80))
    }
}
