import Foundation
import Testing

@testable import TranscriptImport
@testable import TranscriptModel
@testable import TranscriptSite
@testable import TranscriptSupport

/// dircproxy and ZNC logs, and the year setting, with logs of our own.
@Suite struct IRCDircproxyZNCTests {
    static let context = ImportContext(timeZone: TimeZone(identifier: "Europe/Berlin")!)

    /// Writes `text` as `path` (which may have a folder) in a new folder and reads it with `importer`.
    func conversation(
        _ text: String, path: String, importer: IRCImporter = IRCImporter(), test: String = #function
    ) throws -> Conversation {
        let folder = try TestSupport.temporaryFolder(test)
        try TestSupport.write([path: text], in: folder)
        var result: [Conversation] = []
        try importer.importConversations(
            from: ExportSource(url: folder.appendingPathComponent(path), displayPath: path), context: Self.context
        ) { result.append($0.conversation) }
        return result[0]
    }

    func text(_ message: Message) -> String? {
        guard case .text(let text) = message.kind else { return nil }
        return text
    }

    func system(_ message: Message) -> SystemEvent? {
        guard case .system(let event) = message.kind else { return nil }
        return event
    }

    static let dircproxyLog = """
        [14 Jan 12:36] --> ann (~ann@host.example) joined #pov
        [14 Jan 12:36] <ann!~ann@host.example> +hello there
        [14 Jan 12:37] <bo!bo@10.0.0.1> -hi ann - how are you?
        [14 Jan 12:37] <bo!bo@10.0.0.1> no flag here
        [14 Jan 12:38] * ann!~ann@host.example waves
        [14 Jan 12:38:30] -NickServ!services@services.example- -This nickname is registered
        [14 Jan 12:39] *** Topic for #pov: plans
        [14 Jan 12:40] *** bo is now known as bob
        [14 Jan 12:41] <-- bob (bo@10.0.0.1) left #pov
        """

    @Test func dircproxy() throws {
        let conversation = try conversation(Self.dircproxyLog, path: "#pov.2005-01-08.log")
        #expect(conversation.id == "#pov.2005-01-08")
        #expect(conversation.kind == .group)
        #expect(conversation.messages.map(\.sender) == ["ann", "ann", "bo", "bo", "ann", "NickServ", nil, "bo", "bob"])
        #expect(system(conversation.messages[0]) == SystemEvent(event: .join, text: "ann joined #pov"))
        #expect(text(conversation.messages[1]) == "hello there")
        #expect(text(conversation.messages[2]) == "hi ann - how are you?")
        #expect(text(conversation.messages[3]) == "no flag here")
        #expect(text(conversation.messages[4]) == "* ann waves")
        #expect(text(conversation.messages[5]) == "This nickname is registered")
        #expect(system(conversation.messages[6]) == SystemEvent(event: .other, text: "Topic for #pov: plans"))
        #expect(system(conversation.messages[7]) == SystemEvent(event: .other, text: "bo is now known as bob"))
        #expect(system(conversation.messages[8]) == SystemEvent(event: .leave, text: "bob left #pov"))
        // The year from the file's name, the month and day from the line; Europe/Berlin in winter is UTC+1.
        #expect(conversation.messages[0].date.iso8601 == "2005-01-14T11:36:00Z")
        #expect(conversation.messages[5].date.iso8601 == "2005-01-14T11:38:30Z")
        #expect(conversation.participants.map(\.id) == ["ann", "bo", "NickServ", "bob"])
    }

    @Test func dircproxyYearSettingAndTheTurnOfTheYear() throws {
        let log = "[31 Dec 23:59] <ann!a@h> happy new year\n[01 Jan 00:00] <bo!b@h> -same\n[2 Jan 10:00] <ann!a@h> back\n"
        let conversation = try conversation(log, path: "#pov.log", importer: IRCImporter(year: 2004))
        #expect(conversation.messages.map(\.date.iso8601) == ["2004-12-31T22:59:00Z", "2004-12-31T23:00:00Z", "2005-01-02T09:00:00Z"])
        // The file's name wins over the setting.
        let named = try self.conversation(log, path: "#pov.2010-12-31.log", importer: IRCImporter(year: 2004))
        #expect(named.messages[0].date.iso8601 == "2010-12-31T22:59:00Z")
        do {
            _ = try self.conversation("[14 Jan 12:36] <ann!a@h> hi\n", path: "#pov.log")
            Issue.record("expected an error")
        } catch let error as TranscriptsError {
            #expect(error.file == "#pov.log")
            #expect(error.line == 1)
            #expect(error.message.hasPrefix("a dircproxy line without a year"))
            #expect(error.message.contains("formats: {irc: {year: 2005}}"))
        }
    }

    static let zncLog = """
        [12:36:00] *** Joins: ann (~ann@host.example)
        [12:36:05] <ann> hello <there>
        [12:36:10] * ann waves
        [12:36:20] -ChanServ- welcome
        [12:37:00] *** Joins: bo (bo@10.0.0.1)
        [12:37:30] *** bo is now known as bob
        [12:38:00] *** ann changes topic to 'plans'
        [12:38:10] *** ann sets mode: +o bob
        [12:39:00] *** Parts: bob (bo@10.0.0.1) (see you)
        [12:40:00] *** Quits: ann (~ann@host.example) (Quit: bye)
        [12:41] *** carl was kicked by ann (spam)
        """

    @Test func znc() throws {
        let conversation = try conversation(Self.zncLog, path: "#pov_20240114.log")
        #expect(conversation.id == "#pov_20240114")
        #expect(conversation.kind == .group)
        #expect(conversation.messages.map(\.sender) == ["ann", "ann", "ann", "ChanServ", "bo", "bo", "ann", "ann", "bob", "ann", "carl"])
        #expect(system(conversation.messages[0]) == SystemEvent(event: .join, text: "ann joined"))
        #expect(text(conversation.messages[1]) == "hello <there>")
        #expect(text(conversation.messages[2]) == "* ann waves")
        #expect(text(conversation.messages[3]) == "welcome")
        #expect(system(conversation.messages[5]) == SystemEvent(event: .other, text: "bo is now known as bob"))
        #expect(system(conversation.messages[6]) == SystemEvent(event: .topic, text: "ann changes topic to 'plans'"))
        #expect(system(conversation.messages[7]) == SystemEvent(event: .other, text: "ann sets mode: +o bob"))
        #expect(system(conversation.messages[8]) == SystemEvent(event: .leave, text: "bob left (see you)"))
        #expect(system(conversation.messages[9]) == SystemEvent(event: .leave, text: "ann quit (Quit: bye)"))
        #expect(system(conversation.messages[10]) == SystemEvent(event: .leave, text: "carl was kicked by ann (spam)"))
        #expect(conversation.messages[0].date.iso8601 == "2024-01-14T11:36:00Z")
        #expect(conversation.messages[10].date.iso8601 == "2024-01-14T11:41:00Z")
    }

    @Test func zncDatedFilesInAChannelFolder() throws {
        let conversation = try conversation("[09:00:00] <ann> morning\n", path: "#pov/2024-07-03.log")
        #expect(conversation.id == "#pov 2024-07-03")
        #expect(conversation.title == "#pov 2024-07-03")
        #expect(conversation.kind == .group)
        #expect(conversation.messages[0].date.iso8601 == "2024-07-03T07:00:00Z")
        do {
            _ = try self.conversation("[09:00:00] <ann> morning\n", path: "#pov.log", importer: IRCImporter(year: 2024))
            Issue.record("expected an error")
        } catch let error as TranscriptsError {
            #expect(error.line == 1)
            #expect(error.message.hasPrefix("a ZNC line without a date"))
        }
    }

    @Test func detection() throws {
        let folder = try TestSupport.temporaryFolder()
        try TestSupport.write([
            "dircproxy.log": Self.dircproxyLog,
            "znc_20240114.log": Self.zncLog,
            "bracket.txt": "[12:00:00] nothing like IRC\n",
            "signal.txt": "[2019-12-24, 12:23] Jane Doe: Hello John!\n",
        ], in: folder)
        func format(_ name: String) -> String? { ImporterRegistry.builtIn.detect(folder.appendingPathComponent(name))?.format }
        #expect(format("dircproxy.log") == "irc")
        #expect(format("znc_20240114.log") == "irc")
        #expect(format("bracket.txt") == nil)
        #expect(format("signal.txt") == "signal")
        #expect(IRCLine.dircproxyTime("[14 Jan 12:36] x")?.month == 1)
        #expect(IRCLine.dircproxyTime("[14 Foo 12:36] x") == nil)
        #expect(IRCLine.zncTime("[12:36] x")?.seconds == 12 * 3600 + 36 * 60)
        #expect(IRCLine.zncTime("[25:36:00] x") == nil)
        #expect(IRCParser.withoutHosts("ann (~a@h) joined #c") == "ann joined #c")
        #expect(IRCParser.withoutHosts("ann!~a@h joined") == "ann joined")
    }

    @Test func siteBuild() throws {
        let folder = try TestSupport.temporaryFolder()
        try TestSupport.write(["#pov_20240114.log": Self.zncLog], in: folder)
        let site = try TestSupport.makeSite(config: "inputs: [\"\(folder.path)\"]\ntimeZone: Europe/Berlin\n", conversations: [:])
        let summary = try SiteBuilder(options: BuildOptions(site: site)).build()
        #expect(summary.conversations.map(\.title) == ["#pov_20240114"])
        #expect(summary.messagesRead == 11)
        #expect(summary.unsupportedMessages == 0)
    }
}
