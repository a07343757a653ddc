import Testing

@testable import TranscriptModel

/// A message keeps the fields few messages have out of line (`MessageRareFields`): setting and clearing them
/// reads back what was set, equality compares their values, and a copy changed leaves the original as it was.
@Suite struct MessageRareFieldsTests {
    static let date = Timestamp(secondsSince1970: 1_714_721_400, utcOffset: 7200)

    @Test func aMessageWithoutThemHoldsNothingOutOfLineAndStaysSmall() {
        let message = Message(id: "1", sender: "ann", date: Self.date, kind: .text("hi"), replyTo: "0", app: "Telegram")
        #expect(message.rare == nil)
        #expect(MemoryLayout<Message>.stride <= 152)
    }

    @Test func fieldsSetOneByOneReadBackAndClearedLeaveNothing() {
        var message = Message(id: "1", sender: "ann", date: Self.date, kind: .text("hi"))
        message.thread = "0"
        #expect(message.thread == "0" && message.rare != nil)
        #expect(message == Message(id: "1", sender: "ann", date: Self.date, kind: .text("hi"), thread: "0"))
        message.thread = nil
        message.forwardedFrom = "Bob"
        message.forwardedDate = Self.date
        message.forwardedEdited = Timestamp(secondsSince1970: 1_714_721_500)
        message.history = MessageHistory(earlierVersions: [], missingFrom: [Self.date])
        #expect(message.forwardedFrom == "Bob")
        #expect(message.forwardedDate == Self.date)
        #expect(message.forwardedEdited == Timestamp(secondsSince1970: 1_714_721_500))
        #expect(message.history?.missingFrom == [Self.date])
        #expect(message == Message(
            id: "1", sender: "ann", date: Self.date, kind: .text("hi"), forwardedFrom: "Bob", forwardedDate: Self.date,
            forwardedEdited: Timestamp(secondsSince1970: 1_714_721_500),
            history: MessageHistory(earlierVersions: [], missingFrom: [Self.date])))
        message.history?.missingFrom.append(Self.date)
        #expect(message.history?.missingFrom.count == 2)
        message.forwardedFrom = nil
        message.forwardedDate = nil
        message.forwardedEdited = nil
        message.history = nil
        #expect(message.rare == nil)
        #expect(message == Message(id: "1", sender: "ann", date: Self.date, kind: .text("hi")))
    }

    @Test func aCopyChangedLeavesTheOriginalAsItWas() {
        let original = Message(id: "1", sender: "ann", date: Self.date, kind: .text("hi"), forwardedFrom: "Bob")
        var copy = original
        copy.forwardedFrom = "Carol"
        #expect(original.forwardedFrom == "Bob")
        #expect(copy.forwardedFrom == "Carol")
        #expect(original != copy)
    }
}
