import Foundation
import Synchronization
import Testing

@testable import TranscriptSite

@Suite struct BuildProgressTests {
    @Test func aLineSaysWhereTheBuildIsAndTheTimeLeft() {
        #expect(BuildProgress(stage: "render", step: "[2/4] chats/a.json", messagesRead: 1200, messagesRendered: 900, seconds: 4, fraction: 0.25).line
            == "render · [2/4] chats/a.json · 1200 read, 900 rendered · 4 s, about 12 s left")
        #expect(BuildProgress(stage: "index", step: "writing the search index", seconds: 75).line == "index · writing the search index · 1 min 15 s")
        #expect(BuildProgress(stage: "read", step: "", seconds: 1, fraction: 0).secondsLeft == nil)
        #expect(BuildProgress(stage: "read", step: "", seconds: 1, fraction: 1).secondsLeft == nil)
    }

    @Test func aBuildReportsEachStageAndItsCounts() throws {
        let site = try TestSupport.makeSite(conversations: [
            "a.json": TestSupport.conversation(id: "a", messages: [#"{"id":"1","sender":"ann","date":"2024-05-03T09:30:00Z","text":"hi"}"#]),
            "b.json": TestSupport.conversation(id: "b", messages: [
                #"{"id":"1","sender":"ann","date":"2024-05-03T09:30:00Z","text":"hi"}"#,
                #"{"id":"2","sender":"me","date":"2024-05-03T09:31:00Z","text":"ho"}"#,
            ]),
        ])
        let seen = Mutex<[BuildProgress]>([])
        let builder = SiteBuilder(options: BuildOptions(site: site), progress: { progress in seen.withLock { $0.append(progress) } })
        _ = try builder.build()
        let reports = seen.withLock { $0 }
        #expect(reports.contains { $0.stage == "read" && $0.step.hasPrefix("[1/2] ") })
        #expect(reports.contains { $0.stage == "read" && $0.step.hasPrefix("[2/2] ") })
        #expect(reports.contains { $0.stage == "index" && $0.step == "writing the search index" })
        #expect(reports.last?.messagesRead == 3 && reports.last?.messagesRendered == 3)
        // The part done grows by the exports' bytes, to all of them.
        let fractions = reports.compactMap(\.fraction)
        #expect(fractions == fractions.sorted() && fractions.last == 1)
        #expect(fractions.contains { $0 > 0 && $0 < 1 })
        #expect(reports.map(\.seconds) == reports.map(\.seconds).sorted())
    }
}
