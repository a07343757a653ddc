import Foundation
import Testing

@testable import TranscriptModel
@testable import TranscriptSite

@Suite struct PrivacyTransformTests {
    static let conversation = Conversation(
        id: "c", title: "Alice Smith and Bob", kind: .group,
        participants: [
            Participant(id: "me", name: "Carol Owner"), Participant(id: "alice", name: "Alice Smith", avatar: "a.jpg"),
            Participant(id: "bob", name: "Bob Jones"), Participant(id: "dan", name: "Dan Smith"),
            Participant(id: "quiet", name: "Quiet Person"),
        ],
        messages: [
            Message(id: "1", sender: "bob", date: Timestamp(secondsSince1970: 0), kind: .text("Hi Alice!")),
            Message(
                id: "2", sender: "alice", date: Timestamp(secondsSince1970: 60),
                kind: .text("Bob, the Smiths: Alice Smith, Dan Smith, alice smith"), replyTo: "1",
                reactions: [Reaction(emoji: "👍", by: ["bob", "dan"]), Reaction(emoji: "🎉", by: ["bob"])]),
            Message(id: "3", sender: "me", date: Timestamp(secondsSince1970: 120), kind: .text("I am Carol")),
            Message(
                id: "4", sender: "dan", date: Timestamp(secondsSince1970: 180),
                kind: .poll(Poll(question: "Dan's dinner?", options: [Poll.Option(text: "yes", votes: 2, voters: ["bob", "alice"])]))),
        ])

    static func apply(_ settings: PrivacySettings) throws -> (Conversation, PrivacyTransform.Outcome) {
        var conversation = conversation
        let outcome = try PrivacyTransform(settings: settings, me: ["me"]).apply(to: &conversation)
        return (conversation, outcome)
    }

    static func text(_ message: Message) -> String {
        if case .text(let text) = message.kind { return text }
        if case .system(let event) = message.kind { return event.text }
        return ""
    }

    @Test func pseudonymsFollowTheFirstMessagesAndMeKeepsTheirName() throws {
        let (changed, outcome) = try Self.apply(PrivacySettings(pseudonymize: .on(chosen: [:])))
        #expect(changed.participants.map(\.name) == ["Carol Owner", "Person 2", "Person 1", "Person 3", "Person 4"])
        #expect(changed.participants.map(\.id) == ["me", "person-2", "person-1", "person-3", "person-4"])
        #expect(changed.participants[1].avatar == nil)
        #expect(changed.title == "Person 2 and Person 1")
        #expect(changed.messages.map(\.sender) == ["person-1", "person-2", "me", "person-3"])
        #expect(Self.text(changed.messages[0]) == "Hi Person 2!")
        // A surname two people share is masked; whole names win over their words; any case.
        #expect(Self.text(changed.messages[1]) == "Person 1, the Smiths: Person 2, Person 3, Person 2")
        #expect(Self.text(changed.messages[2]) == "I am Carol")
        #expect(changed.messages[1].reactions.map(\.by) == [["person-1", "person-3"], ["person-1"]])
        guard case .poll(let poll) = changed.messages[3].kind else { Issue.record("not a poll"); return }
        #expect(poll.question == "Person 3's dinner?")
        #expect(poll.options[0].voters == ["person-1", "person-2"])
        #expect(outcome.removed == 0 && outcome.namesReplaced == 8)
    }

    @Test func chosenPseudonymsAndMeWhenListed() throws {
        let (changed, _) = try Self.apply(PrivacySettings(pseudonymize: .on(chosen: ["Alice Smith": "Ally", "me": "The Owner"])))
        #expect(changed.participants.map(\.name) == ["The Owner", "Ally", "Person 1", "Person 2", "Person 3"])
        #expect(Self.text(changed.messages[2]) == "I am The Owner")  // the words of a name count too
        #expect(changed.participants.map(\.id) == ["me", "ally", "person-1", "person-2", "person-3"])
        #expect(changed.messages[2].sender == "me")  // still the owner's message, on the right
    }

    @Test func excludedPeopleLeaveRemovedLines() throws {
        let (changed, outcome) = try Self.apply(PrivacySettings(exclude: ["bob jones", "nobody"], mask: "[x]"))
        #expect(outcome.removed == 1 && outcome.matchedExclusions == ["bob jones"])
        #expect(changed.participants.map(\.id) == ["me", "alice", "dan", "quiet"])
        let removed = changed.messages[0]
        #expect(removed.id == "1" && removed.sender == nil && Self.text(removed) == PrivacyTransform.removedText)
        #expect(Self.text(changed.messages[1]) == "[x], the Smiths: Alice Smith, Dan Smith, alice smith")
        #expect(changed.messages[1].reactions.map(\.by) == [["dan"]])
        #expect(changed.messages[1].reactions.map(\.count) == [1])
        guard case .poll(let poll) = changed.messages[3].kind else { Issue.record("not a poll"); return }
        #expect(poll.options[0].voters == ["alice"])
    }

    @Test func redactionReachesEveryText() throws {
        var conversation = Conversation(
            id: "c", title: "Call 0612345678", kind: .direct, participants: [],
            messages: [
                Message(
                    id: "1", sender: nil, date: Timestamp(secondsSince1970: 0),
                    kind: .photo(MediaItem(file: "media/call 0612345678.jpg", caption: "from ann@example.com")),
                    forwardedFrom: "ann@example.com"),
                Message(
                    id: "2", sender: nil, date: Timestamp(secondsSince1970: 1),
                    kind: .contact(Contact(name: "Ann", phones: ["+49 170 1234567"], emails: ["ann@example.com"]))),
                Message(
                    id: "3", sender: nil, date: Timestamp(secondsSince1970: 2),
                    kind: .custom(CustomContent(kind: "order", payload: .object(["by": .string("ann@example.com"), "n": .number(1)])))),
            ])
        let settings = PrivacySettings(redact: [try RedactionPattern("email"), try RedactionPattern("phone")], mask: "…")
        _ = try PrivacyTransform(settings: settings, me: []).apply(to: &conversation)
        #expect(conversation.title == "Call …")
        guard case .photo(let item) = conversation.messages[0].kind else { Issue.record("not a photo"); return }
        #expect(item.caption == "from …" && item.name == "call ….jpg" && item.file == "media/call 0612345678.jpg")
        #expect(conversation.messages[0].forwardedFrom == "…")
        guard case .contact(let contact) = conversation.messages[1].kind else { Issue.record("not a contact"); return }
        #expect(contact.phones == ["…"] && contact.emails == ["…"])
        guard case .custom(let custom) = conversation.messages[2].kind else { Issue.record("not custom"); return }
        #expect(custom.payload == .object(["by": .string("…"), "n": .number(1)]))
    }

    @Test func newIDsNeverTakeAnIDThatStays() throws {
        var conversation = Conversation(
            id: "c", title: "t", kind: .direct,
            participants: [Participant(id: "person-1", name: "Owner"), Participant(id: "x", name: "Xavier")],
            messages: [Message(id: "1", sender: "x", date: Timestamp(secondsSince1970: 0), kind: .text("hi"))])
        _ = try PrivacyTransform(settings: PrivacySettings(pseudonymize: .on(chosen: [:])), me: ["person-1"]).apply(to: &conversation)
        #expect(conversation.participants.map(\.id) == ["person-1", "person-1-2"])
        #expect(conversation.messages[0].sender == "person-1-2")
    }
}
