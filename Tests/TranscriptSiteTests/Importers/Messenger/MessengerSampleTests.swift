import Foundation
import Testing

@testable import TranscriptImport
@testable import TranscriptModel
@testable import TranscriptSite

/// Every file of `../shared/samples/messenger`, with the values the files hold.
@Suite(.needsSamples("messenger")) struct MessengerSampleTests {
    typealias Support = MessengerTestSupport

    func sample(_ name: String) throws -> ImportedConversation {
        let url = Support.samples.appendingPathComponent(name)
        #expect(MessengerImporter().canImport(url))
        let conversations = try Support.read(url)
        try #require(conversations.count == 1)
        return conversations[0]
    }

    @Test func instagramMinimal() throws {
        let chat = try sample("chatminer-instagram-minimal.json").conversation
        #expect(chat.id == "chatminer-instagram-minimal")
        #expect(chat.title == "Jane Doe and John Doe")
        #expect(chat.kind == .direct)
        #expect(chat.messages.count == 2)
        #expect(chat.messages.map(\.sender) == ["Jane Doe", "John Doe"])
        #expect(chat.participants.map(\.id) == ["Jane Doe", "John Doe"])
        #expect(chat.messages.map(\.kind) == [.text("Hello John!"), .text("Hello Jane!")])
        #expect(chat.messages[0].date.iso8601 == "2019-12-24T11:23:00Z")
        #expect(chat.messages[1].date.iso8601 == "2020-01-17T20:49:00Z")
        #expect(chat.messages.map(\.id) == ["1577186580000-1", "1579294140000-1"])
    }

    @Test func messengerTestlogKeepsTheOrderOfTheSameMillisecond() throws {
        let chat = try sample("chatminer-messenger-testlog.json").conversation
        #expect(chat.id == "chatminer-messenger-testlog")
        #expect(chat.title == "Allan Smith and John Doe")
        #expect(chat.kind == .direct)
        #expect(chat.messages.count == 2)
        #expect(chat.messages.map(\.sender) == ["Allan Smith", "John Doe"])
        #expect(chat.messages.map(\.kind) == [.text("Hello John"), .text("Hello Allan")])
        #expect(chat.messages.map { Support.milliseconds($0.date) } == [1_668_628_203_612, 1_668_628_203_612])
        #expect(chat.messages.map(\.id) == ["1668628203612-1", "1668628203612-2"])
    }

    @Test func langchainFacebookChat() throws {
        let imported = try sample("langchain-docs-facebook_chat.json")
        let chat = imported.conversation
        #expect(chat.id == "inbox/User 1 and User 2 chat")
        #expect(chat.title == "User 1 and User 2 chat")
        #expect(chat.kind == .direct)
        #expect(chat.participants.map(\.id) == ["User 1", "User 2"])
        #expect(chat.messages.count == 11)
        #expect(chat.messages.map(\.sender) == [
            "User 1", "User 2", "User 1", "User 2", "User 2", "User 2", "User 1", "User 1", "User 2", "User 1", "User 2",
        ])
        #expect(Support.milliseconds(chat.messages.first!.date) == 1_675_549_022_673)
        #expect(Support.milliseconds(chat.messages.last!.date) == 1_675_597_571_851)
        #expect(chat.messages.first?.kind == .text("Hi! Im interested in your bag. Im offering $50. Let me know if you are interested. Thanks!"))
        #expect(chat.messages.last?.kind == .text("Bye!"))
        #expect(chat.messages[4].kind == .photo(MediaItem(file: "url_of_some_picture.jpg")))
        #expect(chat.messages[5].kind == .text("Here is $129"))
        #expect(chat.messages.map(\.kind.typeName) == ["text", "text", "text", "text", "photo", "text", "text", "text", "text", "text", "text"])
        let dates = chat.messages.map(\.date)
        #expect(dates == dates.sorted())
        #expect(imported.mediaFolder.standardizedFileURL.path == Support.samples.standardizedFileURL.path)
    }

    @Test func instagramMojibakeTestlog() throws {
        let chat = try sample("chatminer-instagram-testlog-mojibake.json").conversation
        #expect(chat.id == "inbox/testlog_2765720812686121")
        #expect(chat.title == "Test Log")
        #expect(chat.kind == .group)
        #expect(chat.participants.map(\.name) == ["John Doe", "J❤️hn Doe", "Jane Doe", "Lionel Messi", "❤️"])
        #expect(chat.messages.count == 13)
        #expect(chat.messages.map(\.sender) == [
            "Jane Doe", "John Doe", "John Doe", "Jane Doe", "Lionel Messi", "John Doe", "John Doe", "John Doe", "J❤️hn Doe", "❤️",
            "John Doe", "John Doe", "Jane Doe",
        ])
        #expect(chat.messages.map(\.kind.typeName) == [
            "system", "text", "photo", "video", "linkPreview", "text", "audio", "text", "text", "text", "system", "text", "system",
        ])
        #expect(chat.messages[0].date.iso8601 == "2014-12-24T17:08:00Z")
        #expect(Support.milliseconds(chat.messages[12].date) == 1_662_849_420_000)
        #expect(Support.system(chat.messages[0]) == SystemEvent(event: .join, text: "Jane Doe joined the group."))
        #expect(chat.messages[1].kind == .text("Testing message with reactions."))
        #expect(chat.messages[1].reactions == [Reaction(emoji: "❤️", by: ["J❤️hn Doe"]), Reaction(emoji: "💖", by: ["Jane Doe"])])
        #expect(chat.messages[2].kind == .photo(MediaItem(
            file: "messages/inbox/testlog_5409190972533416/photos/5409190972533416_5409190972533416_5409190972533416_n_5409190972533416.jpg")))
        #expect(chat.messages[3].kind == .video(MediaItem(
            file: "messages/inbox/testlog_834308961406351/videos/834308961_834308961406351_834308961406351_n_834308961406351.mp4")))
        #expect(chat.messages[4].kind == .linkPreview(LinkPreview(
            url: "https://www.instagram.com/p/CmUv48DLvxd/?feed_type=reshare_chaining", text: "John Doe sent an attachment.")))
        #expect(chat.messages[5].kind == .text("Testing normal message."))
        #expect(chat.messages[6].kind == .audio(MediaItem(
            file: "messages/inbox/videocallwiththehomies_2765720812686121/audio/audioclip2765720812686121_27657208126861.mp4")))
        #expect(chat.messages[7].kind == .text("Testing message with emoji: ❤️"))
        #expect(chat.messages[8].kind == .text("Testing username with emoji: J❤️hn Doe"))
        #expect(chat.messages[9].kind == .text("Testing username only emoji: ❤️"))
        #expect(chat.messages[8].id == "1579359180000-1")
        #expect(chat.messages[9].id == "1579359180000-2")
        #expect(Support.system(chat.messages[10]) == SystemEvent(event: .other, text: "John Doe's poll has multiple updates."))
        #expect(chat.messages[11].kind == .text(""))
        #expect(chat.messages[11].reactions == [Reaction(emoji: "❤️", by: ["J❤️hn Doe"]), Reaction(emoji: "💖", by: ["Jane Doe"])])
        #expect(Support.system(chat.messages[12]) == SystemEvent(event: .other, text: "This poll is no longer available."))
        #expect(Set(chat.messages.map(\.id)).count == 13)
    }

    @Test func theWholeSamplesFolderBuilds() throws {
        let site = try TestSupport.makeSite(config: "inputs: [\"\(Support.samples.path)\"]\n", conversations: [:])
        let summary = try SiteBuilder(options: BuildOptions(site: site)).build()
        #expect(summary.conversations.map(\.title).sorted() == [
            "Allan Smith and John Doe", "Jane Doe and John Doe", "Test Log", "User 1 and User 2 chat",
        ])
        #expect(summary.messagesRead == 28)
        #expect(summary.messagesRendered == 28)
        #expect(summary.unsupportedMessages == 0)
        #expect(summary.missingMedia == 4)
        let pages = try FileManager.default.subpathsOfDirectory(atPath: site.appendingPathComponent("public").path)
        let testLog = try #require(pages.first { $0.hasPrefix("c/inbox-testlog") && $0.hasSuffix("index.html") })
        let html = try TestSupport.conversationHTML(
            site.appendingPathComponent("public").appendingPathComponent(testLog).deletingLastPathComponent())
        #expect(html.contains("J❤️hn Doe"))
        #expect(html.contains("Jane Doe joined the group."))
        #expect(html.contains("https://www.instagram.com/p/CmUv48DLvxd/"))
    }
}
