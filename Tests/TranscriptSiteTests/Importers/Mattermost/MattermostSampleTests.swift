import Foundation
import Testing

@testable import TranscriptImport
@testable import TranscriptModel
@testable import TranscriptSite

/// The real exports in ../shared/samples/mattermost (see design/formats.md, "Mattermost bulk export").
@Suite(.needsSamples("mattermost")) struct MattermostSampleTests {
    let samples = MattermostTestSupport.samples

    func kinds(_ conversation: Conversation) -> [String: Int] {
        conversation.messages.reduce(into: [:]) { $0[$1.kind.typeName, default: 0] += 1 }
    }

    @Test func everySampleIsTested() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: samples.path).filter { !$0.hasPrefix(".") }
        #expect(Set(names) == ["zulip-mattermost-export.json", "zulip-mattermost-direct_channel-export.json"])
        for name in names {
            #expect(ImporterRegistry.builtIn.detect(samples.appendingPathComponent(name))?.format == "mattermost")
        }
    }

    @Test func export() throws {
        let conversations = try MattermostTestSupport.conversations(samples.appendingPathComponent("zulip-mattermost-export.json"))
        #expect(conversations.map(\.id) == [
            "gryffindor-common-room", "gryffindor-quidditch-team", "slytherin-common-room", "dumbledores-army", "slytherin-quidditch-team",
        ])
        #expect(conversations.map(\.title) == [
            "#Gryffindor common room", "#Gryffindor quidditch team", "#Slytherin common room", "#Dumbledores army",
            "#Slytherin quidditch team",
        ])
        #expect(conversations.allSatisfy { $0.kind == .channel })
        #expect(conversations.map(\.messages.count) == [4, 7, 1, 5, 4])
        #expect(conversations.map(kinds) == [
            ["system": 2, "markdown": 2], ["system": 2, "markdown": 5], ["system": 1], ["system": 2, "markdown": 3],
            ["system": 1, "markdown": 3],
        ])

        let common = try #require(conversations.first)
        #expect(common.messages.map(\.sender) == ["harry", "ron", "harry", "ron"])
        #expect(common.messages.first?.date.iso8601 == "2019-03-21T10:45:41.689Z")
        #expect(common.messages.last?.date.iso8601 == "2019-03-21T11:09:53.455Z")
        #expect(common.messages.map(\.id) == ["1553165141689-harry", "1553166512493-ron", "1553166567370-harry", "1553166593455-ron"])
        #expect(MattermostTestSupport.system(common.messages[0]) == SystemEvent(event: .join, text: "harry joined the channel.", actor: "harry"))
        #expect(MattermostTestSupport.markdown(common.messages[2]) == "Looks like this channel is empty")
        #expect(common.messages[2].reactions == [Reaction(emoji: "🚀", by: ["ron"])])
        #expect(common.participants == [Participant(id: "ron", name: "Ron Weasley"), Participant(id: "harry", name: "Harry Potter")])

        let quidditch = conversations[1]
        #expect(quidditch.messages.map { MattermostTestSupport.markdown($0) ?? MattermostTestSupport.system($0)?.text } == [
            "harry joined the team.", "Hello world", "ron joined the team.", "Hey folks", "@ron Welcome mate!",
            "How is everything going", "Awesome!",
        ])
        #expect(quidditch.messages[1].reactions == [
            Reaction(emoji: ":tick:", by: ["harry"]), Reaction(emoji: "😄", by: ["ron"]), Reaction(emoji: "🗺️", by: ["ron"]),
        ])
        #expect(quidditch.participants.map(\.id) == ["harry", "malfoy", "ron"])
        #expect(quidditch.participants.map(\.name) == ["Harry Potter", "malfoy", "Ron Weasley"])

        // A reply nested in its post: after it, in its thread, though written earlier.
        let army = conversations[3]
        #expect(army.messages.map(\.id) == [
            "1553166657086-harry", "1553166584976-ron", "1553166668668-harry", "1553166681045-harry", "1553166686344-ron",
        ])
        #expect(army.messages[1].thread == "1553166657086-harry")
        #expect(MattermostTestSupport.markdown(army.messages[1]) == "The weather is so hot!")
        #expect(MattermostTestSupport.system(army.messages[3]) == SystemEvent(event: .join, text: "ron added to the channel by harry.", actor: "harry", subjects: ["ron"]))

        // A post whose team has no such channel goes to the only channel of that name.
        let slytherin = conversations[4]
        #expect(slytherin.messages.map(\.sender) == ["snape", "malfoy", "malfoy", "malfoy"])
        #expect(MattermostTestSupport.markdown(slytherin.messages[3]) == "🤣 4")
        #expect(slytherin.messages[3].reactions == [Reaction(emoji: ":peerdium:", by: ["harry"])])
        #expect(slytherin.messages.last?.date.iso8601 == "2019-03-21T11:15:16.448Z")
    }

    @Test func directChannelExport() throws {
        let conversations = try MattermostTestSupport.conversations(
            samples.appendingPathComponent("zulip-mattermost-direct_channel-export.json"))
        // The private channel has no posts: no conversation.
        #expect(conversations.map(\.id) == ["gryffindor-common-room", "gryffindor-quidditch-team", "ron-harry", "ron-harry-ginny", "harry-voldemort"])
        #expect(conversations.map(\.kind) == [.channel, .channel, .direct, .group, .direct])
        #expect(conversations.map(\.title) == [
            "#Gryffindor common room", "#Gryffindor quidditch team", "Ron Weasley, Harry Potter", "Ron Weasley, Harry Potter, Ginny Weasley",
            "Harry Potter, Tom Riddle",
        ])
        #expect(conversations.map(\.messages.count) == [3, 2, 3, 3, 2])

        let common = try #require(conversations.first)
        #expect(common.messages[2].id == "1553166567370-harry-2")
        #expect(common.messages[2].kind == .file(MediaItem(
            file: "data/20210622/teams/noteam/channels/mcrm7xee5bnpzn7u9ktsd91dwy/users/knq189b88fdxbdkeeasdynia4o/smaa5epsnp89tgjszzue1691ao/this is a file",
            name: "this is a file")))

        let ronHarry = conversations[2]
        #expect(ronHarry.messages.map(\.sender) == ["ron", "ron", "harry"])
        #expect(ronHarry.messages.map(\.kind.typeName) == ["markdown", "photo", "markdown"])
        #expect(ronHarry.messages.first?.date.iso8601 == "2019-08-21T08:28:57.676Z")
        #expect(ronHarry.messages.last?.date.iso8601 == "2019-08-21T08:31:58.568Z")

        let group = conversations[3]
        #expect(group.messages.compactMap(MattermostTestSupport.markdown) == [
            "Who is going to Hogsmeade this weekend?", "I am going as well", "I am going.",
        ])
        #expect(group.messages.map(\.sender) == ["ginny", "ron", "harry"])
        #expect(group.participants.map(\.id) == ["ron", "harry", "ginny"])

        // A direct channel only its posts name.
        let voldemort = conversations[4]
        #expect(voldemort.participants == [Participant(id: "harry", name: "Harry Potter"), Participant(id: "voldemort", name: "Tom Riddle")])
        #expect(voldemort.messages.compactMap(MattermostTestSupport.markdown) == ["Hey Harry.", "Ahh. Here we go again."])
        // The site's owner is left out of a direct channel's title.
        let mine = try MattermostTestSupport.conversations(
            samples.appendingPathComponent("zulip-mattermost-direct_channel-export.json"),
            context: ImportContext(timeZone: TimeZone(identifier: "UTC")!, me: ["harry"]))
        #expect(mine.map(\.title).suffix(3) == ["Ron Weasley", "Ron Weasley, Ginny Weasley", "Tom Riddle"])
    }

    @Test func siteBuild() throws {
        let path = samples.appendingPathComponent("zulip-mattermost-direct_channel-export.json").path
        let site = try TestSupport.makeSite(config: "inputs: [\"\(path)\"]\n", conversations: [:])
        let summary = try SiteBuilder(options: BuildOptions(site: site)).build()
        #expect(summary.conversations.count == 5)
        #expect(summary.messagesRead == 13)
        #expect(summary.unsupportedMessages == 0)
        // The sample's attachments are not in the repository.
        #expect(summary.missingMedia == 2)
        let index = try TestSupport.read(site.appendingPathComponent("public/index.html"))
        #expect(index.contains("#Gryffindor common room"))
        let pages = try FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent("public/c").path)
        #expect(pages.count == 5)
    }
}
