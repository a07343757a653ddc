import Foundation
import Testing

@testable import TranscriptImport
@testable import TranscriptModel
@testable import TranscriptSite
@testable import TranscriptSupport

/// The IRC importer, with logs of our own (no real IRC sample is in ../shared/samples).
@Suite struct IRCImporterTests {
    static let context = ImportContext(timeZone: TimeZone(identifier: "Europe/Berlin")!)

    /// Writes `bytes` as `name` in a new folder and reads it.
    func conversation(_ bytes: [UInt8], name: String = "#pov.log", test: String = #function) throws -> Conversation {
        let folder = try TestSupport.temporaryFolder(test)
        let url = folder.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        var result: [Conversation] = []
        try IRCImporter().importConversations(from: ExportSource(url: url, displayPath: name), context: Self.context) {
            result.append($0.conversation)
        }
        return result[0]
    }

    func conversation(_ text: String, name: String = "#pov.log", test: String = #function) throws -> Conversation {
        try conversation(Array(text.utf8), name: name, test: test)
    }

    func text(_ message: Message) -> String? {
        guard case .text(let text) = message.kind else { return nil }
        return text
    }

    func system(_ message: Message) -> SystemEvent? {
        guard case .system(let event) = message.kind else { return nil }
        return event
    }

    @Test func detection() throws {
        let folder = try TestSupport.temporaryFolder()
        try TestSupport.write([
            "supybot.log": "2005-01-08T23:34:46  <ann> hi\n",
            "irssi.log": "--- Log opened Sat Jan 08 23:34:46 2005\n23:34 <@ann> hi\n",
            "bare.txt": "23:34 <ann> hi\n23:35 -!- bo [b@h] has joined #c\n",
            "weechat.weechatlog": "2005-01-08 23:34:46\tann\thi\n",
            "notes.txt": "Meeting notes\n23:34 <ann> hi\n",
            "signal.txt": "[2019-12-24, 12:23] Jane Doe: Hello John!\n",
            "supybot.json": "2005-01-08T23:34:46  <ann> hi\n",
        ], in: folder)
        func format(_ name: String) -> String? { ImporterRegistry.builtIn.detect(folder.appendingPathComponent(name))?.format }
        #expect(format("supybot.log") == "irc")
        #expect(format("irssi.log") == "irc")
        #expect(format("bare.txt") == "irc")
        #expect(format("weechat.weechatlog") == "irc")
        #expect(format("notes.txt") == nil)
        #expect(format("signal.txt") == "signal")
        #expect(!IRCImporter().canImport(folder.appendingPathComponent("supybot.json")))
    }

    @Test func supybot() throws {
        let conversation = try conversation("""
            2005-01-08T23:34:46  *** ann <ann!~ann@host.example> has joined #pov
            2005-01-08T23:35:00  <ann> hello <there>
            2005-01-08T23:35:10  * ann waves
            2005-01-08T23:36:00  *** bo has joined #pov
            2005-01-08T23:37:00  *** bo is now known as bob
            2005-01-08T23:38:00  -ChanServ- welcome
            2005-01-08T23:39:00  *** bob has quit IRC (Ping timeout)
            2005-01-09T00:01:00  *** ann changes topic to "plans"
            """)
        #expect(conversation.id == "#pov")
        #expect(conversation.title == "#pov")
        #expect(conversation.kind == .group)
        #expect(Set(conversation.messages.map(\.id)).count == 8)
        #expect(conversation.messages.map(\.sender) == ["ann", "ann", "ann", "bo", "bo", "ChanServ", "bob", "ann"])
        #expect(system(conversation.messages[0]) == SystemEvent(event: .join, text: "ann has joined #pov"))
        #expect(text(conversation.messages[1]) == "hello <there>")
        #expect(text(conversation.messages[2]) == "* ann waves")
        #expect(system(conversation.messages[4]) == SystemEvent(event: .other, text: "bo is now known as bob"))
        #expect(text(conversation.messages[5]) == "welcome")
        #expect(system(conversation.messages[6])?.event == .leave)
        #expect(system(conversation.messages[7]) == SystemEvent(event: .topic, text: "ann changes topic to \"plans\""))
        // Europe/Berlin in winter: UTC+1.
        #expect(conversation.messages[0].date.iso8601 == "2005-01-08T22:34:46Z")
        #expect(conversation.messages[7].date.iso8601 == "2005-01-08T23:01:00Z")
        #expect(conversation.participants.map(\.id) == ["ann", "bo", "ChanServ", "bob"])
    }

    @Test func irssiDatesComeFromLogOpenedAndDayChanged() throws {
        let conversation = try conversation("""
            --- Log opened Sat Jan 08 23:34:46 2005
            23:34 -!- ann [~ann@host] has joined #pov
            23:35 <@ann> hi
            23:59 < bo> hey
            --- Day changed Sun Jan 09 2005
            00:01  * bo yawns
            00:02 -!- bo [~bo@host] has left #pov [bye]
            00:03 -!- mode/#pov [+o ann] by ChanServ
            --- Log closed Sun Jan 09 00:05:00 2005
            """)
        #expect(conversation.messages.count == 6)
        #expect(conversation.messages.map(\.sender) == ["ann", "ann", "bo", "bo", "bo", nil])
        #expect(system(conversation.messages[0]) == SystemEvent(event: .join, text: "ann has joined #pov"))
        #expect(text(conversation.messages[1]) == "hi")
        #expect(text(conversation.messages[3]) == "* bo yawns")
        #expect(system(conversation.messages[4]) == SystemEvent(event: .leave, text: "bo has left #pov [bye]"))
        #expect(system(conversation.messages[5]) == SystemEvent(event: .other, text: "mode/#pov [+o ann] by ChanServ"))
        #expect(conversation.messages.first?.date.iso8601 == "2005-01-08T22:34:00Z")
        #expect(conversation.messages.last?.date.iso8601 == "2005-01-08T23:03:00Z")
    }

    @Test func irssiDateFromTheFileName() throws {
        let conversation = try conversation("12:00:30 <ann> hi\n", name: "ann.20240703.log")
        #expect(conversation.messages.first?.date.iso8601 == "2024-07-03T10:00:30Z")
        #expect(conversation.kind == .direct)
        #expect(conversation.id == "ann.20240703")
        do {
            _ = try self.conversation("12:00 <ann> hi\n", name: "ann.log")
            Issue.record("expected an error")
        } catch let error as TranscriptsError {
            #expect(error.line == 1)
            #expect(error.message.hasPrefix("an irssi line without a date"))
        }
    }

    @Test func weechat() throws {
        let conversation = try conversation("""
            2024-07-03 10:00:00\t-->\tann (~ann@host) has joined #pov
            2024-07-03 10:00:05\t@ann\thello\tworld
            2024-07-03 10:00:06\t *\tann waves
            2024-07-03 10:00:07\t--\tann is now known as anna
            2024-07-03 10:00:08\t<--\tbo (~bo@host) has quit (Quit: bye)
            2024-07-03 10:00:09\t--\tMode #pov [+n] by server
            """)
        #expect(conversation.messages.map(\.sender) == ["ann", "ann", "ann", "ann", "bo", nil])
        #expect(system(conversation.messages[0]) == SystemEvent(event: .join, text: "ann has joined #pov"))
        #expect(text(conversation.messages[1]) == "hello\tworld")
        #expect(text(conversation.messages[2]) == "* ann waves")
        #expect(system(conversation.messages[3]) == SystemEvent(event: .other, text: "ann is now known as anna"))
        #expect(system(conversation.messages[4]) == SystemEvent(event: .leave, text: "bo has quit (Quit: bye)"))
        #expect(conversation.messages[0].date.iso8601 == "2024-07-03T08:00:00Z")
    }

    @Test func eachLineIsDecodedOnItsOwn() throws {
        // UTF-8, then a Windows-1252 line (0xE9 é, 0x80 €), then UTF-8 again, with CRLF line breaks.
        var bytes = Array("2005-01-08T23:34:46  <ann> caf\u{E9} \u{2603}\r\n".utf8)
        bytes += Array("2005-01-08T23:34:47  <bo> caf".utf8) + [0xE9, 0x20, 0x80] + Array("\r\n".utf8)
        bytes += Array("2005-01-08T23:34:48  <ann> \u{161}\n".utf8)
        let conversation = try conversation(bytes)
        #expect(conversation.messages.map { text($0) } == ["café ☃", "café €", "š"])
        #expect(IRCParser.decode([0x9A]) == "š")
    }

    @Test func errors() throws {
        do {
            _ = try conversation("hello\nthere\n", name: "x.log")
            Issue.record("expected an error")
        } catch let error as TranscriptsError {
            #expect(error.line == 1)
            #expect(error.message.hasPrefix("not an IRC log"))
        }
        #expect(throws: TranscriptsError(file: "y.log", line: 1, message: "the log is empty")) {
            _ = try conversation("\n\n", name: "y.log")
        }
    }

    @Test func siteBuild() throws {
        let folder = try TestSupport.temporaryFolder()
        try TestSupport.write(["#pov.log": "2005-01-08T23:34:46  <ann> hi <b>there</b>\n2005-01-08T23:35:00  *** bo has joined #pov\n"], in: folder)
        let site = try TestSupport.makeSite(config: "inputs: [\"\(folder.path)\"]\ntimeZone: Europe/Berlin\n", conversations: [:])
        let summary = try SiteBuilder(options: BuildOptions(site: site)).build()
        #expect(summary.conversations.map(\.title) == ["#pov"])
        #expect(summary.messagesRead == 2)
        #expect(summary.unsupportedMessages == 0)
        let pages = try FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent("public/c").path)
        #expect(pages.count == 1)
        let page = try TestSupport.conversationHTML(site.appendingPathComponent("public/c/\(pages[0])"))
        #expect(page.contains("hi &lt;b&gt;there&lt;/b&gt;"))
        #expect(page.contains("bo has joined #pov"))
    }
}
