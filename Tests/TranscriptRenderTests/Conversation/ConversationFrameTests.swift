import Foundation
import Testing
import TranscriptTestSupport

import TranscriptDisplay
@testable import TranscriptModel
@testable import TranscriptRender

@Suite struct ConversationFrameTests {
    static let settings = RenderSettings(
        title: "Archive", language: "en", isRightToLeft: false, timeZone: TimeZone(identifier: "Europe/Berlin")!,
        locale: Locale(identifier: "en_GB"), pageSize: 1000, feeds: false, feedSize: 50, hasSearch: true,
        findBar: FindBarSettings(), display: DisplayConfiguration())

    /// What the frame gathers a run of messages at a time (senders, the earliest and the latest date, the days)
    /// is what one pass over every message gives, across the runs' ends: dates out of order, senders not among
    /// the participants, messages without a sender.
    @Test func gatheredOverRunsIsWhatOnePassGives() throws {
        var generator = SeededGenerator(seed: 11)
        let senders: [String?] = ["ann", "bob", "carl", nil, "dora", "eve"]
        var messages: [Message] = []
        var seconds = 1_700_000_000.0
        for index in 0..<70_000 {
            seconds += Double.random(in: 0..<600, using: &generator)
            // Now and then a message dated before the one before it (the lowest and highest in a middle run).
            let date = index == 40_000 ? 1_600_000_000 : index == 50_000 ? 1_800_000_000 : seconds
            messages.append(Message(
                id: "m\(index)", sender: senders.randomElement(using: &generator)!,
                date: Timestamp(secondsSince1970: date), kind: .text("hi")))
        }
        let conversation = Conversation(
            id: "c", title: "Chat", kind: .group,
            participants: [Participant(id: "ann", name: "Ann"), Participant(id: "bob", name: "Bob")], messages: messages)
        let frame = try ConversationFrame(
            conversation, file: "chat.json", root: "../../", configuration: Self.settings,
            timesOfDay: DateTexts.timesOfDay(locale: Self.settings.locale))

        #expect(frame.firstDate == Timestamp(secondsSince1970: 1_600_000_000))
        #expect(frame.lastDate == Timestamp(secondsSince1970: 1_800_000_000))
        #expect(frame.senderNames == ["Ann", "Bob", "carl", "dora", "eve"])
        #expect(frame.warnings == ["chat.json: senders not listed among the participants, shown by id: carl, dora, eve"])
        // Every day is named, as a frame that named each message's day would.
        let dates = DateTexts(timeZone: Self.settings.timeZone, locale: Self.settings.locale)
        #expect(frame.firstDay == dates.day(Timestamp(secondsSince1970: 1_600_000_000)) && frame.firstDay?.hasPrefix("13 Sep") == true)
        let days = Set(messages.map { dates.dayNumber($0.date) })
        #expect(Set(frame.dayTexts.medium.keys) == days)
        #expect(frame.dayTexts.medium[dates.dayNumber(messages[0].date)] == dates.day(messages[0].date))
    }
}

/// The month page's frame is cut where the template shows the messages: at the marker's bytes.
@Suite struct MessagesMarkerTests {
    @Test func theMarkerIsFoundByItsBytesEachTimeItOccurs() {
        let marker = ConversationRenderer.messagesMarkerBytes
        #expect(ConversationRenderer.occurrences(of: marker, in: Array("<ol>".utf8) + marker + Array("</ol>".utf8)) == [4])
        #expect(ConversationRenderer.occurrences(of: marker, in: marker + Array("é".utf8) + marker) == [0, marker.count + 2])
        #expect(ConversationRenderer.occurrences(of: marker, in: Array("<ol></ol>".utf8)).isEmpty)
        #expect(ConversationRenderer.occurrences(of: marker, in: Array(marker.dropLast())).isEmpty)
        #expect(ConversationRenderer.occurrences(of: Array("aa".utf8), in: Array("aaaaa".utf8)) == [0, 2])
    }
}
