import Foundation
import Testing

@testable import TranscriptImport
@testable import TranscriptJSON
@testable import TranscriptModel
@testable import TranscriptSite

/// The real exports in ../shared/samples/slack (see design/formats.md, "Slack workspace export").
@Suite(.needsSamples("slack")) struct SlackSampleTests {
    let samples = SlackTestSupport.samples

    /// Every sample of the folder is read by a test below.
    @Test func everySampleIsTested() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: samples.path).filter { !$0.hasPrefix(".") }
        #expect(Set(names) == ["hfaran-testarchive", "hfaran-testarchive.zip", "zulip-exported_messages_fixtures", "zulip-test_slack_importer"])
        let fixtures = try FileManager.default.contentsOfDirectory(
            atPath: samples.appendingPathComponent("zulip-exported_messages_fixtures").path).filter { !$0.hasPrefix(".") }
        #expect(Set(fixtures) == [
            "message_with_emojis.json", "message_with_variety_files_and_rich_text.json", "message_with_varying_block_types.json",
            "normal_thread.json", "thread_with_broadcast_reply.json",
        ])
    }

    // MARK: hfaran-testarchive

    @Test func hfaranArchiveIsDetectedAsSlack() {
        let folder = samples.appendingPathComponent("hfaran-testarchive")
        #expect(SlackImporter().canImport(folder))
        #expect(!SlackImporter().canImport(folder.appendingPathComponent("channels.json")))
        #expect(!SlackImporter().canImport(folder.appendingPathComponent("enrique")))
        #expect(ImporterRegistry.builtIn.detect(folder)?.format == "slack")
    }

    @Test func hfaranArchiveChannels() throws {
        let conversations = try SlackTestSupport.conversations(samples.appendingPathComponent("hfaran-testarchive"))
        #expect(conversations.map(\.id) == ["C0JGLMMNX", "C0JL6CGQ2"])
        #expect(conversations.map(\.title) == ["#enrique", "#traveling-sailor"])
        #expect(conversations.allSatisfy { $0.kind == .channel })

        let enrique = try #require(conversations.first)
        #expect(enrique.messages.count == 102)
        #expect(enrique.messages.first?.id == "1452837318.000002")
        #expect(enrique.messages.first?.date.iso8601 == "2016-01-15T05:55:18Z")
        #expect(enrique.messages.last?.id == "1459233874.000036")
        #expect(enrique.messages.last?.date.iso8601 == "2016-03-29T06:44:34Z")
        #expect(Set(enrique.messages.compactMap(\.sender))
            == ["U0BMQB6JE", "U0BMYT2FL", "U0BMS113R", "U0BMM2FEH", "B0JL6RASU", "B0VJZKVHC"])
        #expect(kinds(enrique) == ["markdown": 89, "linkPreview": 7, "system": 6])
        // Everyone seen, in order; names from users.json, and for the bots from the bot_add messages.
        #expect(enrique.participants.map(\.id) == ["U0BMQB6JE", "U0BMYT2FL", "U0BMS113R", "U0BMM2FEH", "B0JL6RASU", "B0VJZKVHC"])
        #expect(enrique.participants.map(\.name) == ["hamza", "abilinski", "doubledeez", "heroeshannibal", "github", "github"])

        let messages = Dictionary(uniqueKeysWithValues: enrique.messages.map { ($0.id, $0) })
        // Slack's words say who joined; its `inviter` who added them (for pages in other languages).
        #expect(SlackTestSupport.system(messages["1452837318.000003"]!)
            == SystemEvent(event: .join, text: "@abilinski has joined the channel", actor: "U0BMQB6JE", subjects: ["U0BMYT2FL"]))
        #expect(SlackTestSupport.system(messages["1452988746.000017"]!)
            == SystemEvent(event: .botAdded, text: "hamza added an integration to this channel: github", actor: "U0BMQB6JE"))
        #expect(SlackTestSupport.markdown(messages["1452837359.000007"]!) == "Need that done before it can be used in victoria")
        #expect(SlackTestSupport.html(messages["1452837352.000006"]!)
            == "<p><span class=\"mention\">@abilinski</span>: Created an issue for a setup.py so that it can be installed to a standard place</p>\n")
        #expect(SlackTestSupport.preview(messages["1452846025.000011"]!) == LinkPreview(
            url: "https://github.com/hfaran/progressive/blob/master/setup.py",
            text: "Here's an example: https://github.com/hfaran/progressive/blob/master/setup.py",
            title: "hfaran/progressive", description: "progressive - Colorful progress bars and trees for your terminal",
            siteName: "GitHub"))
        // A bot's commit notice: pretext and text, the commit a link.
        #expect(SlackTestSupport.html(messages["1454892394.000004"]!) == """
            <p>[enrique:master] 1 new commit by Anthony Bilinski:<br />
            <a href="https://github.com/mesos-magellan/enrique/commit/ed1acbe9837b5ddf91e93606b604df3c2b4e128f">ed1acbe</a>: executor with simulated annealing rough draft - Anthony Bilinski</p>

            """)
        // A code block with a link inside: the address, as Slack shows it.
        #expect(SlackTestSupport.html(messages["1454905089.000017"]!) == """
            <p><span class="mention">@abilinski</span>:</p>
            <pre><code>wget http://downloads.mesosphere.io/master/debian/8/mesos-0.27.0-py2.7-linux-x86_64.egg
            easy_install mesos-0.27.0-py2.7-linux-x86_64.egg
            </code></pre>

            """)
        // A custom emoji reaction keeps its name.
        #expect(messages["1459154014.000018"]!.reactions == [Reaction(emoji: ":botman:", by: ["U0BMYT2FL"], count: 1)])
        #expect(SlackTestSupport.markdown(messages["1458251659.000005"]!) == "👍 ")
    }

    @Test func hfaranArchiveTravelingSailor() throws {
        let conversations = try SlackTestSupport.conversations(samples.appendingPathComponent("hfaran-testarchive"))
        let sailor = conversations[1]
        #expect(sailor.messages.count == 56)
        #expect(sailor.messages.first?.id == "1452988821.000002")
        #expect(sailor.messages.first?.date.iso8601 == "2016-01-17T00:00:21Z")
        #expect(sailor.messages.last?.id == "1459254786.000027")
        #expect(sailor.messages.last?.date.iso8601 == "2016-03-29T12:33:06Z")
        #expect(Set(sailor.messages.compactMap(\.sender)) == ["U0BMQB6JE", "U0BMYT2FL", "U0BMM2FEH", "U0BMS113R", "B0JL6UFSL"])
        #expect(sailor.messages.allSatisfy { $0.sender != nil })
        #expect(kinds(sailor) == ["markdown": 47, "system": 5, "file": 3, "linkPreview": 1])

        let messages = Dictionary(uniqueKeysWithValues: sailor.messages.map { ($0.id, $0) })
        // Legacy `file` of a file_share: the file, with its title as caption; Slack's copy needs a token, so no file.
        let upload = messages["1459052866.000012"]!
        #expect(upload.sender == "U0BMS113R")
        #expect(upload.kind == .file(MediaItem(name: "100_cities.js", mimeType: "text/plain", size: 4163, caption: "100 cities")))
        #expect(messages["1459155174.000025"]!.kind == .file(MediaItem(name: "cities1000.js", mimeType: "text/plain", size: 40474)))
        // file_comment: the comment's author, the text kept.
        let comment = messages["1459106048.000018"]!
        #expect(comment.sender == "U0BMS113R")
        #expect(SlackTestSupport.html(comment).hasPrefix(
            "<p><span class=\"mention\">@doubledeez</span> commented on <span class=\"mention\">@doubledeez</span>’s file <a href=\"https://mesos-magellan.slack.com/files/U0BMS113R/F0VQ4C4BT/10_cities.js\">10 cities</a>:</p>\n<pre><code>'cities': {\n"))
        // Edited, with the edit's time.
        let edited = messages["1458972985.000010"]!
        #expect(edited.edited?.iso8601 == "2016-03-26T08:32:14Z")
        #expect(SlackTestSupport.markdown(edited)!.hasPrefix("```\n{\"cities\": {\n    \"New York City\": [40.72, 74.00],"))
        // `<tel:…|…>` inside a code block shows its label; `&lt;` inside code is `<`.
        #expect(SlackTestSupport.markdown(messages["1459113341.000019"]!)!.contains("\nBest fitness: 28919.8689279\n"))
        #expect(SlackTestSupport.markdown(messages["1459033252.000003"]!)!.contains("line 5, in <module>"))
        #expect(SlackTestSupport.preview(messages["1458949481.000002"]!)?.text == "@hamza: https://www.maxmind.com/en/free-world-cities-database")
    }

    @Test(arguments: ["hfaran-testarchive", "hfaran-testarchive.zip"])
    func hfaranArchiveBuildsASite(input: String) throws {
        let path = samples.appendingPathComponent(input).path
        let site = try TestSupport.makeSite(
            config: "title: Slack\ninputs: [\"\(path)\"]\ntimeZone: UTC\nlocale: en_GB\n", conversations: [:],
            name: "slack" + input.filter(\.isLetter))
        let summary = try SiteBuilder(options: BuildOptions(site: site)).build()
        #expect(summary.conversations.map(\.title) == ["#enrique", "#traveling-sailor"])
        #expect(summary.conversations.map(\.messagesRead) == [102, 56])
        #expect(summary.messagesRead == 158)
        #expect(summary.messagesRendered == 158)
        #expect(summary.unsupportedMessages == 0)
        #expect(summary.missingMedia == 0)
        // Slack exports hold no uploaded files: the three the messages name are placeholders, and the build says so.
        #expect(summary.warnings.map { $0.hasSuffix(": 3 attachments the chat names are not in the export (shown as placeholders): 100_cities.js, 10_cities.js, cities1000.js") } == [true], "\(summary.warnings)")
        let enrique = try TestSupport.conversationHTML(site.appendingPathComponent("public/c/c0jglmmnx"))
        #expect(enrique.contains("<div class=\"event-text\" dir=\"auto\"><p>@hamza has joined the channel</p>"))
        #expect(enrique.contains("<span class=\"reaction-emoji\">:botman:</span>"))
        let sailor = try TestSupport.conversationHTML(site.appendingPathComponent("public/c/c0jl6cgq2"))
        #expect(sailor.contains("<span class=\"file-name\" dir=\"auto\">100_cities.js</span> <span class=\"file-meta\">text/plain · 4.2 KB</span>"))
        #expect(sailor.contains("The file is not in the export"))
        let index = try TestSupport.read(site.appendingPathComponent("public/index.html"))
        #expect(index.contains("#traveling-sailor"))
    }

    // MARK: zulip-test_slack_importer

    @Test func zulipWorkspaceWithoutListsReadsItsFolders() throws {
        let folder = samples.appendingPathComponent("zulip-test_slack_importer")
        let conversations = try SlackTestSupport.conversations(folder)
        #expect(conversations.map(\.id) == ["random"])
        let random = try #require(conversations.first)
        #expect(random.title == "#random")
        #expect(random.kind == .channel)
        #expect(random.messages.count == 13)
        #expect(random.messages.first?.id == "1498401043.277604")
        #expect(random.messages.first?.date.iso8601 == "2017-06-25T14:30:43.278Z")
        #expect(abs((random.messages.first?.date.secondsSince1970 ?? 0) - 1498401043.277604) < 1e-6)
        #expect(random.messages.last?.id == "1516468530.000036")
        #expect(random.messages.last?.date.iso8601 == "2018-01-20T17:15:30Z")
        #expect(Set(random.messages.compactMap(\.sender)) == ["U6006P1CN", "U8VAHEVUY", "U8W3QFGQ5", "U8X25EBAB"])
        // No users.json: participants are named by their ids, or by the username a message gives.
        #expect(random.participants.map(\.id) == ["U6006P1CN", "U8VAHEVUY", "U8W3QFGQ5", "U8X25EBAB"])
        #expect(random.participants.map(\.name) == ["U6006P1CN", "U8VAHEVUY", "U8W3QFGQ5", "U8X25EBAB"])
        #expect(kinds(random) == ["markdown": 8, "system": 4, "file": 1])

        let messages = random.messages
        #expect(SlackTestSupport.system(messages[0]) == SystemEvent(event: .join, text: "@U6006P1CN has joined the channel", actor: "U6006P1CN"))
        #expect(messages[5].kind == .file(MediaItem(name: "dirac72.md", mimeType: "text/plain", size: 5755, caption: "test upload attachment")))
        // Bold, italic and strike nested.
        #expect(SlackTestSupport.html(messages[8]) == "<p>The markdown mapping is also lossy, as Zulip doesn't support two types of formatting together like bold and italic <del><strong><em>random</em></strong></del> while slack does</p>\n")
        #expect(SlackTestSupport.markdown(messages[9]) == "\\@everyone")
        #expect(SlackTestSupport.html(messages[11]) == "<p><span class=\"mention\">@channel</span></p>\n")
    }

    // MARK: zulip-exported_messages_fixtures

    func fixture(_ name: String) throws -> JSONValue {
        try SlackTestSupport.parse(file: samples.appendingPathComponent("zulip-exported_messages_fixtures/\(name).json"))
    }

    /// Real messages hold blocks and elements of the types Slack writes, in their shapes: nothing to warn of.
    @Test(arguments: [
        "message_with_emojis", "message_with_variety_files_and_rich_text", "message_with_varying_block_types", "normal_thread",
        "thread_with_broadcast_reply",
    ])
    func fixturesHaveNoProblems(name: String) throws {
        var reader = try SlackTestSupport.read(fixture(name))
        #expect(reader.takeProblems().map(\.path) == [])
        #expect(!reader.messages.contains { $0.id.hasSuffix("-fields") })
    }

    @Test func richTextEmojiFixture() throws {
        let reader = try SlackTestSupport.read(fixture("message_with_emojis"))
        #expect(reader.messages.count == 1)
        let message = reader.messages[0]
        #expect(message.id == "1772029104.463999")
        #expect(message.sender == "U06NU4E26M9")
        #expect(message.date.iso8601 == "2026-02-25T14:18:24.464Z")
        #expect(abs(message.date.secondsSince1970 - 1772029104.463999) < 1e-6)
        #expect(SlackTestSupport.markdown(message) == "Hello there\\! Here are some emojis 🏀 🏂 🏁")
        // The message's user_profile names the sender that users.json lacks.
        #expect(reader.participants == [Participant(id: "U06NU4E26M9", name: "Peter")])
    }

    @Test func filesAndRichTextFixture() throws {
        let reader = try SlackTestSupport.read(fixture("message_with_variety_files_and_rich_text"))
        let messages = reader.messages
        #expect(messages.map(\.id) == ["1772636065.551219", "1772636065.551219-2", "1772636065.551219-3"])
        #expect(messages.allSatisfy { $0.sender == "U06NU4E26M9" && $0.date == messages[0].date })
        #expect(SlackTestSupport.html(messages[0])
            == "<p>message with <strong>files  <span class=\"mention\">@U074VRHQ11T</span></strong></p>\n")
        // The canvas, named by its title; the JSON file.
        #expect(messages[1].kind == .file(MediaItem(
            name: "Untitled", mimeType: "application/vnd.slack-docs", size: 602, caption: "Weekly Sync")))
        #expect(messages[2].kind == .file(MediaItem(name: "channels.json", mimeType: "text/plain", size: 1563)))
    }

    @Test func varyingBlockTypesFixture() throws {
        let reader = try SlackTestSupport.read(fixture("message_with_varying_block_types"))
        #expect(reader.messages.count == 1)
        #expect(SlackTestSupport.html(reader.messages[0]) == """
            <p>Hello there, I am a basic rich text block!<br />
            Hello there, <strong>I am a bold rich text block!</strong><br />
            This is a mrkdwn section block 👻 <strong>this is bold</strong>, and <del>this is crossed out</del>, and <a href="https://google.com">this is a link</a><br />
            <strong>This is a header block</strong><br />
            <strong>Header 1</strong> | <strong>Header 2</strong><br />
            Datum 1 | Datum 2</p>

            """)
    }

    @Test func normalThreadFixture() throws {
        let messages = try SlackTestSupport.read(fixture("normal_thread")).messages
        #expect(messages.map(\.id) == ["1434139102.000002", "1439868294.000007", "1539868294.000007", "1449868294.000007"])
        // Parents keep their own ts and no thread; replies name their parent, even with a smaller ts.
        #expect(messages.map(\.thread) == [nil, "1434139102.000002", nil, "1539868294.000007"])
        #expect(messages.map(\.sender) == ["U061A5N1G", "U061A5N1G", "U061A1R2R", "U061A1R2R"])
        #expect(messages.map { SlackTestSupport.markdown($0) } == ["message body text", "random", "another thread message", "another reply"])
    }

    @Test func threadWithBroadcastReplyFixture() throws {
        let messages = try SlackTestSupport.read(fixture("thread_with_broadcast_reply")).messages
        #expect(messages.map(\.id) == ["1434139102.000002", "1434139103.000002", "1434139104.000002"])
        #expect(messages.map(\.thread) == [nil, "1434139102.000002", "1434139102.000002"])
        #expect(SlackTestSupport.markdown(messages[2]) == "everyone should see this")
    }

    private func kinds(_ conversation: Conversation) -> [String: Int] {
        conversation.messages.reduce(into: [:]) { $0[$1.kind.typeName, default: 0] += 1 }
    }
}
