import Foundation
import Testing

@testable import TranscriptImport
@testable import TranscriptModel

/// The merge's rules on small conversations made in the test.
@Suite struct ConversationMergeTests {
    func message(_ id: String, _ sender: String, _ minute: Double, _ text: String, edited: Bool = false) -> Message {
        let date = Timestamp(secondsSince1970: minute * 60)
        return Message(id: id, sender: sender, date: date, kind: .text(text), edited: edited ? date : nil)
    }

    func part(_ file: String, _ messages: [Message], participants: [Participant] = [], contentIDs: Bool = false) -> ConversationMerge.Part {
        ConversationMerge.Part(
            imported: ImportedConversation(
                conversation: Conversation(id: "c", title: file, participants: participants, messages: messages),
                mediaFolder: URL(fileURLWithPath: "/" + file)),
            file: file, contentIDs: contentIDs)
    }

    @Test func platformIDsAreNeverPairedAsAnEdit() {
        let old = part("old", [message("1", "ann", 1, "a"), message("2", "ann", 2, "b"), message("4", "ann", 4, "d")])
        let new = part("new", [message("1", "ann", 1, "a"), message("3", "ann", 2, "c", edited: true), message("4", "ann", 4, "d")])
        let outcome = ConversationMerge.merge([new, old])
        #expect(outcome.imported.conversation.messages.map(\.id) == ["1", "2", "3", "4"])
        #expect(outcome.report.editedBetweenExports == 0)
        #expect(outcome.report.missingFromNewest == 1)
        // With content ids, the same shapes are one message edited.
        let content = ConversationMerge.merge([
            part("new", new.imported.conversation.messages, contentIDs: true), part("old", old.imported.conversation.messages, contentIDs: true),
        ])
        #expect(content.imported.conversation.messages.map(\.id) == ["1", "2", "4"])
        #expect(content.imported.conversation.messages[1].kind == .text("c"))
        #expect(content.report.editedBetweenExports == 1)
    }

    @Test func reactionsAreTheUnionAndParticipantsEveryonesLatestName() {
        var early = message("1", "ann", 1, "a")
        early.reactions = [Reaction(emoji: "👍", by: ["bo"]), Reaction(emoji: "❤️", by: ["cy"])]
        var late = early
        late.reactions = [Reaction(emoji: "👍", by: ["dee"])]
        let outcome = ConversationMerge.merge([
            part("old", [early, message("2", "bo", 2, "x")], participants: [Participant(id: "ann", name: "Ann"), Participant(id: "bo", name: "Bo")]),
            part("new", [late, message("3", "ann", 3, "y")], participants: [Participant(id: "ann", name: "Ann B.")]),
        ])
        let reactions = outcome.imported.conversation.messages[0].reactions
        #expect(reactions == [Reaction(emoji: "👍", by: ["bo", "dee"]), Reaction(emoji: "❤️", by: ["cy"])])
        #expect(outcome.imported.conversation.participants.map(\.name) == ["Ann B.", "Bo"])
        #expect(outcome.imported.conversation.title == "new")
    }
}
