import Foundation
import Testing

@testable import TranscriptImport
@testable import TranscriptModel
@testable import TranscriptSupport

/// Reads chat text with the WhatsApp parser, as a file named chat.txt.
enum WhatsAppText {
    static func parse(
        _ text: String, order: WhatsAppImporter.DateOrder? = nil, zone: String = "UTC", files: Set<String> = []
    ) throws -> Conversation {
        try WhatsAppParser(dateOrder: order, timeZone: TimeZone(identifier: zone)!)
            .parse(Data(text.utf8), displayPath: "chat.txt", name: "chat", hasFile: { files.contains($0) })
    }

    /// The dates of the messages, as UTC ISO 8601 text.
    static func dates(_ text: String, order: WhatsAppImporter.DateOrder? = nil) throws -> [String] {
        try parse(text, order: order).messages.map(\.date.iso8601)
    }

    /// The single message of a one-header chat.
    static func message(_ text: String, files: Set<String> = []) throws -> Message {
        let messages = try parse(text, files: files).messages
        try #require(messages.count == 1)
        return messages[0]
    }
}

@Suite struct WhatsAppParserTests {
    // MARK: - Dates

    @Test func aFirstNumberAbove12MeansDayFirst() throws {
        #expect(try WhatsAppText.dates("13/01/2024, 10:00 - A: x\n01/02/2024, 10:00 - A: y") == [
            "2024-01-13T10:00:00Z", "2024-02-01T10:00:00Z",
        ])
    }

    @Test func aSecondNumberAbove12MeansMonthFirst() throws {
        #expect(try WhatsAppText.dates("01/13/2024, 10:00 - A: x\n02/01/2024, 10:00 - A: y") == [
            "2024-01-13T10:00:00Z", "2024-02-01T10:00:00Z",
        ])
    }

    @Test func theEvidenceAnywhereInTheFileDecides() throws {
        // The evidence is in the last line; the first lines are read with it.
        #expect(try WhatsAppText.dates("02/03/24, 10:00 - A: x\n04/03/24, 10:00 - A: y\n03/25/24, 10:00 - A: z") == [
            "2024-02-03T10:00:00Z", "2024-04-03T10:00:00Z", "2024-03-25T10:00:00Z",
        ])
    }

    @Test func aFourDigitFirstNumberIsTheYear() throws {
        for separator in ["/", ".", "-"] {
            #expect(try WhatsAppText.dates("2024\(separator)01\(separator)02, 10:00 - A: x") == ["2024-01-02T10:00:00Z"])
        }
        #expect(try WhatsAppText.dates("[2023/5/4, 16:13:23] A: x") == ["2023-05-04T16:13:23Z"])
    }

    @Test func everySeparatorIsRead() throws {
        #expect(try WhatsAppText.dates("13/01/2024, 10:00 - A: x") == ["2024-01-13T10:00:00Z"])
        #expect(try WhatsAppText.dates("13.01.24, 10:00 - A: x") == ["2024-01-13T10:00:00Z"])
        #expect(try WhatsAppText.dates("13-01-2024 10:00 - A: x") == ["2024-01-13T10:00:00Z"])
        #expect(try WhatsAppText.dates("[13.01.24, 10:00:05] A: x") == ["2024-01-13T10:00:05Z"])
        #expect(try WhatsAppText.dates("[13-01-24 10:00:05] A: x") == ["2024-01-13T10:00:05Z"])
    }

    @Test func datesThatGoBackDecideTheOrder() throws {
        // Day first, 5 Jan → 3 Feb goes forward; month first, 1 May → 2 Mar would go back.
        #expect(try WhatsAppText.dates("05/01/2024, 10:00 - A: x\n03/02/2024, 10:00 - A: y") == [
            "2024-01-05T10:00:00Z", "2024-02-03T10:00:00Z",
        ])
        #expect(try WhatsAppText.dates("01/05/2024, 10:00 - A: x\n02/03/2024, 10:00 - A: y") == [
            "2024-01-05T10:00:00Z", "2024-02-03T10:00:00Z",
        ])
    }

    @Test func withoutEvidenceTheDayComesFirst() throws {
        #expect(try WhatsAppText.dates("01/02/2024, 10:00 - A: x") == ["2024-02-01T10:00:00Z"])
    }

    @Test func theOverrideDecides() throws {
        let text = "01/02/2024, 10:00 - A: x\n03/04/2024, 10:00 - A: y"
        #expect(try WhatsAppText.dates(text, order: .monthFirst) == ["2024-01-02T10:00:00Z", "2024-03-04T10:00:00Z"])
        #expect(try WhatsAppText.dates(text, order: .dayFirst) == ["2024-02-01T10:00:00Z", "2024-04-03T10:00:00Z"])
        #expect(try WhatsAppText.dates("24/01/02, 10:00 - A: x", order: .yearFirst) == ["2024-01-02T10:00:00Z"])
        // It even beats the evidence, except for a date it cannot read.
        #expect(try WhatsAppText.dates("13/01/2024, 10:00 - A: x\n01/02/2024, 10:00 - A: y", order: .monthFirst) == [
            "2024-01-13T10:00:00Z", "2024-01-02T10:00:00Z",
        ])
    }

    @Test func eachKindOfHeaderHasItsOwnOrder() throws {
        // Pasted together from an Android phone (month first) and an iPhone (day first).
        #expect(try WhatsAppText.dates("12/15/25, 10:30 AM - A: x\n[15/12/2025, 10:32:03 AM] B: y\n12/01/25, 10:31 AM - A: z\n[01/12/2025, 10:33:00 AM] B: w") == [
            "2025-12-15T10:30:00Z", "2025-12-15T10:32:03Z", "2025-12-01T10:31:00Z", "2025-12-01T10:33:00Z",
        ])
    }

    @Test func theFileOrderIsKeptWhereTimesGoBack() throws {
        let conversation = try WhatsAppText.parse("13/01/2024, 10:00 - A: later\n12/01/2024, 09:00 - A: earlier")
        #expect(conversation.messages.map(\.kind) == [.text("later"), .text("earlier")])
        #expect(conversation.messages[0].date > conversation.messages[1].date)
    }

    // MARK: - Clocks

    @Test(arguments: [
        ("13/01/2024, 21:05 - A: x", "21:05:00"),
        ("13/01/2024, 21:05:09 - A: x", "21:05:09"),
        ("[13/01/2024, 9:05:09] A: x", "09:05:09"),
        ("13/01/2024, 9:05 PM - A: x", "21:05:00"),
        ("13/01/2024, 9:05 pm - A: x", "21:05:00"),
        ("13/01/2024, 9:05 am - A: x", "09:05:00"),
        ("13/01/2024, 12:05 AM - A: x", "00:05:00"),
        ("13/01/2024, 12:05 PM - A: x", "12:05:00"),
        ("13/01/2024, 9:05 p.m. - A: x", "21:05:00"),
        ("13/01/2024, 9:05 p. m. - A: x", "21:05:00"),
        ("13/01/2024, 9:05 a. m. - A: x", "09:05:00"),
        ("13/01/2024, 9:05 p.\u{00A0}m. - A: x", "21:05:00"),
        ("13/01/2024, 9:05\u{202F}PM - A: x", "21:05:00"),
        ("13/01/2024, 9:05\u{00A0}PM - A: x", "21:05:00"),
        ("13/01/2024, 3:22_AM - A: x", "03:22:00"),
        ("[13/01/2024, 9:05:09\u{202F}PM] A: x", "21:05:09"),
        ("[13/01/24 11:37:00 p.m.] A: x", "23:37:00"),
        // Broken values are read as written.
        ("13/01/2024, 00:08 a. m. - A: x", "00:08:00"),
        ("[13/01/24 13:37:00 p.m.] A: x", "13:37:00"),
        // Dots in the time, a dot after it, Finnish "klo".
        ("13.01.2024 klo 21.05.09 - A: x", "21:05:09"),
        ("13/01/2024, 21.05 - A: x", "21:05:00"),
        ("2024/01/13, 21:05. - A: x", "21:05:00"),
    ])
    func everyClockIsRead(_ line: String, _ time: String) throws {
        #expect(try WhatsAppText.dates(line) == ["2024-01-13T\(time)Z"])
    }

    @Test func timesAreReadInTheConfiguredTimeZone() throws {
        let conversation = try WhatsAppText.parse(
            "13/01/2024, 12:00 - A: winter\n13/07/2024, 12:00 - A: summer\n31/03/2024, 02:30 - A: in the gap\n27/10/2024, 02:30 - A: twice",
            zone: "Europe/Berlin")
        #expect(conversation.messages.map(\.date.iso8601) == [
            // 02:30 does not exist on 31 March and happens twice on 27 October: read as in winter time.
            "2024-01-13T11:00:00Z", "2024-07-13T10:00:00Z", "2024-03-31T01:30:00Z", "2024-10-27T01:30:00Z",
        ])
        #expect(conversation.messages.allSatisfy { $0.date.utcOffset == nil })
        // The same as canonical dates without an offset.
        for (message, local) in zip(conversation.messages, ["2024-01-13T12:00", "2024-07-13T12:00", "2024-03-31T02:30", "2024-10-27T02:30"]) {
            #expect(message.date == Timestamp(iso8601: local, defaultTimeZone: TimeZone(identifier: "Europe/Berlin")))
        }
    }

    @Test(arguments: ["Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "Asia/Kolkata", "Pacific/Apia", "UTC"])
    func rememberedOffsetsAreTheTimeZonesOwn(_ name: String) throws {
        let zone = try #require(TimeZone(identifier: name))
        var offsets = ZoneOffsets(timeZone: zone)
        // Every 20 minutes over two years, forwards, then some going back.
        let start = Double(ISO8601Text.daysFromCivil(year: 2011, month: 1, day: 1) * 86_400)
        var locals = stride(from: start, to: start + 2 * 366 * 86_400, by: 1200).map { $0 }
        locals += stride(from: start + 400 * 86_400, to: start + 300 * 86_400, by: -3600 * 7).map { $0 }
        for local in locals {
            let expected = ISO8601Text.offset(forLocalSeconds: local, in: zone)
            let got = offsets.offset(forLocalSeconds: local)
            if got != expected {
                Issue.record("\(name) at \(local): \(got) instead of \(expected)")
                return
            }
        }
    }

    // MARK: - Lines

    @Test func everyOtherLineContinuesTheMessage() throws {
        let conversation = try WhatsAppText.parse("""
            13/01/2024, 10:00 - A: first
            12/10/2021 was a Tuesday
            [not a header]

            2024 - the year
            13/01/2024, 10:01 - B: second


            """)
        #expect(conversation.messages.count == 2)
        #expect(conversation.messages[0].kind == .text("first\n12/10/2021 was a Tuesday\n[not a header]\n\n2024 - the year"))
        // Blank lines at a message's end are trimmed.
        #expect(conversation.messages[1].kind == .text("second"))
    }

    @Test func lineBreaksMayBeCRLFOrLFMixedWithOrWithoutAFinalOne() throws {
        let text = "[13/01/24, 10:00:00] A: one\r\ntwo\n[13/01/24, 10:00:01] B: three\r\n\r\nfour\r\n[13/01/24, 10:00:02] A: five"
        for variant in [text, text + "\n", text + "\r\n"] {
            let conversation = try WhatsAppText.parse(variant)
            #expect(conversation.messages.map(\.kind) == [.text("one\ntwo"), .text("three\n\nfour"), .text("five")])
        }
    }

    @Test func aByteOrderMarkAndDirectionMarksAreSkipped() throws {
        let conversation = try WhatsAppText.parse(
            "\u{FEFF}[13/01/24, 10:00:00] A: one\n\u{200E}[13/01/24, 10:00:01] B: \u{200E}image omitted\n[13/01/24, 10:00:02] \u{200E}A left")
        #expect(conversation.messages.count == 3)
        #expect(conversation.messages[1].kind == .photo(MediaItem()))
        #expect(conversation.messages[2].sender == nil)
        #expect(conversation.messages[2].kind == .system(SystemEvent(event: .leave, text: "A left")))
    }

    @Test func idsComeFromTheMessagesNotTheirLines() throws {
        let conversation = try WhatsAppText.parse("13/01/2024, 10:00 - A: x\nmore\n\n13/01/2024, 10:01 - B: y\n13/01/2024, 10:02 - A: z")
        let cut = try WhatsAppText.parse("[13/01/2024, 10:01:30] B: y\n[13/01/2024, 10:02:59] A: z")
        #expect(Array(conversation.messages.map(\.id).suffix(2)) == cut.messages.map(\.id))
        #expect(Set(conversation.messages.map(\.id)).count == 3)
    }

    @Test func linesBeforeTheFirstHeaderAreKept() throws {
        let conversation = try WhatsAppText.parse("Exported chat\n\n13/01/2024, 10:00 - A: x")
        #expect(conversation.messages.count == 2)
        #expect(conversation.messages[0].kind == .system(SystemEvent(event: .other, text: "Exported chat")))
        #expect(conversation.messages[0].date == conversation.messages[1].date)
    }

    @Test func aFileWithoutHeadersIsNotWhatsApp() throws {
        let text = (1...20).map { "line \($0)" }.joined(separator: "\n")
        #expect(throws: TranscriptsError(
            file: "chat.txt", line: 1,
            message: "not a WhatsApp chat: no message header (such as \"[20.06.19, 15:58:47] Name: text\" or \"20/06/2019, 15:58 - Name: text\") in its first lines")
        ) { try WhatsAppText.parse(text) }
        #expect(throws: TranscriptsError(file: "chat.txt", line: 1, message: "the chat file is empty")) {
            try WhatsAppText.parse("\n\n")
        }
    }

    @Test func invalidDatesAndTimesAreNotHeaders() throws {
        let conversation = try WhatsAppText.parse("""
            13/01/2024, 10:00 - A: x
            32/13/2024, 10:00 - B: not a date
            13/01/2024, 25:00 - B: not a time
            13/01/2024, 10:0 - B: not a minute
            13/01/2024 10:00 B no sender and no dash
            """)
        #expect(conversation.messages.count == 1)
    }

    // MARK: - Senders

    @Test func sendersAreTheTextBeforeTheFirstColonAndSpace() throws {
        let conversation = try WhatsAppText.parse("""
            13/01/2024, 10:00 - John-John Doe: a - b: c
            13/01/2024, 10:00 - Mr:X: colon in the name
            13/01/2024, 10:00 - +41 012 345 67 89: phone
            13/01/2024, 10:00 - \u{202A}+1 234 567\u{202C}: wrapped phone
            13/01/2024, 10:00 - 🤓: emoji
            13/01/2024, 10:00 - ~ Ann: not a contact
            13/01/2024, 10:00 - Bob:.
            13/01/2024, 10:00 - Bob:
            13/01/2024, 10:00 - Ann: see https://x.org/a:b
            """)
        #expect(conversation.messages.map(\.sender) == [
            "John-John Doe", "Mr:X", "+41 012 345 67 89", "+1 234 567", "🤓", "~ Ann", "Bob", "Bob", "Ann",
        ])
        #expect(conversation.messages.map(\.kind) == [
            .text("a - b: c"), .text("colon in the name"), .text("phone"), .text("wrapped phone"), .text("emoji"),
            .text("not a contact"), .text("."), .text(""), .text("see https://x.org/a:b"),
        ])
        #expect(conversation.participants == [
            "John-John Doe", "Mr:X", "+41 012 345 67 89", "+1 234 567", "🤓", "~ Ann", "Bob", "Ann",
        ].map { Participant(id: $0, name: $0) })
    }

    // MARK: - System messages

    @Test func systemMessagesHaveNoSenderAndAnEvent() throws {
        let conversation = try WhatsAppText.parse("""
            13/01/2024, 10:00 - Messages and calls are end-to-end encrypted. No one outside of this chat can read them.
            13/01/2024, 10:00 - Ann created group "Plans"
            13/01/2024, 10:00 - Ann added Bob
            13/01/2024, 10:00 - Carl joined using this group's invite link
            13/01/2024, 10:00 - You were added
            13/01/2024, 10:00 - Bob left
            13/01/2024, 10:00 - Ann removed Carl
            13/01/2024, 10:00 - Ann changed the subject from "Plans" to "Plans: May"
            [13/01/24, 10:00:00] \u{200E}Ann changed the group name to “Trip: June”
            [13/01/24, 10:00:00] \u{200E}Ann pinned a message
            13/01/2024, 10:00 - Ann changed this group's icon
            """)
        #expect(conversation.messages.allSatisfy { $0.sender == nil })
        #expect(conversation.messages.map(\.kind) == [
            .system(SystemEvent(event: .other, text: "Messages and calls are end-to-end encrypted. No one outside of this chat can read them.")),
            .system(SystemEvent(event: .create, text: "Ann created group \"Plans\"")),
            .system(SystemEvent(event: .join, text: "Ann added Bob")),
            .system(SystemEvent(event: .join, text: "Carl joined using this group's invite link")),
            .system(SystemEvent(event: .join, text: "You were added")),
            .system(SystemEvent(event: .leave, text: "Bob left")),
            .system(SystemEvent(event: .leave, text: "Ann removed Carl")),
            .system(SystemEvent(event: .rename, text: "Ann changed the subject from \"Plans\" to \"Plans: May\"")),
            .system(SystemEvent(event: .rename, text: "Ann changed the group name to “Trip: June”")),
            .system(SystemEvent(event: .pin, text: "Ann pinned a message")),
            .system(SystemEvent(event: .other, text: "Ann changed this group's icon")),
        ])
        #expect(conversation.participants.isEmpty)
        #expect(conversation.kind == .group)
    }

    @Test func callsKeepTheirSenderAndTheEncryptionNoticeDoesNot() throws {
        let conversation = try WhatsAppText.parse("""
            [13/01/24, 10:00:00] Pokemon Chat: \u{200E}Messages and calls are end-to-end encrypted. No one outside of this chat, not even WhatsApp, can read or listen to them.
            [13/01/24, 10:00:01] Ann: \u{200E}Missed voice call
            [13/01/24, 10:00:02] Bob: \u{200E}Video call, \u{200E}5 min
            [13/01/24, 10:00:03] Ann: Voice call, 12 min
            [13/01/24, 10:00:04] Bob: Video call tonight?
            """)
        #expect(conversation.messages.map(\.sender) == [nil, "Ann", "Bob", "Ann", "Bob"])
        #expect(conversation.messages.map(\.kind) == [
            .system(SystemEvent(event: .other, text: "Messages and calls are end-to-end encrypted. No one outside of this chat, not even WhatsApp, can read or listen to them.")),
            .system(SystemEvent(event: .call, text: "Missed voice call")),
            .system(SystemEvent(event: .call, text: "Video call, \u{200E}5 min")),
            .system(SystemEvent(event: .call, text: "Voice call, 12 min")),
            .text("Video call tonight?"),
        ])
        // The chat's name in the notice is not a participant; two people and no group events: a direct chat.
        #expect(conversation.participants.map(\.id) == ["Ann", "Bob"])
        #expect(conversation.kind == .direct)
    }

    @Test func systemTextsAfterTheGroupsNameHaveNoSender() throws {
        let conversation = try WhatsAppText.parse("""
            [13/01/24, 10:00:00] Family: \u{200E}Ann created group “Family”
            [13/01/24, 10:00:01] Family: \u{200E}Ann added Bob
            [13/01/24, 10:00:02] Ann: Ann added Bob
            [13/01/24, 10:00:03] Bob: \u{200E}Something WhatsApp wrote
            """)
        #expect(conversation.messages.map(\.sender) == [nil, nil, "Ann", "Bob"])
        #expect(conversation.messages.map(\.kind) == [
            .system(SystemEvent(event: .create, text: "Ann created group “Family”")),
            .system(SystemEvent(event: .join, text: "Ann added Bob")),
            .text("Ann added Bob"), .text("Something WhatsApp wrote"),
        ])
        #expect(conversation.participants.map(\.id) == ["Ann", "Bob"])
        #expect(conversation.kind == .group)
    }

    @Test func moreThanTwoSendersMakeAGroup() throws {
        #expect(try WhatsAppText.parse("13/01/2024, 10:00 - A: x\n13/01/2024, 10:00 - B: y").kind == .direct)
        #expect(try WhatsAppText.parse("13/01/2024, 10:00 - A: x\n13/01/2024, 10:00 - B: y\n13/01/2024, 10:00 - C: z").kind == .group)
    }
}
