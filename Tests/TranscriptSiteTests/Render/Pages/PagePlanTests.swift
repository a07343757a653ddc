import Foundation
import Testing

@testable import TranscriptImport
@testable import TranscriptModel
@testable import TranscriptRender
@testable import TranscriptSite

@Suite struct PagePlanTests {
    func messages(_ dates: [String]) -> [Message] {
        dates.enumerated().map { index, date in
            Message(id: "\(index + 1)", sender: "ann", date: Timestamp(iso8601: date, defaultTimeZone: nil)!, kind: .text("m\(index + 1)"))
        }
    }

    let dates = DateTexts(timeZone: TimeZone(identifier: "Europe/Berlin")!, locale: Locale(identifier: "en_GB"))

    @Test func aPagePerMonthAndALongMonthInParts() {
        let plan = PagePlan(
            messages: messages([
                "2024-04-30T21:59:00Z", "2024-04-30T22:01:00Z",  // 23:59 and 00:01 in Berlin: April, then May
                "2024-05-02T10:00:00Z", "2024-05-03T10:00:00Z", "2024-05-04T10:00:00Z", "2024-05-05T10:00:00Z",
                "2024-05-01T10:00:00Z",  // earlier than the one before: stays on its page, the file's order is kept
                "2024-07-01T10:00:00Z",
            ]), dates: dates, pageSize: 3)
        #expect(plan.pages.map(\.file) == ["2024-04.html", "2024-05.html", "2024-05-2.html", "2024-07.html"])
        #expect(plan.pages.map(\.range) == [0..<1, 1..<4, 4..<7, 7..<8])
        #expect(plan.pages.map(\.monthTitle) == ["April 2024", "May 2024", "May 2024", "July 2024"])
        #expect((0..<8).map(plan.pageFiles.page(of:)) == [0, 1, 1, 1, 2, 2, 2, 3])
    }

    @Test func newerMessagesNeverMoveOlderOnes() {
        let before = ["2024-05-01T10:00:00Z", "2024-05-02T10:00:00Z", "2024-05-03T10:00:00Z", "2024-06-01T10:00:00Z"]
        let after = before + ["2024-06-02T10:00:00Z", "2024-06-03T10:00:00Z", "2024-08-01T10:00:00Z"]
        let old = PagePlan(messages: messages(before), dates: dates, pageSize: 2)
        let new = PagePlan(messages: messages(after), dates: dates, pageSize: 2)
        for index in before.indices {
            #expect(old.pageFiles[index] == new.pageFiles[index])
        }
    }

    @Test func pagesLinkToEachOtherAndRepliesFindTheirPage() throws {
        let site = try TestSupport.makeSite(
            config: "me: me\ntimeZone: UTC\nlocale: en_GB\npageSize: 10\n",
            conversations: ["c.json": TestSupport.conversation(messages: [
                #"{"id": "1", "sender": "ann", "date": "2024-05-03T09:30:00Z", "text": "in May"}"#,
                #"{"id": "2", "sender": "me", "date": "2024-06-03T09:30:00Z", "text": "in June", "replyTo": "1"}"#,
                #"{"id": "3", "sender": "ann", "date": "2024-06-03T09:31:00Z", "text": "thread reply", "thread": "1"}"#,
            ])])
        let summary = try SiteBuilder(options: BuildOptions(site: site)).build()
        #expect(summary.pages == 5)  // two months, the timeline, the index and the search page
        let folder = site.appendingPathComponent("public/c/chat")
        let may = try TestSupport.read(folder.appendingPathComponent("2024-05.html"))
        let june = try TestSupport.read(folder.appendingPathComponent("2024-06.html"))
        #expect(june.contains("<a class=\"reply\" href=\"2024-05.html#m-1\">"))
        #expect(june.contains("<p class=\"thread-parent\"><a href=\"2024-05.html#m-1\">↳ In a thread</a></p>"))
        #expect(may.contains("<p class=\"thread-replies\"><a href=\"2024-06.html#m-3\">1 reply</a></p>"))
        #expect(may.contains("<a class=\"page-next\" rel=\"next\" href=\"2024-06.html\">June 2024 →</a>"))
        #expect(june.contains("<a class=\"page-previous\" rel=\"prev\" href=\"2024-05.html\">← May 2024</a>"))
        #expect(june.contains("<title>Chat · June 2024 · Transcripts</title>"))
        let overview = try TestSupport.read(folder.appendingPathComponent("index.html"))
        #expect(overview.contains("<li><a href=\"2024-05.html\">May 2024</a> <span class=\"timeline-count\">1 message</span></li>"))
        #expect(overview.contains("<p class=\"latest\"><a href=\"2024-06.html\">The newest messages: June 2024</a></p>"))
        #expect(!overview.contains("class=\"transcript\""))
    }

    @Test func thePageSizeIsChecked() {
        #expect(throws: (any Error).self) { try ConfigurationLoader.parse("pageSize: 3", displayPath: "t.yml") }
    }
}
