import Foundation
import Testing

@testable import TranscriptImport
@testable import TranscriptModel
@testable import TranscriptSite
@testable import TranscriptSupport

/// Inputs that were read without a word or not recognised at all: each is now an error or a warning naming the
/// file and the line or JSON path, and nothing of them is dropped.
@Suite struct LocatedBadInputTests {
    static let telegramMessage = #"{"id": 1, "type": "message", "date": "2024-02-01T10:00:00", "date_unixtime": "1706781600", "from": "Ann", "from_id": "user1", "text": "hi"}"#

    static func telegram(_ messages: String) -> String {
        #"{"name": "Family", "type": "private_group", "id": 4242, "messages": \#(messages)}"#
    }

    func error(_ importer: any ExportImporter, files: [String: String], input: String, name: String = #function) -> String? {
        do {
            _ = try ImportRun.run(importer, files: files, input: input, name: name)
            return nil
        } catch {
            return TranscriptsError.sentence(for: error)
        }
    }

    @Test func telegramMessagesThatAreNotAListAreTelegramsAndLocated() throws {
        let text = Self.telegram(#"{"1": \#(Self.telegramMessage)}"#)
        let folder = try TestSupport.temporaryFolder()
        try TestSupport.write(["chat/result.json": text], in: folder)
        #expect(ImporterRegistry.builtIn.detect(folder.appendingPathComponent("chat"))?.format == "telegram")
        #expect(error(TelegramImporter(), files: ["result.json": text], input: "result.json")
            == "result.json:1:69: at messages: expected a list of messages, found an object")
    }

    @Test func aTelegramMessageWithoutIDIsNumberedAndSaysSo() throws {
        let run = try ImportRun.run(
            TelegramImporter(), files: ["result.json": Self.telegram("[\(Self.telegramMessage), {\"type\": \"message\", \"date\": \"2024-02-01T10:01:00\", \"from\": \"Bo\", \"text\": \"no id\"}]")],
            input: "result.json")
        #expect(run.conversations.first?.messages.map(\.id) == ["1", "m2"])
        #expect(run.warnings == [#"result.json:1:211: at messages[1].id: "id" is missing; the message is numbered m2"#])
    }

    @Test func aTelegramTextOfTheWrongTypeBesideItsEntitiesIsSaidAndKept() throws {
        let message = #"{"id": 1, "type": "message", "date": "2024-02-01T10:00:00", "from": "Ann", "text": 42, "text_entities": [{"type": "plain", "text": "the real text"}]}"#
        let run = try ImportRun.run(TelegramImporter(), files: ["result.json": Self.telegram("[\(message)]")], input: "result.json")
        let messages = try #require(run.conversations.first?.messages)
        #expect(messages.first?.kind == .text("the real text"))
        #expect(messages.count == 2)
        #expect(messages.last.flatMap(ImportRun.kept) == ["text": .number(42)])
        #expect(run.warnings == [
            #"result.json:1:153: at messages[0].text: expected a string or a list, found the number 42; the text is read from "text_entities"; its value is kept in the message's “fields” part"#,
        ])
    }

    @Test func aDiscordChatExporterFileWithoutMessagesIsRecognisedAndLocated() throws {
        let text = #"{"guild": {"id": "1", "name": "G"}, "channel": {"id": "2", "type": "GuildTextChat", "name": "general"}, "messageCount": 1}"#
        let folder = try TestSupport.temporaryFolder()
        try TestSupport.write(["chat.json": text], in: folder)
        #expect(ImporterRegistry.builtIn.detect(folder.appendingPathComponent("chat.json"))?.format == "discord")
        #expect(error(DiscordImporter(), files: ["chat.json": text], input: "chat.json")
            == #"chat.json: at messages: "messages" is required but missing"#)
        #expect(error(DiscordImporter(), files: ["chat.json": text.replacingOccurrences(of: "}, \"messageCount", with: "}, \"messages\": 7, \"messageCount")], input: "chat.json")
            == "chat.json:1:117: at messages: expected a list of messages, found a number")
    }

    @Test func anEmptySlackDayFileIsAWarning() throws {
        let run = try ImportRun.run(SlackImporter(), files: [
            "slack/users.json": #"[{"id": "U1", "name": "ann", "real_name": "Ann"}]"#,
            "slack/channels.json": #"[{"id":"C1","name":"general","members":["U1"]}]"#,
            "slack/general/2024-05-03.json": #"[{"type":"message","user":"U1","text":"hello","ts":"1714723200.000100"}]"#,
            "slack/general/2024-05-04.json": "",
        ], input: "slack")
        #expect(run.conversations.first?.messages.count == 1)
        #expect(run.warnings == [
            "slack/general/2024-05-04.json: the file is empty; no messages are read from it (Slack writes a day file only for a day with messages)",
        ])
    }

    @Test func strictMakesEachOfThemFatal() throws {
        let site = try TestSupport.temporaryFolder()
        try TestSupport.write([
            "transcripts.yml": "title: T\ntimeZone: UTC\ninputs: [chat]\n",
            "chat/result.json": Self.telegram("[{\"type\": \"message\", \"date\": \"2024-02-01T10:01:00\", \"from\": \"Bo\", \"text\": \"no id\"}]"),
        ], in: site)
        #expect(throws: TranscriptsError.self) { try SiteBuilder(options: BuildOptions(site: site, strict: true)).build() }
        #expect(try SiteBuilder(options: BuildOptions(site: site)).build().warnings.count == 1)
    }
}
