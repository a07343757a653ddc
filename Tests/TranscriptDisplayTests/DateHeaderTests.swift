import Foundation
import Testing

@testable import TranscriptDisplay
@testable import TranscriptModel

@Suite struct DateHeaderTests {
    func context(gaps: [Double], interval: TimeInterval = 3600) -> DisplayContext {
        var time = 1_714_721_400.0
        var messages = [Message(id: "0", sender: "ann", date: Timestamp(secondsSince1970: time), kind: .text("first"))]
        for (index, gap) in gaps.enumerated() {
            time += gap
            messages.append(Message(id: "\(index + 1)", sender: "ann", date: Timestamp(secondsSince1970: time), kind: .text("x")))
        }
        return DisplayContext(
            conversation: Conversation(id: "c", title: "C", messages: messages),
            configuration: DisplayConfiguration(dateHeaderInterval: interval))
    }

    func headers(_ context: DisplayContext, delegate: some TranscriptDisplayDelegate = DefaultDisplayDelegate()) -> [Bool] {
        context.conversation.messages.indices.map { delegate.showsDateHeader(for: context.message(at: $0), at: $0, in: context) }
    }

    @Test func aHeaderAboveTheFirstMessageAndAfterMoreThanAnHour() {
        #expect(headers(context(gaps: [3599, 3600, 3601, 1, -7200, 60])) == [true, false, false, true, false, false, false])
    }

    @Test func theIntervalIsConfigurable() {
        #expect(headers(context(gaps: [600, 601, 599], interval: 600)) == [true, false, true, false])
        #expect(headers(context(gaps: [1, 0], interval: 0)) == [true, true, false])
    }

    @Test func aDelegateCanChangeTheRule() {
        struct EveryMessage: TranscriptDisplayDelegate {
            func showsDateHeader(for message: Message, at index: Int, in context: DisplayContext) -> Bool { true }
        }
        #expect(headers(context(gaps: [1, 2]), delegate: EveryMessage()) == [true, true, true])
    }

    @Test func outgoingMessagesAreTheOwners() {
        let messages = [
            Message(id: "1", sender: "me", date: Timestamp(secondsSince1970: 0), kind: .text("a")),
            Message(id: "2", sender: "ann", date: Timestamp(secondsSince1970: 1), kind: .text("b")),
            Message(id: "3", sender: "ann", date: Timestamp(secondsSince1970: 2), kind: .text("c")),
            Message(id: "4", sender: nil, date: Timestamp(secondsSince1970: 3), kind: .system(SystemEvent(text: "x"))),
            Message(id: "5", sender: "ann", date: Timestamp(secondsSince1970: 4), kind: .text("d")),
        ]
        let context = DisplayContext(
            conversation: Conversation(id: "c", title: "C", kind: .group, messages: messages),
            configuration: DisplayConfiguration(me: ["me"]))
        let delegate = DefaultDisplayDelegate()
        #expect(messages.indices.map { delegate.isFromArchiveOwner(messages[$0], at: $0, in: context) } == [true, false, false, false, false])
        #expect(messages.indices.map { delegate.showsSenderName(for: messages[$0], at: $0, in: context) } == [false, true, false, false, true])
        let direct = DisplayContext(
            conversation: Conversation(id: "c", title: "C", kind: .direct, messages: messages),
            configuration: DisplayConfiguration(me: ["me"]))
        #expect(messages.indices.allSatisfy { !delegate.showsSenderName(for: messages[$0], at: $0, in: direct) })
    }
}
