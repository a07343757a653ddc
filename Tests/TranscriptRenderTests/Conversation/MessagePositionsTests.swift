import Testing

@testable import TranscriptModel
@testable import TranscriptRender

@Suite struct MessagePositionsTests {
    static func messages(_ ids: [String]) -> [Message] {
        ids.map { Message(id: $0, sender: "ann", date: Timestamp(secondsSince1970: 0), kind: .text("x")) }
    }

    @Test func findsEveryMessageByItsID() {
        // Enough messages for the slots to collide, with ids of every length (small and heap strings).
        let ids = (0..<5_000).map { $0 % 3 == 0 ? "m\($0)" : "message-with-a-long-id-\($0)-é" }
        let positions = MessagePositions(Self.messages(ids))
        #expect(positions.firstRepeated == nil)
        for (position, id) in ids.enumerated() { #expect(positions[id] == position) }
        #expect(positions["m1"] == nil && positions[""] == nil && positions["message-with-a-long-id-1-e"] == nil)
        #expect(MessagePositions([])["m0"] == nil)
    }

    @Test func aTableThreeQuartersFullFindsEveryIDAndNoOther() {
        // 12 messages fill 12 of 16 slots: long runs of taken slots, passed over by their hash bits or their ids.
        for count in [12, 13, 3_072, 3_073] {
            let ids = (0..<count).map { "id-\($0)" }
            let positions = MessagePositions(Self.messages(ids))
            #expect(positions.firstRepeated == nil)
            #expect(ids.indices.allSatisfy { positions[ids[$0]] == $0 })
            #expect((count..<(count + 500)).allSatisfy { positions["id-\($0)"] == nil })
        }
    }

    @Test func theFirstRepeatedIDIsFound() {
        let positions = MessagePositions(Self.messages(["a", "b", "c", "b", "a"]))
        #expect(positions.firstRepeated?.position == 3 && positions.firstRepeated?.first == 1)
        #expect(positions["a"] == 0 && positions["c"] == 2)
    }
}
