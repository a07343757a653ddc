import Foundation
import Testing
import ZIPFoundation

@testable import TranscriptImport
@testable import TranscriptModel
@testable import TranscriptSearch
@testable import TranscriptSite
@testable import TranscriptSupport

/// Incremental builds: whatever changed, the output is byte for byte what a clean build writes, and what did
/// not change stays on disk as it was.
@Suite struct IncrementalBuildTests {
    static let first = TestSupport.conversation(
        id: "first", title: "First",
        messages: [
            #"{"id": "1", "sender": "ann", "date": "2024-05-03T09:30:00+02:00", "text": "Hello there"}"#,
            #"{"id": "2", "sender": "me", "date": "2024-06-03T09:31:00+02:00", "text": "Hi!", "replyTo": "1"}"#,
        ])
    static let second = TestSupport.conversation(
        id: "second", title: "Second",
        messages: [
            #"{"id": "1", "sender": "ann", "date": "2024-07-03T09:30:00+02:00", "text": "Lunch?"}"#,
            #"{"id": "2", "sender": "ann", "date": "2024-07-03T09:32:00+02:00", "type": "photo", "photo": {"file": "media/p.png", "caption": "this one"}}"#,
        ])

    static func makeSite(name: String = #function) throws -> URL {
        let site = try TestSupport.makeSite(
            conversations: ["first.json": first, "second.json": second], extra: ["conversations/media/p.png": "picture one"],
            name: name)
        try settle(site)
        return site
    }

    /// Dates every input file back a little, as files saved a while ago: files changed within the last two
    /// seconds are read again by every build (their time stamps could still hide a change).
    static func settle(_ site: URL) throws {
        let walker = FileManager.default.enumerator(atPath: site.path)
        let then = Date().addingTimeInterval(-10)
        while let path = walker?.nextObject() as? String {
            guard !path.hasPrefix("public"), !path.hasPrefix(".") else { continue }
            try FileManager.default.setAttributes([.modificationDate: then], ofItemAtPath: site.appendingPathComponent(path).path)
        }
    }

    @discardableResult static func build(_ site: URL, clean: Bool = false, config: String? = nil) throws -> BuildSummary {
        try SiteBuilder(options: BuildOptions(site: site, clean: clean)).build()
    }

    /// Builds incrementally, then cleanly, and checks that both wrote the same files and said the same; the
    /// incremental build's summary.
    @discardableResult
    static func buildMatchesCleanBuild(_ site: URL, sourceLocation: SourceLocation = #_sourceLocation) throws -> BuildSummary {
        let incremental = try build(site)
        let files = try SiteBuilderTests.files(in: site.appendingPathComponent("public"))
        let clean = try build(site, clean: true)
        let cleanFiles = try SiteBuilderTests.files(in: site.appendingPathComponent("public"))
        #expect(files.keys.sorted() == cleanFiles.keys.sorted(), sourceLocation: sourceLocation)
        for (path, data) in files where cleanFiles[path] != data {
            Issue.record("\(path) differs from a clean build", sourceLocation: sourceLocation)
        }
        #expect(clean.conversationsReused == 0 && clean.filesUnchanged == 0, sourceLocation: sourceLocation)
        var comparable = incremental
        comparable.conversationsReused = 0
        comparable.pagesReused = 0
        comparable.filesUnchanged = 0
        comparable.seconds = clean.seconds
        comparable.searchIndexWork = clean.searchIndexWork
        // The same stages ran; what they took over instead of doing differs.
        #expect(comparable.stages.map(\.name) == clean.stages.map(\.name), sourceLocation: sourceLocation)
        comparable.stages = clean.stages
        #expect(comparable == clean, sourceLocation: sourceLocation)
        // The clean build wrote the cache afresh; the next build starts from it.
        return incremental
    }

    static func stamp(_ site: URL, _ path: String) -> FileStamp? {
        FileStamp(path: site.appendingPathComponent("public/" + path).path)
    }

    @Test func anUnchangedSiteIsTakenOverWhole() throws {
        let site = try Self.makeSite()
        let summary = try Self.build(site)
        #expect(summary.conversationsReused == 0)
        let page = Self.stamp(site, "c/first/2024-05.html")
        let again = try Self.buildMatchesCleanBuild(site)
        #expect(again.conversationsReused == 2)
        #expect(again.pagesReused == 6)  // 3 month pages, 2 overviews and a media page
        #expect(again.filesUnchanged == again.files)
        #expect(again.report.contains("incremental: 2 conversations reused (6 pages), 0 rendered"))
        // The clean build wrote every file anew; the build after it takes them over as they are.
        let cleanPage = Self.stamp(site, "c/first/2024-05.html")
        #expect(cleanPage != page)
        #expect(try Self.build(site).conversationsReused == 2)
        #expect(Self.stamp(site, "c/first/2024-05.html") == cleanPage)
    }

    @Test func aChangedMessageRendersOnlyItsConversation() throws {
        let site = try Self.makeSite()
        try Self.build(site)
        let untouched = Self.stamp(site, "c/first/2024-05.html")
        let changedBefore = try Data(contentsOf: site.appendingPathComponent("public/c/second/2024-07.html"))
        try TestSupport.write(["conversations/second.json": Self.second.replacingOccurrences(of: "Lunch?", with: "Dinner?")], in: site)
        let summary = try Self.buildMatchesCleanBuild(site)
        #expect(summary.conversationsReused == 1)
        // The first conversation's 3 pages, and the second's links page (its links did not change).
        #expect(summary.report.contains("1 conversation reused (4 pages), 1 rendered"))
        #expect(Self.stamp(site, "c/first/2024-05.html") != nil)
        // Taken over: the same file (inode and modification time), not a copy.
        let reused = try Self.build(site)
        #expect(reused.conversationsReused == 2)
        let changedAfter = try Data(contentsOf: site.appendingPathComponent("public/c/second/2024-07.html"))
        #expect(changedAfter != changedBefore)
        #expect(String(decoding: changedAfter, as: UTF8.self).contains("Dinner?"))
        _ = untouched
    }

    @Test func theSearchIndexIsTakenOverWhenItsConversationsDidNotChange() throws {
        let site = try Self.makeSite()
        let first = try Self.build(site)
        // Nothing changed: the same files, not even read again, and the same figures.
        let again = try Self.buildMatchesCleanBuild(site)
        #expect(again.searchDocuments == first.searchDocuments && again.searchTerms == first.searchTerms)
        #expect(again.searchBytes == first.searchBytes)
        let index = Self.stamp(site, "search/index.js")
        let documents = Self.stamp(site, "search/d/0.js")
        #expect(index != nil && documents != nil)
        #expect(try Self.build(site).searchIndexWork == .takenOver)
        #expect(Self.stamp(site, "search/index.js") == index)
        #expect(Self.stamp(site, "search/d/0.js") == documents)
        // A changed message: the index is updated in place and finds the new word.
        try TestSupport.write(["conversations/second.json": Self.second.replacingOccurrences(of: "Lunch?", with: "Dinner?")], in: site)
        #expect(try Self.buildMatchesCleanBuild(site).searchIndexWork == .updated)
        let terms = try FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent("public/search/t").path)
        let all = try terms.map { try TestSupport.read(site.appendingPathComponent("public/search/t/" + $0)) }.joined()
        #expect(all.contains("[\"dinner\","))
        #expect(!all.contains("[\"lunch\","))
        // A search file edited by hand is neither taken over nor updated: the index is built whole.
        _ = try Self.build(site)
        try Data("broken".utf8).write(to: site.appendingPathComponent("public/search/index.js"))
        #expect(try Self.buildMatchesCleanBuild(site).searchIndexWork == .built)
        #expect(try TestSupport.read(site.appendingPathComponent("public/search/index.js")).hasPrefix("transcriptsIndex("))
        _ = try Self.build(site)
        for (file, replacement) in [("search/t/0.js", "transcriptsIndex(\"t/0\",[]);\n"), ("search/c/0.js", "x"), ("search/d/0.js", "")] {
            try TestSupport.write(["conversations/second.json": Self.second.replacingOccurrences(of: "Lunch?", with: "Supper? \(file)")], in: site)
            try Data(replacement.utf8).write(to: site.appendingPathComponent("public/" + file))
            #expect(try Self.buildMatchesCleanBuild(site).searchIndexWork == .built, "\(file)")
            _ = try Self.build(site)
        }
    }

    @Test func searchDocumentFilesOfUnchangedConversationsAreTakenOver() throws {
        func messages(_ year: Int, _ text: String) -> [String] {
            (0..<40).map { #"{"id": "\#($0)", "sender": "ann", "date": "\#(year)-05-03T09:\#(String(format: "%02d", $0)):00Z", "text": "\#(text) \#($0)"}"# }
        }
        let site = try TestSupport.makeSite(conversations: [
            "a.json": TestSupport.conversation(id: "a", messages: messages(2023, "older")),
            "b.json": TestSupport.conversation(id: "b", messages: messages(2024, "newer")),
        ])
        try Self.build(site)
        _ = try Self.buildMatchesCleanBuild(site)
        // Documents 0-31 are all of a; 32-63 mix a and b; 64-79 are b's.
        let onlyA = Self.stamp(site, "search/d/0.js"), mixed = Self.stamp(site, "search/d/1.js")
        try TestSupport.write(
            ["conversations/b.json": TestSupport.conversation(id: "b", messages: messages(2024, "newer").map { $0.replacingOccurrences(of: "newer 39", with: "changed 39") })],
            in: site)
        let summary = try Self.build(site)
        #expect(summary.conversationsReused == 1)
        #expect(Self.stamp(site, "search/d/0.js") == onlyA)
        // The mixed file is made again; its bytes did not change (b's last message is in d/2), so it is kept too.
        #expect(Self.stamp(site, "search/d/1.js") == mixed)
        let last = Array(try TestSupport.read(site.appendingPathComponent("public/search/d/2.js")).utf8)
        let documents = try #require(SearchIndexFormat.payload(of: last, name: "d/2").flatMap(SearchIndexFormat.unpackedDocuments))
        #expect(String(decoding: documents, as: UTF8.self).contains("changed 39"))
        _ = try Self.buildMatchesCleanBuild(site)
    }

    @Test func anUnchangedPageKeepsItsInodeAndTime() throws {
        let site = try Self.makeSite()
        try Self.build(site)
        let page = Self.stamp(site, "c/first/2024-05.html")
        let stylesheet = Self.stamp(site, "assets/transcripts.css")
        try TestSupport.write(["conversations/second.json": Self.second.replacingOccurrences(of: "Lunch?", with: "Dinner?")], in: site)
        let summary = try Self.build(site)
        #expect(summary.conversationsReused == 1)
        #expect(page != nil && Self.stamp(site, "c/first/2024-05.html") == page)
        // Pages that are written again with the same bytes are kept too.
        #expect(stylesheet != nil && Self.stamp(site, "assets/transcripts.css") == stylesheet)
        #expect(Self.stamp(site, "c/second/2024-07.html") != nil)
    }

    @Test func anAddedConversationBeforeTheOthers() throws {
        let site = try Self.makeSite()
        try Self.build(site)
        // Sorted first, so it takes search number 0 and moves the others' numbers: they are rendered again.
        try TestSupport.write(
            ["conversations/aaa.json": TestSupport.conversation(
                id: "aaa", title: "Added",
                messages: [#"{"id": "1", "sender": "ann", "date": "2024-08-03T09:30:00+02:00", "text": "new"}"#])],
            in: site)
        try Self.buildMatchesCleanBuild(site)
        // Without search, nothing numbers the conversations: an added one leaves the others as they were.
        try TestSupport.write(["transcripts.yml": "title: Test\nme: me\nsearch: {enabled: false}\n"], in: site)
        try Self.build(site)
        try TestSupport.write(
            ["conversations/aab.json": TestSupport.conversation(
                id: "aab", title: "Added too",
                messages: [#"{"id": "1", "sender": "ann", "date": "2024-08-04T09:30:00+02:00", "text": "newer"}"#])],
            in: site)
        let summary = try Self.buildMatchesCleanBuild(site)
        #expect(summary.conversationsReused == 3)
        #expect(summary.conversations.count == 4)
    }

    /// In a `.json` file, messages are known by a digest of the model; in a JSON Lines file by a digest of
    /// their lines (`ContentDigest.sourceDigest`): both take the same pages over.
    @Test(arguments: ["long.json", "long.jsonl"])
    func unchangedPagesOfAChangedConversationAreTakenOver(file: String) throws {
        // Four months; May's last message is quoted by a reply in June, and a thread spans July and August.
        func conversation(_ edits: [String: String] = [:]) -> String {
            var messages: [String] = []
            for (month, count) in [(5, 6), (6, 6), (7, 6), (8, 6)] {
                for day in 1...count {
                    let id = "\(month)-\(day)"
                    var text = edits[id] ?? "Message \(id)"
                    text = text.replacingOccurrences(of: "\"", with: "'")
                    var extra = ""
                    if id == "6-1" { extra = #", "replyTo": "5-6""# }
                    if id == "8-2" { extra = #", "thread": "7-3""# }
                    messages.append(#"{"id": "\#(id)", "sender": "\#(day % 2 == 0 ? "me" : "ann")", "date": "2024-0\#(month)-0\#(day)T09:00:00Z", "text": "\#(text)"\#(extra)}"#)
                }
            }
            guard file.hasSuffix(".jsonl") else { return TestSupport.conversation(id: "long", messages: messages) }
            let header = TestSupport.conversation(id: "long", messages: []).replacingOccurrences(of: #","messages":[]"#, with: "")
            return ([header] + messages).joined(separator: "\n") + "\n"
        }
        let site = try TestSupport.makeSite(conversations: [file: conversation()], name: "pagesTakenOver-" + file)
        try Self.build(site)
        _ = try Self.buildMatchesCleanBuild(site)
        func stamps() -> [String: FileStamp?] {
            Dictionary(uniqueKeysWithValues: ["2024-05", "2024-06", "2024-07", "2024-08"].map { ($0, Self.stamp(site, "c/long/\($0).html")) })
        }
        // An edit in July: the other months are taken over.
        var before = stamps()
        try TestSupport.write(["conversations/" + file: conversation(["7-5": "Changed in July"])], in: site)
        var summary = try Self.build(site)
        var after = stamps()
        #expect(summary.pagesReused == 3)
        #expect(after["2024-05"] == before["2024-05"] && after["2024-06"] == before["2024-06"] && after["2024-08"] == before["2024-08"])
        #expect(after["2024-07"] != before["2024-07"])
        #expect(try TestSupport.read(site.appendingPathComponent("public/c/long/2024-07.html")).contains("Changed in July"))
        _ = try Self.buildMatchesCleanBuild(site)
        // An edit of a quoted message: the page that quotes it (June) is rendered too.
        before = stamps()
        try TestSupport.write(["conversations/" + file: conversation(["7-5": "Changed in July", "5-6": "Quoted, changed"])], in: site)
        summary = try Self.build(site)
        after = stamps()
        #expect(after["2024-06"] != before["2024-06"] && after["2024-07"] == before["2024-07"])
        #expect(try TestSupport.read(site.appendingPathComponent("public/c/long/2024-06.html")).contains("Quoted, changed"))
        _ = try Self.buildMatchesCleanBuild(site)
        // A thread's first reply moves from August to July: the parent's page links to a new place.
        try TestSupport.write(["conversations/" + file: conversation(["7-5": "Changed in July", "5-6": "Quoted, changed", "8-2": "Thread reply"])], in: site)
        _ = try Self.buildMatchesCleanBuild(site)
        // The search index finds the new words and no longer the old ones.
        let terms = try FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent("public/search/t").path)
        let all = try terms.map { try TestSupport.read(site.appendingPathComponent("public/search/t/" + $0)) }.joined()
        #expect(all.contains("[\"quoted\",") && all.contains("[\"july\","))
    }

    @Test func unchangedPagesOfAChangedTelegramChatAreTakenOver() throws {
        // Four months; May's last message is quoted in June, a forum topic starts in July with a post in August,
        // and August's third message has no date (it is dated like the one before it).
        func export(_ edits: [Int: String] = [:], dates: [Int: Int] = [:]) -> String {
            var messages: [String] = []
            for month in 5...8 {
                for day in 1...6 {
                    let id = month * 100 + day
                    let text = edits[id] ?? "Message \(id)"
                    let seconds = 1_704_067_200 + (month - 1) * 31 * 86_400 + (dates[id] ?? day) * 3_600
                    let date = id == 803 ? "" : #""date": "2024-01-01T00:00:00", "date_unixtime": "\#(seconds)", "#
                    if id == 701 {
                        messages.append(#"{"id": 701, "type": "service", \#(date)"actor": "Ann", "actor_id": "user2", "action": "topic_created", "title": "Plans", "text": "", "text_entities": []}"#)
                        continue
                    }
                    let reply = id == 601 ? #""reply_to_message_id": 506, "# : id == 802 ? #""reply_to_message_id": 701, "# : ""
                    messages.append(#"{"id": \#(id), "type": "message", \#(date)"from": "\#(day % 2 == 0 ? "Me" : "Ann")", "from_id": "user\#(day % 2 == 0 ? 1 : 2)", \#(reply)"text": "\#(text)", "text_entities": [{"type": "plain", "text": "\#(text)"}]}"#)
                }
            }
            return #"{"name": "Long", "type": "private_group", "id": 42, "messages": [\#(messages.joined(separator: ",\n"))]}"#
        }
        let site = try TestSupport.makeSite(conversations: ["result.json": export()], name: "telegramPagesTakenOver")
        try Self.settle(site)
        try Self.build(site)
        _ = try Self.buildMatchesCleanBuild(site)
        let months = ["2024-05", "2024-06", "2024-07", "2024-08"]
        let folder = try FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent("public/c").path).sorted()[0]
        func stamps() -> [String: FileStamp?] {
            Dictionary(uniqueKeysWithValues: months.map { ($0, Self.stamp(site, "c/\(folder)/\($0).html")) })
        }
        func page(_ month: String) throws -> String {
            try TestSupport.read(site.appendingPathComponent("public/c/\(folder)/\(month).html"))
        }
        // An edit in July: the other months are taken over.
        var before = stamps()
        try TestSupport.write(["conversations/result.json": export([705: "Changed in July"])], in: site)
        var summary = try Self.build(site)
        var after = stamps()
        #expect(summary.pagesReused == 3)
        #expect(after["2024-05"] == before["2024-05"] && after["2024-06"] == before["2024-06"] && after["2024-08"] == before["2024-08"])
        #expect(after["2024-07"] != before["2024-07"])
        #expect(try page("2024-07").contains("Changed in July"))
        _ = try Self.buildMatchesCleanBuild(site)
        // An edit of a quoted message: the page that quotes it (June) is rendered too.
        before = stamps()
        try TestSupport.write(["conversations/result.json": export([705: "Changed in July", 506: "Quoted, changed"])], in: site)
        summary = try Self.build(site)
        after = stamps()
        #expect(after["2024-06"] != before["2024-06"] && after["2024-07"] == before["2024-07"])
        #expect(try page("2024-06").contains("Quoted, changed"))
        _ = try Self.buildMatchesCleanBuild(site)
        // The message before the undated one moves to another hour: the undated one moves with it, though its
        // own bytes did not change.
        before = stamps()
        try TestSupport.write(
            ["conversations/result.json": export([705: "Changed in July", 506: "Quoted, changed"], dates: [802: 5])], in: site)
        summary = try Self.build(site)
        after = stamps()
        #expect(summary.pagesReused == 3)
        #expect(after["2024-08"] != before["2024-08"])
        _ = try Self.buildMatchesCleanBuild(site)
        // The topic's first message changes: the post in August shows the topic's new first words.
        try TestSupport.write(
            ["conversations/result.json": export([705: "Changed in July", 506: "Quoted, changed", 702: "New words"], dates: [802: 5])],
            in: site)
        _ = try Self.buildMatchesCleanBuild(site)
    }

    @Test func anIncrementalBuildExchangesTheWholeSiteAndKeepsUnchangedFiles() throws {
        let site = try Self.makeSite()
        try Self.build(site)
        let output = site.appendingPathComponent("public")
        let untouched = output.appendingPathComponent("c/second/index.html")
        let before = try #require(FileStamp(path: untouched.path))
        // Files nobody made go; so does a folder the build no longer needs.
        try TestSupport.write(["public/stray.txt": "x", "public/old/stray.html": "y"], in: site)
        try FileManager.default.removeItem(at: site.appendingPathComponent("conversations/first.json"))
        _ = try Self.build(site)
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("stray.txt").path))
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("old").path))
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("c/first").path))
        // A page that did not change is the same file (linked into the new site, never written again): a sync
        // tool sees only what changed. No staging or previous folder is left beside the output, only the
        // spare the next build starts from; that build's site is a clean build's.
        #expect(FileStamp(path: untouched.path) == before)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: site.path).filter { $0.hasPrefix(".public") }
        #expect(leftovers == [".public.spare"])
        _ = try Self.buildMatchesCleanBuild(site)
    }

    @Test func aRemovedConversation() throws {
        let site = try Self.makeSite()
        try Self.build(site)
        try FileManager.default.removeItem(at: site.appendingPathComponent("conversations/first.json"))
        let summary = try Self.buildMatchesCleanBuild(site)
        #expect(summary.conversations.map(\.title) == ["Second"])
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("public/c/first").path))
    }

    @Test func aChangedTemplateRendersEverything() throws {
        let site = try Self.makeSite()
        try Self.build(site)
        let builtIn = try TestSupport.read(TestSupport.packageFolder.appendingPathComponent("Templates/footer.mustache"))
        try TestSupport.write(["Templates/footer.mustache": builtIn + "<!-- changed -->\n"], in: site)
        let summary = try Self.buildMatchesCleanBuild(site)
        #expect(summary.conversationsReused == 0)
        // The pages look different, their content is the same: the search index is taken over.
        #expect(summary.searchIndexWork == .takenOver)
        // Another template change and a message edit at once: the index is built again and finds the new word.
        try TestSupport.write(["Templates/footer.mustache": builtIn + "<!-- changed again -->\n"], in: site)
        try TestSupport.write(["conversations/second.json": Self.second.replacingOccurrences(of: "Lunch?", with: "Brunch?")], in: site)
        #expect(try Self.buildMatchesCleanBuild(site).searchIndexWork == .built)
        let terms = try FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent("public/search/t").path)
        #expect(try terms.map { try TestSupport.read(site.appendingPathComponent("public/search/t/" + $0)) }.joined().contains("[\"brunch\","))
    }

    /// Pages only link to assets: a changed or added stylesheet is written, and every page is taken over.
    @Test func aChangedAssetIsWrittenAndThePagesTakenOver() throws {
        let site = try Self.makeSite()
        try Self.build(site)
        let builtIn = try TestSupport.read(TestSupport.packageFolder.appendingPathComponent("Templates/assets/transcripts.css"))
        try TestSupport.write(["Templates/assets/transcripts.css": builtIn + "\n.bubble { outline: 1px solid red; }\n"], in: site)
        let summary = try Self.buildMatchesCleanBuild(site)
        #expect(summary.conversationsReused == 2)
        #expect(try TestSupport.read(site.appendingPathComponent("public/assets/transcripts.css")).hasSuffix("outline: 1px solid red; }\n"))
        try TestSupport.write(["Templates/assets/extra.css": "p { margin: 0; }\n"], in: site)
        #expect(try Self.buildMatchesCleanBuild(site).conversationsReused == 2)
        #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent("public/assets/extra.css").path))
    }

    @Test func aChangedConfigValueRendersEverything() throws {
        let site = try Self.makeSite()
        try Self.build(site)
        try TestSupport.write(["transcripts.yml": "title: Another title\nme: me\ntimeZone: Europe/Berlin\nlocale: en_GB\n"], in: site)
        let summary = try Self.buildMatchesCleanBuild(site)
        #expect(summary.conversationsReused == 0)
        #expect(try TestSupport.read(site.appendingPathComponent("public/c/first/2024-05.html")).contains("Another title"))
        // A title is not content: the search index holds. A page size or time zone is: the index is built again.
        #expect(summary.searchIndexWork == .takenOver)
        for config in ["pageSize: 10\n", "timeZone: America/New_York\n", "me: [ann]\n", "search:\n  exclude: [first]\n"] {
            let base = "title: Another title\nme: me\ntimeZone: Europe/Berlin\nlocale: en_GB\n"
            let key = String(config.prefix { $0 != ":" })
            let lines = base.split(separator: "\n").filter { !$0.hasPrefix(key + ":") }.joined(separator: "\n") + "\n" + config
            try TestSupport.write(["transcripts.yml": lines], in: site)
            #expect(try Self.buildMatchesCleanBuild(site).searchIndexWork == .built, "\(config)")
        }
    }

    @Test func aChangedMediaFile() throws {
        let site = try Self.makeSite()
        try Self.build(site)
        let before = try FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent("public/media").path)
        try TestSupport.write(["conversations/media/p.png": "picture two!"], in: site)
        try Self.settle(site)
        let summary = try Self.buildMatchesCleanBuild(site)
        #expect(summary.conversationsReused == 1)
        let after = try FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent("public/media").path)
        #expect(before.count == 1 && after.count == 1 && before != after)
        // A file that appears where the export named a missing one counts as a change too.
        try TestSupport.write(
            ["conversations/second.json": Self.second.replacingOccurrences(of: "media/p.png", with: "media/q.png")], in: site)
        try Self.settle(site)
        #expect(try Self.build(site).missingMedia == 1)
        try TestSupport.write(["conversations/media/q.png": "picture three"], in: site)
        try Self.settle(site)
        let found = try Self.buildMatchesCleanBuild(site)
        #expect(found.missingMedia == 0)
        #expect(found.conversationsReused == 1)
    }

    @Test func oneConversationOfAnExportWithSeveral() throws {
        func export(_ text: String) -> String {
            #"""
            {"about": "Telegram", "personal_information": {"user_id": 1, "first_name": "Me"}, "chats": {"about": "", "list": [
             {"name": "Alpha", "type": "private_group", "id": 11, "messages": [
              {"id": 1, "type": "message", "date": "2024-05-03T09:30:00", "date_unixtime": "1714728600", "from": "Ann", "from_id": "user2", "text": "alpha one", "text_entities": [{"type": "plain", "text": "alpha one"}]}]},
             {"name": "Beta", "type": "private_group", "id": 12, "messages": [
              {"id": 1, "type": "message", "date": "2024-06-03T09:30:00", "date_unixtime": "1717407000", "from": "Ann", "from_id": "user2", "text": "\#(text)", "text_entities": [{"type": "plain", "text": "\#(text)"}]}]}
            ]}}
            """#
        }
        let site = try TestSupport.makeSite(conversations: ["result.json": export("beta one")])
        try Self.settle(site)
        try Self.build(site)
        try TestSupport.write(["conversations/result.json": export("beta two")], in: site)
        let summary = try Self.buildMatchesCleanBuild(site)
        #expect(summary.conversations.count == 2)
        #expect(summary.conversationsReused == 1)
        // Alpha's bytes did not change: it was taken over without being parsed (only Beta's message was read).
        let read = try #require(summary.stages.first { $0.name == "read" })
        #expect(read.counts["conversations taken over unread"] == 1)
        #expect(read.counts["messages"] == 1 && read.counts["conversations"] == 1)
        // Alpha moves to another place in the list: it is read again (its place is part of its source).
        try TestSupport.write(["conversations/result.json": export("beta two").replacingOccurrences(of: #""list": [\#n"#, with: #""list": [\#n {"name": "Gamma", "type": "private_group", "id": 13, "messages": []},\#n"#)], in: site)
        let moved = try Self.buildMatchesCleanBuild(site)
        #expect(moved.stages.first { $0.name == "read" }?.counts["conversations taken over unread"] == nil)
        #expect(moved.conversations.count == 3)
    }

    /// An account export of 20 chats, more than the records read ahead at once (`recordsReadAhead`): with chats
    /// edited (the first, one in the middle, the last, two far apart; each time the ones edited before are back
    /// as they were), every other chat is taken over and the site is what a clean build makes.
    @Test func chatsOfAnAccountExportAreTakenOverAcrossReadAheadWindows() throws {
        #expect(BuildContext.recordsReadAhead < 20)
        func export(editing edited: Set<Int>) -> String {
            let chats = (0..<20).map { number in
                let text = edited.contains(number) ? "edited \(number)" : "chat \(number)"
                return #" {"name": "Chat \#(number)", "type": "private_group", "id": \#(100 + number), "messages": [{"id": 1, "type": "message", "date": "2024-05-03T09:30:00", "date_unixtime": "\#(1_714_728_600 + number * 60)", "from": "Ann", "from_id": "user2", "text": "\#(text)", "text_entities": [{"type": "plain", "text": "\#(text)"}]}]}"#
            }
            return #"{"about": "Telegram", "personal_information": {"user_id": 1, "first_name": "Me"}, "chats": {"about": "", "list": [\#n"#
                + chats.joined(separator: ",\n") + "\n]}}"
        }
        let site = try TestSupport.makeSite(conversations: ["result.json": export(editing: [])])
        try Self.settle(site)
        try Self.build(site)
        var before: Set<Int> = []
        for edited: Set<Int> in [[0], [9], [19], [2, 17]] {
            try TestSupport.write(["conversations/result.json": export(editing: edited)], in: site)
            let summary = try Self.buildMatchesCleanBuild(site)
            // The chats edited now, and those edited before, which are back as they were.
            let changed = edited.symmetricDifference(before).count
            #expect(summary.conversations.count == 20)
            #expect(summary.conversationsReused == 20 - changed, "edited \(edited.sorted())")
            #expect(summary.stages.first { $0.name == "read" }?.counts["conversations taken over unread"] == 20 - changed)
            before = edited
        }
    }

    /// Warnings of an account export whose chats are taken over unread are what a clean build gives: a chat's
    /// own (keys and strings that are not Unicode, at their line) replayed from the cache, and the warning
    /// about the keys outside the chats given once, whichever chats were parsed.
    @Test func warningsOfATelegramAccountExportMatchACleanBuild() throws {
        func chat(_ name: String, _ id: Int, _ texts: [String], extra: String = "") -> String {
            let messages = texts.enumerated().map { number, text in
                #"  {"id": \#(number + 1), "type": "message", "date": "2024-05-03T09:30:00", "date_unixtime": "\#(1_714_728_600 + number * 60)", "from": "Ann", "from_id": "user2", "text": "\#(text)", "text_entities": [{"type": "plain", "text": "\#(text)"}]}"#
            }
            return #" {"name": "\#(name)", "type": "private_group", "id": \#(id),\#(extra) "messages": [\#n\#(messages.joined(separator: ",\n"))]}"#
        }
        /// Alpha, Beta (with `beta`'s messages) and Gamma, whose key and text are not UTF-8; `top` is the first
        /// top-level key, with a lone surrogate's escape as a second one.
        func export(
            beta: [String] = ["beta one"], top: String = "ab<FF>out", surrogate: String = #""\uDC00": 1, "#, alpha: String = "alpha one",
            gamma: Bool = true
        ) -> Data {
            let chats = [
                chat("Alpha", 11, [alpha]), chat("Beta", 12, beta),
                gamma ? chat("Gamma", 13, ["g<E9>mma"], extra: #" "x<E9>": 1,"#) : chat("Gamma", 13, ["gamma"]),
            ]
            return InvalidUTF8JSONTests.bytes(
                #"{"\#(top)": "Telegram", \#(surrogate)"chats": {"about": "", "list": ["# + "\n" + chats.joined(separator: ",\n") + "\n]}}")
        }
        let site = try TestSupport.makeSite(conversations: ["result.json": ""], name: "telegramAccountWarnings")
        let file = site.appendingPathComponent("conversations/result.json")
        func write(_ data: Data) throws {
            try data.write(to: file)
        }
        try write(export())
        try Self.settle(site)
        let first = try Self.build(site)
        // The warnings about the file's keys and about Gamma's, with the path from the site's folder.
        func warnings(_ summary: BuildSummary, ofGamma: Bool = false) -> [String] {
            summary.warnings.filter { $0.contains("chats.list[2]") == ofGamma }
                .map { $0.replacingOccurrences(of: site.path + "/", with: "") }
        }
        let fileWarnings = [
            "conversations/result.json:1:2: bytes that are not UTF-8 are shown as \u{FFFD}",
            "conversations/result.json:1:24: escapes of lone UTF-16 surrogates (\\uD800 to \\uDFFF without their pair) are shown as \u{FFFD}",
        ]
        #expect(warnings(first) == fileWarnings)
        #expect(warnings(first, ofGamma: true)
            == ["conversations/result.json:6:55: at chats.list[2]: bytes that are not UTF-8 are shown as \u{FFFD} (3 places in 3 strings of the chat)"])
        /// Builds incrementally, then cleanly (see `buildMatchesCleanBuild`), and checks the warnings said.
        func matches(_ sourceLocation: SourceLocation = #_sourceLocation) throws -> BuildSummary {
            let summary = try Self.buildMatchesCleanBuild(site, sourceLocation: sourceLocation)
            let clean = try Self.build(site, clean: true)
            #expect(summary.warnings == clean.warnings, sourceLocation: sourceLocation)
            return summary
        }
        // Beta's message changes: Alpha and Gamma are taken over unread, the file's warning is given once.
        try write(export(beta: ["beta two"]))
        var summary = try matches()
        #expect(summary.stages.first { $0.name == "read" }?.counts["conversations taken over unread"] == 2)
        // Nothing changes, the file is read again (its time changed): every chat is taken over unread.
        try write(export(beta: ["beta two"]))
        summary = try matches()
        #expect(summary.stages.first { $0.name == "read" }?.counts["conversations taken over unread"] == 3)
        // Nothing changes, the file is not read.
        try Self.settle(site)
        summary = try matches()
        // Beta gains a message, on a line of its own: Gamma's warnings move down a line.
        try write(export(beta: ["beta two", "beta three"]))
        summary = try matches()
        #expect(warnings(summary, ofGamma: true).first?.hasPrefix("conversations/result.json:7:55: ") == true)
        // The top-level key is mended, the chats stay as they were: the file's warning is only the surrogate's.
        try write(export(beta: ["beta two", "beta three"], top: "about"))
        summary = try matches()
        #expect(warnings(summary) == [fileWarnings[1].replacingOccurrences(of: ":1:24:", with: ":1:23:")])
        // ... and broken again.
        try write(export(beta: ["beta two", "beta three"]))
        summary = try matches()
        #expect(warnings(summary) == fileWarnings)
        // Alpha, the first chat, changes.
        try write(export(beta: ["beta two", "beta three"], alpha: "alpha two"))
        summary = try matches()
        #expect(warnings(summary) == fileWarnings)
        // Only the file's keys are not Unicode, then they are mended, the chats staying as they were: --strict
        // fails, then passes.
        try write(export(gamma: false))
        summary = try matches()
        #expect(warnings(summary) == fileWarnings && warnings(summary, ofGamma: true).isEmpty)
        try write(export(top: "about", surrogate: "", gamma: false))
        summary = try SiteBuilder(options: BuildOptions(site: site, strict: true)).build()
        #expect(summary.warnings.isEmpty)
        #expect(summary.stages.first { $0.name == "read" }?.counts["conversations taken over unread"] == 2)
        try write(export(gamma: false))
        #expect(throws: TranscriptsError.self) { try SiteBuilder(options: BuildOptions(site: site, strict: true)).build() }
        #expect(try matches().warnings.count == 2)
    }

    /// A conversation read again whose content did not change, but whose warnings did (they moved to other
    /// lines of its file), gives the new warnings: its pages may be taken over, not the record's warnings.
    @Test func warningsThatMovedInAnUnchangedConversation() throws {
        let chat = #"""
            {"name": "Ann", "type": "personal_chat", "id": 1, "messages": [
            {"id": 1, "type": "message", "date_unixtime": "1704103200", "from": "Ann", "from_id": "user1", "text": 42}
            ]}
            """#
        let site = try TestSupport.makeSite(conversations: ["result.json": chat], name: "warningsThatMoved")
        try Self.settle(site)
        let first = try Self.build(site)
        #expect(first.warnings.count == 1 && first.warnings[0].contains("result.json:2:"))
        try TestSupport.write(["conversations/result.json": "\n\n" + chat], in: site)
        let summary = try Self.buildMatchesCleanBuild(site)
        #expect(summary.warnings.count == 1 && summary.warnings[0].contains("result.json:4:"))
        #expect(summary.pagesReused > 0)
    }

    /// In an account export, a chat after one that got longer is where it was in the list, with the same bytes,
    /// but its warnings count from a later line: it is read again, and they name the new line (the chats'
    /// places are measured on several cores and added up in order).
    @Test func warningsOfAChatAfterOneThatGrewNameTheNewLine() throws {
        func export(alphaLines: Int) -> String {
            let padding = String(repeating: "\n", count: alphaLines)
            return #"""
                {"about": "Telegram", "chats": {"about": "", "list": [
                 {"name": "Alpha", "type": "private_group", "id": 11, "messages": [\#(padding)
                  {"id": 1, "type": "message", "date": "2024-05-03T09:30:00", "date_unixtime": "1714728600", "from": "Ann", "from_id": "user2", "text": "alpha", "text_entities": []}]},
                 {"name": "Beta", "type": "private_group", "id": 12, "messages": [
                  {"id": 1, "type": "message", "date_unixtime": "1717407000", "from": "Ann", "from_id": "user2", "text": 42}]}
                ]}}
                """#
        }
        let site = try TestSupport.makeSite(conversations: ["result.json": export(alphaLines: 0)], name: "chatAfterOneThatGrew")
        try Self.settle(site)
        let first = try Self.build(site)
        #expect(first.warnings.count == 1 && first.warnings[0].contains("result.json:5:"), "\(first.warnings)")
        try TestSupport.write(["conversations/result.json": export(alphaLines: 3)], in: site)
        let summary = try Self.buildMatchesCleanBuild(site)
        #expect(summary.warnings.count == 1 && summary.warnings[0].contains("result.json:8:"), "\(summary.warnings)")
        #expect(summary.stages.first { $0.name == "read" }?.counts["conversations taken over unread"] == nil)
    }

    @Test func anEditedOutputFileIsRenderedAgain() throws {
        let site = try Self.makeSite()
        try Self.build(site)
        try TestSupport.write(["public/c/first/2024-05.html": "edited by hand"], in: site)
        let summary = try Self.buildMatchesCleanBuild(site)
        #expect(summary.conversationsReused == 1)
        try FileManager.default.removeItem(at: site.appendingPathComponent("public/c/second/feed.xml"))
        #expect(try Self.buildMatchesCleanBuild(site).conversationsReused == 1)
    }

    @Test func aCorruptCacheFallsBackToRendering() throws {
        let site = try Self.makeSite()
        try Self.build(site)
        let cache = site.appendingPathComponent(BuildCache.folderName)
        let records = try FileManager.default.contentsOfDirectory(atPath: cache.appendingPathComponent("records").path)
        #expect(records.filter { $0.hasSuffix(".record") }.count == 2)
        #expect(records.filter { $0.hasSuffix(".search") }.count == 2)
        // Broken records and search parts: those conversations are rendered.
        for name in records {
            try Data("garbage".utf8).write(to: cache.appendingPathComponent("records/" + name))
        }
        #expect(try Self.buildMatchesCleanBuild(site).conversationsReused == 0)
        let search = try FileManager.default.contentsOfDirectory(atPath: cache.appendingPathComponent("records").path)
            .filter { $0.hasSuffix(".search") }
        for name in search {
            let url = cache.appendingPathComponent("records/" + name)
            let bytes = try Data(contentsOf: url)
            try bytes.prefix(bytes.count / 2).write(to: url)
        }
        #expect(try Self.buildMatchesCleanBuild(site).conversationsReused == 0)
        // A broken manifest: a clean build.
        try Data("{not json".utf8).write(to: cache.appendingPathComponent("manifest.json"))
        #expect(try Self.buildMatchesCleanBuild(site).conversationsReused == 0)
        // A record an older version wrote (as JSON) is removed by the next build.
        let stale = cache.appendingPathComponent("records/0123-stale.json")
        try Data("{}".utf8).write(to: stale)
        #expect(try Self.build(site).conversationsReused == 2)
        #expect(!FileManager.default.fileExists(atPath: stale.path))
        // No cache at all.
        try FileManager.default.removeItem(at: cache)
        #expect(try Self.buildMatchesCleanBuild(site).conversationsReused == 0)
        #expect(try Self.build(site).conversationsReused == 2)
    }

    @Test func cleanIgnoresTheCacheAndWritesItAnew() throws {
        let site = try Self.makeSite()
        try Self.build(site)
        let page = Self.stamp(site, "c/first/2024-05.html")
        let clean = try Self.build(site, clean: true)
        #expect(clean.conversationsReused == 0 && clean.filesUnchanged == 0)
        #expect(!clean.report.contains("incremental"))
        #expect(Self.stamp(site, "c/first/2024-05.html") != page)
        #expect(try Self.build(site).conversationsReused == 2)
    }

    @Test func aFailedBuildKeepsTheCacheUsable() throws {
        let site = try Self.makeSite()
        try Self.build(site)
        try TestSupport.write(
            ["conversations/zz-broken.json": TestSupport.conversation(id: "broken", messages: [#"{"id": "1", "date": "soon", "text": "x"}"#])],
            in: site)
        #expect(throws: TranscriptsError.self) { try Self.build(site) }
        try FileManager.default.removeItem(at: site.appendingPathComponent("conversations/zz-broken.json"))
        #expect(try Self.buildMatchesCleanBuild(site).conversationsReused == 2)
        // Records of the failed build are removed by the next good one.
        let records = try FileManager.default.contentsOfDirectory(
            atPath: site.appendingPathComponent(BuildCache.folderName + "/records").path)
        #expect(records.count == 4)
    }
}

extension FileManager {
    /// The inode of a path (nil when there is nothing), to tell a folder that was replaced from one updated.
    fileprivate func attributesOfItemSafely(_ path: String) -> UInt64? {
        var info = stat()
        return lstat(path, &info) == 0 ? UInt64(info.st_ino) : nil
    }
}

@Suite struct IncrementalZipTests {
    @Test func aZipExportWithMediaIsTakenOverWhileItDoesNotChange() throws {
        let folder = try TestSupport.temporaryFolder()
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 2, 0, 0, 0, 3])
        func zip(_ text: String) throws {
            let conversation = TestSupport.conversation(id: "zipped", messages: [
                #"{"id": "1", "sender": "ann", "date": "2024-05-03T09:30:00Z", "text": "\#(text)"}"#,
                #"{"id": "2", "sender": "ann", "date": "2024-05-03T09:31:00Z", "type": "photo", "photo": {"file": "media/p.png"}}"#,
            ])
            let url = folder.appendingPathComponent("export.zip")
            try? FileManager.default.removeItem(at: url)
            let archive = try Archive(url: url, accessMode: .create)
            for (path, data) in [("export/chat.json", Data(conversation.utf8)), ("export/media/p.png", png)] {
                try archive.addEntry(with: path, type: .file, uncompressedSize: Int64(data.count), provider: { position, size in
                    data.subdata(in: Int(position)..<Int(position) + size)
                })
            }
        }
        try zip("first")
        let site = try TestSupport.makeSite(config: "inputs: [\"\(folder.path)/export.zip\"]\n", conversations: [:])
        func settle(_ root: URL) throws {
            // As if saved a while ago (files younger than two seconds are read again by every build).
            let then = Date().addingTimeInterval(-10)
            let walker = FileManager.default.enumerator(atPath: root.path)
            while let path = walker?.nextObject() as? String {
                try FileManager.default.setAttributes([.modificationDate: then], ofItemAtPath: root.appendingPathComponent(path).path)
            }
        }
        try settle(folder)
        let first = try SiteBuilder(options: BuildOptions(site: site)).build()
        #expect(first.missingMedia == 0)
        try settle(site.appendingPathComponent(".transcripts-cache/unpacked"))
        _ = try SiteBuilder(options: BuildOptions(site: site)).build()
        // The archive is not unpacked again: its files keep their stamps, and the conversation is taken over.
        let again = try SiteBuilder(options: BuildOptions(site: site)).build()
        #expect(again.conversationsReused == 1)
        // A new archive: read again, and the same as a clean build.
        try zip("second")
        try settle(folder)
        let changed = try SiteBuilder(options: BuildOptions(site: site)).build()
        #expect(changed.conversationsReused == 0)
        let incremental = try SiteBuilderTests.files(in: site.appendingPathComponent("public"))
        _ = try SiteBuilder(options: BuildOptions(site: site, clean: true)).build()
        #expect(try SiteBuilderTests.files(in: site.appendingPathComponent("public")) == incremental)
        #expect(try TestSupport.conversationHTML(site.appendingPathComponent("public/c/zipped")).contains("second"))
        // Only the archives the inputs name stay unpacked in the cache.
        let unpacked = try FileManager.default.contentsOfDirectory(
            atPath: site.appendingPathComponent(".transcripts-cache/unpacked").path)
        #expect(unpacked.count == 2)  // the folder and its stamp
    }
}
