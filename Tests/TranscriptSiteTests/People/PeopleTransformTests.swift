import Foundation
import Testing

@testable import TranscriptModel
@testable import TranscriptSite

/// Participants made the people the config names, and the owner found by `me`'s ids.
@Suite struct PeopleTransformTests {
    func transform(me: [String] = [], name: String = #function) throws -> PeopleTransform {
        let directory = try PeopleDirectory(
            settings: PeopleSettings(entries: [PeopleDirectoryTests.quinn]), region: "US",
            folder: try TestSupport.temporaryFolder(name), configPath: "transcripts.yml")
        return PeopleTransform(directory: directory, me: me)
    }

    static func message(_ id: String, _ sender: String) -> Message {
        Message(id: id, sender: sender, date: Timestamp(secondsSince1970: 1_700_000_000), kind: .text("hi"))
    }

    @Test func aDirectChatWithThePersonTakesTheirNameAndPerson() throws {
        var conversation = Conversation(
            id: "c", title: "+1 (555) 555-0101", kind: .direct,
            participants: [Participant(id: "+1 (555) 555-0101", name: "+1 (555) 555-0101"), Participant(id: "me", name: "Me")],
            messages: [Self.message("1", "+1 (555) 555-0101"), Self.message("2", "me")])
        let outcome = try transform().apply(to: &conversation)
        #expect(conversation.title == "Quinn Okonkwo")
        #expect(conversation.participants == [
            Participant(id: "+1 (555) 555-0101", name: "Quinn Okonkwo", person: "quinn-okonkwo"), Participant(id: "me", name: "Me"),
        ])
        #expect(outcome.changedParticipants && !outcome.changedMessages)
        #expect(outcome.matchedKeys == ["tel:+15555550101"])
    }

    @Test func aSenderTheConversationDoesNotListIsListedWhenTheyAreAPerson() throws {
        var conversation = Conversation(
            id: "c", title: "Group", kind: .group, participants: [],
            messages: [Self.message("1", "user5550101"), Self.message("2", "user9")])
        _ = try transform().apply(to: &conversation)
        #expect(conversation.participants == [Participant(id: "user5550101", name: "Quinn Okonkwo", person: "quinn-okonkwo")])
        #expect(conversation.title == "Group")
    }

    @Test func theOwnerIsFoundByMesIdsAndTakesItsFirstEverywhere() throws {
        var conversation = Conversation(
            id: "c", title: "Group", kind: .group,
            participants: [Participant(id: "+1 555 555 0199", name: "Me on my phone"), Participant(id: "ann", name: "Ann")],
            messages: [
                Self.message("1", "+1 555 555 0199"),
                Message(
                    id: "2", sender: "ann", date: Timestamp(secondsSince1970: 1_700_000_060), kind: .text("hey"),
                    reactions: [Reaction(emoji: "👍", by: ["+1 555 555 0199"])]),
            ])
        let outcome = try transform(me: ["owner", "+15555550199"]).apply(to: &conversation)
        #expect(outcome.changedMessages)
        #expect(conversation.participants.map(\.id) == ["owner", "ann"])
        #expect(conversation.messages.map(\.sender) == ["owner", "ann"])
        #expect(conversation.messages[1].reactions == [Reaction(emoji: "👍", by: ["owner"])])
    }

    @Test func aConversationOfNobodyItKnowsIsLeftAsItIs() throws {
        let original = Conversation(
            id: "c", title: "Ann", kind: .direct, participants: [Participant(id: "ann", name: "Ann")],
            messages: [Self.message("1", "ann")])
        var conversation = original
        let outcome = try transform().apply(to: &conversation)
        #expect(conversation == original)
        #expect(outcome == PeopleTransform.Outcome())
    }
}
