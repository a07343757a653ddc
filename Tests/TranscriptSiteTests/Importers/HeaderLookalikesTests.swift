import Foundation
import Testing

@testable import TranscriptImport
@testable import TranscriptModel

/// No line that looks like a message header is merged into the message before it (or left out) silently
/// (issue 18, part 4): WhatsApp, Signal and IRC warn with the file and line; `--strict` then fails.
@Suite struct HeaderLookalikesTests {
    @Test(arguments: [
        "20.06.19 15.58.47 - Loris: hi", "[20.06.19 15:58:47] Loris: hi", "2019-12-24 12:23 - Jane Doe: hello",
        "13/01/2024, 25:00 - B: not a time", "32/13/2024, 10:00 - B: not a date", "20.06.2019, 15:58:47.123 - Loris: hi",
        "(2019/12/24 12:23) Jane: x", "2005/01/08 23:34 <nick> hello", "\u{200E}[1.2.23 9:05 PM] +49 170 1234567: hi",
        "12/05/2023 10:30 dentist: bring the card",
    ])
    func headerLike(_ line: String) {
        #expect(HeaderLookalikes.looksLikeHeader(Array(line.utf8)), "\(line)")
    }

    @Test(arguments: [
        "3 apples", "10:30 works for me", "12/10/2021 was a Tuesday", "2024 - the year", "[not a header]",
        "13/01/2024 10:00 B no sender and no dash", "13/01/2024, 10:0 - B: not a minute", "1.2.3 is the version: see",
        "20.06.19 15.58.47", "On 12/05/2023 10:30 we meet: ok", "12/05/2023 10:30: 5", "123.45.67 12:00 - A: x",
    ])
    func ordinaryText(_ line: String) {
        #expect(!HeaderLookalikes.looksLikeHeader(Array(line.utf8)), "\(line)")
    }

    @Test func theWarningNamesTheFileTheFirstLineAndTheOthers() {
        var lookalikes = HeaderLookalikes()
        #expect(lookalikes.warning(file: "chat.txt", format: "WhatsApp", treatment: "x") == nil)
        for number in [4, 9, 12, 13, 20, 21, 30, 31] { lookalikes.check("13/01/2024, 25:00 - B: x \(number)", number: number) }
        #expect(lookalikes.warning(file: "chat.txt", format: "WhatsApp", treatment: "it is read as text, not as a new message")
            == "chat.txt:4: this line looks like a message header but matches no layout of WhatsApp exports transcripts knows (\"13/01/2024, 25:00 - B: x 4\"), so it is read as text, not as a new message; so are lines 9, 12, 13, 20, 21 and 2 more")
    }

    // MARK: - WhatsApp

    /// `dd.mm.yy HH.MM.SS: Sender: text` (dots in the time, a colon after it) is a header layout of its own.
    @Test func whatsAppDotsAndAColon() throws {
        let read = try WhatsAppParser(dateOrder: nil, timeZone: TimeZone(identifier: "UTC")!).read(
            Data("20.06.19 15.58.47: Loris: hello\nsecond line\n21.06.19 09.01.02: Anna: hi there\n21.06.19 09.02.00: Anna joined\n".utf8),
            displayPath: "chat.txt", name: "chat", hasFile: { _ in false })
        let messages = read.conversation.messages
        #expect(messages.map(\.sender) == ["Loris", "Anna", nil])
        #expect(messages.map(\.kind) == [
            .text("hello\nsecond line"), .text("hi there"), .system(SystemEvent(event: .join, text: "Anna joined")),
        ])
        #expect(messages.map(\.date.iso8601) == ["2019-06-20T15:58:47Z", "2019-06-21T09:01:02Z", "2019-06-21T09:02:00Z"])
        #expect(read.warnings.isEmpty)
        // A file whose every line is in that layout is found as WhatsApp.
        let folder = try TestSupport.temporaryFolder()
        try TestSupport.write(["WhatsApp Chat with Loris.txt": "20.06.19 15.58.47: Loris: hello\n"], in: folder)
        #expect(ImporterRegistry.builtIn.detect(folder.appendingPathComponent("WhatsApp Chat with Loris.txt"))?.format == "whatsapp")
    }

    @Test func whatsAppWarnsOfHeaderLikeLines() throws {
        let folder = try TestSupport.temporaryFolder()
        try TestSupport.write(["WhatsApp Chat with B.txt": """
            13/01/2024, 10:00 - A: first
            3 apples
            10:30 works for me
            12/10/2021 was a Tuesday
            13/01/2024, 25:00 - B: not a time
            13/01/2024, 10:01 - B: second
            13/01/2024, 10:01:02.345 - B: milliseconds
            """], in: folder)
        var imported: [ImportedConversation] = []
        let file = folder.appendingPathComponent("WhatsApp Chat with B.txt")
        try WhatsAppImporter().importConversations(from: ExportSource(url: file, displayPath: "B.txt"), context: ImportContext(timeZone: TimeZone(identifier: "UTC")!)) {
            imported.append($0)
        }
        let messages = try #require(imported.first).conversation.messages
        // Nothing is lost: the lines stay in the message before them.
        #expect(messages.map(\.kind) == [
            .text("first\n3 apples\n10:30 works for me\n12/10/2021 was a Tuesday\n13/01/2024, 25:00 - B: not a time"),
            .text("second\n13/01/2024, 10:01:02.345 - B: milliseconds"),
        ])
        #expect(imported[0].warnings == [
            "B.txt:5: this line looks like a message header but matches no layout of WhatsApp exports transcripts knows (\"13/01/2024, 25:00 - B: not a time\"), so it is read as text, not as a new message; so is line 7",
        ])
    }

    // MARK: - Signal

    @Test func signalWarnsOfHeaderLikeLines() throws {
        let folder = try TestSupport.temporaryFolder()
        try TestSupport.write(["Ann/chat.md": """
            [2019-12-24 12:23:45] Ann: first
            10:30 works for me
            2019-12-24 12:24 - Bo: in another layout
            [2019-12-24 12:25:00] Bo: second
            """], in: folder)
        let imported = try SignalTestSupport.conversations(folder.appendingPathComponent("Ann/chat.md"))
        #expect(imported[0].conversation.messages.map(\.kind) == [
            .text("first\n10:30 works for me\n2019-12-24 12:24 - Bo: in another layout"), .text("second"),
        ])
        #expect(imported[0].warnings == [
            "chat.md:3: this line looks like a message header but matches no layout of Signal exports transcripts knows (\"2019-12-24 12:24 - Bo: in another layout\"), so it is read as text, not as a new message",
        ])
    }

    // MARK: - IRC

    @Test func ircWarnsOfHeaderLikeLinesItLeavesOut() throws {
        let folder = try TestSupport.temporaryFolder()
        try TestSupport.write(["#pov.log": """
            2005-01-08T23:34:46  <ann> first
            just some text
            2005/01/08 23:35 <bo> in another layout
            2005-01-08T23:36:00  <bo> second
            """], in: folder)
        var imported: [ImportedConversation] = []
        try IRCImporter().importConversations(
            from: ExportSource(url: folder.appendingPathComponent("#pov.log"), displayPath: "#pov.log"),
            context: ImportContext(timeZone: TimeZone(identifier: "UTC")!)
        ) { imported.append($0) }
        #expect(imported[0].conversation.messages.map(\.kind) == [.text("first"), .text("second")])
        #expect(imported[0].warnings == [
            "#pov.log:3: this line looks like a message header but matches no layout of IRC exports transcripts knows (\"2005/01/08 23:35 <bo> in another layout\"), so it is left out",
        ])
    }
}
