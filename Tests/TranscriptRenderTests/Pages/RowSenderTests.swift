import Testing

@testable import TranscriptDisplay
@testable import TranscriptModel
@testable import TranscriptRender

/// What a row shows of its sender, looked up once per message.
@Suite struct RowSenderTests {
    let table = RowSender.table(
        names: ["u1": "Alice Weber", "u2": "李雷"],
        avatarImages: ["u1": "../../media/u1.png", "u3": "../../media/u3.png"],
        initials: ["u1": "AW", "u2": "李", "ghost": "G"],
        participants: [
            "u1": Participant(id: "u1", name: "Alice Weber", color: "#3366cc", bot: true),
            "u2": Participant(id: "u2", name: "李雷", color: "not a colour"),
        ])

    @Test func everyKnownIdHasItsFacts() throws {
        #expect(table.keys.sorted() == ["ghost", "u1", "u2", "u3"])
        let alice = try #require(table["u1"])
        #expect(alice.name == "Alice Weber")
        #expect(alice.initials == "AW")
        #expect(alice.avatarImage == "../../media/u1.png")
        #expect(alice.roleColor == CSSColor("#3366cc"))
        #expect(alice.isBot)
        #expect(alice.color == SenderColor.index(for: "u1"))
        let li = try #require(table["u2"])
        #expect(li.initials == "李")
        #expect(li.avatarImage == nil)
        // A colour that is not CSS is not used.
        #expect(li.roleColor == nil)
        #expect(!li.isBot)
    }

    @Test func aSenderWithoutANameIsShownByIdWithInitialsOfTheId() throws {
        // Only a picture is known: the id is the name, and the initials are made from it.
        let picture = try #require(table["u3"])
        #expect(picture.name == "u3")
        #expect(picture.initials == AvatarView.initials(of: "u3"))
        #expect(picture.avatarImage == "../../media/u3.png")
        // A sender not listed among the participants, whose initials the conversation made.
        let ghost = try #require(table["ghost"])
        #expect(ghost.name == "ghost")
        #expect(ghost.initials == "G")
        #expect(ghost.color == SenderColor.index(for: "ghost"))
        let unknown = RowSender(id: "Bob Stone", name: nil, avatarImage: nil, initials: nil, participant: nil)
        #expect(unknown.name == "Bob Stone")
        #expect(unknown.initials == "BS")
    }
}
