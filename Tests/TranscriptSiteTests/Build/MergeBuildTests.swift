import Foundation
import Testing

@testable import TranscriptImport
@testable import TranscriptModel
@testable import TranscriptSite
@testable import TranscriptSupport

/// Sites built from several exports of one conversation (see docs/archive.md).
@Suite struct MergeBuildTests {
    /// A site whose inputs are the given exports, each a folder under `exports/` (path → text).
    func site(_ files: [String: String], inputs: [String], config: String = "", name: String = #function) throws -> URL {
        let site = try TestSupport.temporaryFolder(name)
        var all = files.reduce(into: [String: String]()) { $0["exports/" + $1.key] = $1.value }
        all["transcripts.yml"] = "title: Archive\ntimeZone: UTC\nlocale: en_GB\ninputs: [\(inputs.map { "exports/" + $0 }.joined(separator: ", "))]\n" + config
        try TestSupport.write(all, in: site)
        return site
    }

    func build(_ site: URL, clean: Bool = false) throws -> BuildSummary {
        try SiteBuilder(options: BuildOptions(site: site, clean: clean)).build()
    }

    static func whatsApp(_ range: Range<Int>, change: [Int: String] = [:], dropping: Set<Int> = []) -> String {
        WhatsAppMergeTests.export(range, change: change, dropping: dropping)
    }

    /// A Telegram single-chat export of the messages `range` of one chat (ids 1...12).
    static func telegram(_ range: Range<Int>, change: [Int: String] = [:]) -> String {
        let messages = range.map { number in
            let text = change[number] ?? "message \(number)"
            return #"{"id": \#(number), "type": "message", "date": "2024-02-0\#(1 + number / 4)T10:\#(10 + number):00", "date_unixtime": "\#(1_706_781_600 + number * 60)", "from": "\#(number % 2 == 0 ? "Ann" : "Bo")", "from_id": "user\#(number % 2)", "text": "\#(text)"}"#
        }
        return #"{"name": "Family", "type": "private_group", "id": 4242, "messages": [\#(messages.joined(separator: ", "))]}"#
    }

    /// Every file of the output but the build's own records, by path.
    func output(_ site: URL) throws -> [String: Data] {
        try SiteBuilderTests.files(in: site.appendingPathComponent("public"))
    }

    /// The message anchors of a conversation's month pages, in order.
    func anchors(_ site: URL, _ folder: String) throws -> [String] {
        let html = try TestSupport.conversationHTML(site.appendingPathComponent("public/c/" + folder))
        return html.matches(of: /<li class="(?:message|event)[^"]*" id="(m-[a-z0-9-]+)"/).map { String($0.output.1) }
    }

    @Test func twoWhatsAppExportsAreOneConversationAndTheSummarySaysSo() throws {
        let site = try site(["a/WhatsApp Chat with Family.txt": Self.whatsApp(0..<7), "b/WhatsApp Chat with Family.txt": Self.whatsApp(3..<10)], inputs: ["a", "b"])
        let summary = try build(site)
        #expect(summary.conversations.count == 1)
        #expect(summary.messagesRendered == 10)
        #expect(summary.mergeLine == "2 exports of 1 conversation: 10 messages, 4 in more than one export, 0 edited between exports, 0 missing from the newest")
        #expect(summary.report.contains(summary.mergeLine!))
        let details = try #require(summary.mergeDetails.first)
        #expect(details.hasPrefix("merged \"Family\" from "))
        #expect(details.hasSuffix("exports/b: 10 messages, 4 in more than one export, 0 edited between exports, 0 missing from the newest"))
        #expect(try anchors(site, "family").count == 10)
    }

    @Test func theOrderOfTheInputsChangesNoByte() throws {
        let files = [
            "a/WhatsApp Chat with Family.txt": Self.whatsApp(0..<6), "b/WhatsApp Chat with Family.txt": Self.whatsApp(4..<10, change: [5: "Dinner at 9? <This message was edited>"]),
            "c/WhatsApp Chat with Family.txt": Self.whatsApp(2..<8),
        ]
        let forward = try site(files, inputs: ["a", "b", "c"], name: "forward")
        let backward = try site(files, inputs: ["c", "b", "a"], name: "backward")
        let first = try build(forward), second = try build(backward)
        #expect(first.mergeLine == second.mergeLine)
        #expect(try output(forward) == output(backward))
    }

    @Test func addingAnOlderExportKeepsEveryAddressAndRendersLikeACleanBuild() throws {
        let files = ["new/WhatsApp Chat with Family.txt": Self.whatsApp(5..<10), "old/WhatsApp Chat with Family.txt": Self.whatsApp(0..<7)]
        let site = try site(files, inputs: ["new"])
        _ = try build(site)
        let before = try anchors(site, "family")
        // The same site with the older export added, built incrementally, and a clean build of it elsewhere.
        let config = site.appendingPathComponent("transcripts.yml")
        try String(contentsOf: config, encoding: .utf8).replacingOccurrences(of: "inputs: [exports/new]", with: "inputs: [exports/new, exports/old]")
            .write(to: config, atomically: true, encoding: .utf8)
        let summary = try build(site)
        #expect(summary.merges.first?.messages == 10)
        let after = try anchors(site, "family")
        #expect(Set(before).isSubset(of: Set(after)))
        #expect(Array(after.suffix(before.count)) == before)
        let clean = try self.site(files, inputs: ["new", "old"], name: "clean")
        _ = try build(clean)
        #expect(try output(site) == output(clean))
    }

    @Test func editsAndDeletionsBetweenExportsAreShown() throws {
        let site = try site([
            "old/WhatsApp Chat with Family.txt": Self.whatsApp(0..<8),
            "new/WhatsApp Chat with Family.txt": Self.whatsApp(3..<10, change: [5: "Dinner at 9? <This message was edited>"], dropping: [6]),
        ], inputs: ["old", "new"])
        let summary = try build(site)
        #expect(summary.mergeLine == "2 exports of 1 conversation: 10 messages, 4 in more than one export, 1 edited between exports, 1 missing from the newest")
        let html = try TestSupport.conversationHTML(site.appendingPathComponent("public/c/family"))
        #expect(html.contains("<summary>Edited between exports</summary>"))
        #expect(html.contains(#"<p class="earlier-text"><span dir="auto">Dinner at 8?</span> <time class="earlier-export" datetime="2024-01-05T07:15:00Z">in the export of 5 Jan 2024</time></p>"#))
        #expect(html.contains(#"<p class="missing-from">Not in the export of 6 Jan 2024: deleted after an earlier export</p>"#))
    }

    @Test func telegramExportsMergeByMessageID() throws {
        let site = try site([
            "2024/result.json": Self.telegram(0..<8), "2025/result.json": Self.telegram(4..<12, change: [6: "message six, edited"]),
        ], inputs: ["2024", "2025"])
        let summary = try build(site)
        let merge = try #require(summary.merges.first)
        #expect(merge.messages == 12)
        #expect(merge.inMoreThanOne == 4)
        #expect(merge.editedBetweenExports == 1)
        let folder = try #require(try Self.folder(of: site))
        #expect(try anchors(site, folder).count == 12)
    }

    @Test func theConfigJoinsARenamedGroupAndSeparatesTwoChatsOfOneName() throws {
        let site = try site([
            "a/WhatsApp Chat with Family.txt": Self.whatsApp(0..<5),
            "b/WhatsApp Chat with Family 2.txt": Self.whatsApp(5..<10),
            "c/WhatsApp Chat with Family.txt": "01/03/2024, 10:00 - Carol: another Family\n",
        ], inputs: ["a", "b", "c"], config: """
            merge:
              join: [{into: Family, ids: [Family 2]}]
              separate: [{input: exports/c, id: Family, into: Family (Carol)}]
            """)
        let summary = try build(site)
        #expect(summary.conversations.count == 2)
        #expect(summary.merges.map(\.conversation) == ["Family"])
        #expect(summary.merges.first?.messages == 10)
        #expect(!summary.warnings.contains { $0.contains("probably two chats") })
    }

    @Test func telegramHTMLExportsAreJoinedInTheConfig() throws {
        let site = try TestSupport.temporaryFolder()
        for (name, numbers) in [("2023-08-24", Array(1...6)), ("2023-09-30", Array(4...9))] {
            let folder = try DatabaseAndPageMergeTests.telegramPage(numbers, name: #function + name)
            try FileManager.default.createDirectory(at: site.appendingPathComponent("exports"), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: folder, to: site.appendingPathComponent("exports/ChatExport_" + name))
        }
        try TestSupport.write(["transcripts.yml": """
            title: Archive
            timeZone: UTC
            inputs: [exports/ChatExport_2023-08-24, exports/ChatExport_2023-09-30]
            merge:
              join: [{into: Rust, ids: [ChatExport_2023-08-24, ChatExport_2023-09-30]}]
            """], in: site)
        let summary = try build(site)
        #expect(summary.conversations.count == 1)
        #expect(summary.merges.map(\.conversation) == ["Rust"])
        #expect(summary.merges.first?.messages == 9)
        #expect(summary.merges.first?.inMoreThanOne == 3)
        let folder = try #require(try Self.folder(of: site))
        #expect(try anchors(site, folder) == (1...9).map { "m-\($0)" })
    }

    @Test func twoChatsOfOneNameThatShareNothingAreAWarningAndFatalWithStrict() throws {
        let site = try site([
            "a/WhatsApp Chat with Family.txt": Self.whatsApp(0..<5),
            "c/WhatsApp Chat with Family.txt": "01/03/2024, 10:00 - Carol: another Family\n",
        ], inputs: ["a", "c"])
        let summary = try build(site)
        #expect(summary.warnings.contains { $0.contains("exports/c: ") && $0.contains("probably two chats of one name") })
        #expect(throws: TranscriptsError.self) {
            try SiteBuilder(options: BuildOptions(site: site, strict: true)).build()
        }
    }

    @Test func anExportAddedLaterRendersOnlyTheMonthsThatChanged() throws {
        // Two months of one chat; the added export only reaches into the second. It is dropped into the folder
        // the config names.
        let january = (1...6).map { String(format: "%02d/01/2024, 10:%02d - Ann: january %d", $0, $0, $0) }
        let february = (1...6).map { String(format: "%02d/02/2024, 10:%02d - Bo: february %d", $0, $0, $0) }
        let first = ["first/WhatsApp Chat with Family.txt": (january + february.prefix(3)).joined(separator: "\n") + "\n"]
        let second = ["second/WhatsApp Chat with Family.txt": february.joined(separator: "\n") + "\n"]
        let site = try site(first, inputs: ["."])
        try IncrementalBuildTests.settle(site)
        _ = try build(site)
        try TestSupport.write(second.reduce(into: [:]) { $0["exports/" + $1.key] = $1.value }, in: site)
        try IncrementalBuildTests.settle(site)
        let summary = try build(site)
        #expect(summary.merges.first?.messages == 12)
        // January's page is taken over; February's, which the new export adds to, is rendered.
        #expect(summary.pagesReused == 1)
        let clean = try self.site(first.merging(second) { $1 }, inputs: ["."], name: "clean")
        _ = try build(clean)
        #expect(try output(site) == output(clean))
    }

    @Test func anExportAddedToTheConfigsInputsRendersOnlyTheMonthsThatChanged() throws {
        let january = (1...6).map { String(format: "%02d/01/2024, 10:%02d - Ann: january %d", $0, $0, $0) }
        let february = (1...6).map { String(format: "%02d/02/2024, 10:%02d - Bo: february %d", $0, $0, $0) }
        let files = [
            "first/WhatsApp Chat with Family.txt": (january + february.prefix(3)).joined(separator: "\n") + "\n",
            "second/WhatsApp Chat with Family.txt": february.joined(separator: "\n") + "\n",
        ]
        let site = try site(files, inputs: ["first"])
        try IncrementalBuildTests.settle(site)
        _ = try build(site)
        // The config names one more export; the rest of it stays as it was.
        let config = site.appendingPathComponent("transcripts.yml")
        let text = try String(contentsOf: config, encoding: .utf8)
        try text.replacingOccurrences(of: "inputs: [exports/first]", with: "inputs:\n  - exports/first\n  - exports/second")
            .write(to: config, atomically: false, encoding: .utf8)
        try IncrementalBuildTests.settle(site)
        let summary = try build(site)
        #expect(summary.merges.first?.messages == 12)
        #expect(summary.pagesReused == 1)
        let clean = try self.site(files, inputs: ["first", "second"], name: "clean")
        _ = try build(clean)
        #expect(try output(site) == output(clean))
        // Any other change of the config renders every page again.
        try (String(contentsOf: config, encoding: .utf8) + "pageSize: 500\n").write(to: config, atomically: false, encoding: .utf8)
        try IncrementalBuildTests.settle(site)
        #expect(try build(site).pagesReused == 0)
    }

    /// A Slack workspace export whose channel `general` (C1) holds the messages `range` (one a day file each).
    static func slack(_ range: Range<Int>, change: [Int: String] = [:]) -> [String: String] {
        var files = [
            "users.json": SlackTestSupport.defaultUsers,
            "channels.json": #"[{"id":"C1","name":"general","members":["U1","U2"]}]"#,
        ]
        for day in Set(range.map { $0 / 3 }).sorted() {
            let messages = range.filter { $0 / 3 == day }.map { number in
                #"{"type":"message","user":"U\#(1 + number % 2)","text":"\#(change[number] ?? "slack \(number)")","ts":"\#(1_714_723_200 + day * 86_400 + number * 60).000100"}"#
            }
            files[String(format: "general/2024-05-%02d.json", 3 + day)] = "[" + messages.joined(separator: ",") + "]"
        }
        return files
    }

    @Test func slackExportsOfAYearEachMergeByChannelAndTimestamp() throws {
        var files: [String: String] = [:]
        for (path, text) in Self.slack(0..<9) { files["2024/" + path] = text }
        for (path, text) in Self.slack(6..<15, change: [7: "slack 7, edited"]) { files["2025/" + path] = text }
        let site = try site(files, inputs: ["2024", "2025"])
        let summary = try build(site)
        let merge = try #require(summary.merges.first)
        #expect(merge.conversation == "C1")
        #expect(merge.messages == 15)
        #expect(merge.inMoreThanOne == 3)
        #expect(merge.editedBetweenExports == 1)
        #expect(summary.messagesRendered == 15)
    }

    @Test func aBuildAgainTakesTheMergedConversationOverAndAnEditRendersLikeACleanBuild() throws {
        let files = ["2024/result.json": Self.telegram(0..<8), "2025/result.json": Self.telegram(4..<12)]
        let site = try site(files, inputs: ["2024", "2025"])
        _ = try build(site)
        let again = try build(site)
        #expect(again.conversationsReused == 1)
        #expect(again.mergeLine == "2 exports of 1 conversation: 12 messages, 4 in more than one export, 0 edited between exports, 0 missing from the newest")
        // One message edited in the newer export: the site is what a clean build of the same exports writes.
        try Self.telegram(4..<12, change: [9: "message nine, edited"])
            .write(to: site.appendingPathComponent("exports/2025/result.json"), atomically: true, encoding: .utf8)
        let edited = try build(site)
        #expect(edited.conversationsReused == 0)
        let clean = try self.site(["2024/result.json": Self.telegram(0..<8), "2025/result.json": Self.telegram(4..<12, change: [9: "message nine, edited"])], inputs: ["2024", "2025"], name: "clean")
        _ = try build(clean)
        #expect(try output(site) == output(clean))
    }

    @Test func exportsOfOneFormatWhoseIDsDoNotMeetAreReadAsAlways() throws {
        let site = try site([
            "a/WhatsApp Chat with Family.txt": Self.whatsApp(0..<5), "b/WhatsApp Chat with Friends.txt": Self.whatsApp(5..<10),
            "c/one.json": TestSupport.conversation(id: "one", messages: []), "c/two.json": TestSupport.conversation(id: "two", messages: []),
            "c/three.jsonl": #"{"format":"transcripts/1","id":"three","title":"Three"}"# + "\n",
            "c/four.jsonl": #"{"format":"transcripts/1","id":"four","title":"Four"}"# + "\n",
        ], inputs: ["a", "b", "c"])
        try IncrementalBuildTests.settle(site)
        let first = try build(site)
        #expect(first.merges.isEmpty)
        #expect(first.conversations.count == 6)
        // Not gathered: a build again takes every export over unread.
        let again = try build(site)
        #expect(again.stages.first { $0.name == "read" }?.counts["exports taken over"] == 6)
        #expect(again.conversationsReused == 6)
    }

    /// The folder of the site's only conversation.
    static func folder(of site: URL) throws -> String? {
        try FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent("public/c").path).first
    }
}
