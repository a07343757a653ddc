import Foundation
import Testing
import TranscriptTestSupport

@testable import TranscriptImport
@testable import TranscriptModel

/// A chat read while the one before is handed on (`ImportContext.sourceKeysThatMayBeReused`) gives what reading
/// chat by chat gives: the same conversations, warnings, keys and digests, and the same error at the same point.
@Suite struct TelegramReadAheadTests {
    let berlin = TimeZone(identifier: "Europe/Berlin")!

    /// A chat of `texts`, then enough messages for it to be read ahead (`TelegramImporter.readAheadSizes`).
    static func chat(_ id: Int, _ texts: [String]) -> String {
        let filler = (0..<400).map { #""filler \#($0) \#(String(repeating: "x", count: 160))""# }
        let messages = (texts + filler).enumerated().map { number, text in
            #"{"id": \#(number + 1), "type": "message", "date_unixtime": "\#(1_704_103_200 + number * 60)", "from": "Ann", "from_id": "user1", "text": \#(text)}"#
        }
        return #"{"name": "C\#(id)", "type": "personal_chat", "id": \#(id), "messages": [\#n"# + messages.joined(separator: ",\n") + "\n]}"
    }

    static func export(_ chats: [String]) -> String {
        "{\"about\": \"x\", \"chats\": {\"list\": [\n" + chats.joined(separator: ",\n") + "\n]}}"
    }

    /// Four chats: plain text, a text the field rules repair (a number), a lone surrogate (a warning of its own), a list.
    static let fourChats = export([
        chat(1, [#""one""#, #""two""#]), chat(2, ["42", #""ok""#]), chat(3, [#""\uD800""#]),
        chat(4, [#"["a ", {"type": "bold", "text": "b"}]"#]),
    ])

    struct Read: Equatable {
        var conversations: [Conversation] = []
        var warnings: [[String]] = []
        var keys: [String?] = []
        var digests: [[UInt64]?] = []
        var error: String?
    }

    /// The export written once: a chat's source key holds the export's folder.
    func file(_ json: String) throws -> URL {
        let file = try TestSupport.temporaryFolder().appendingPathComponent("result.json")
        try json.write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    func read(_ file: URL, mayBeReused: Set<String>?, reuse: @escaping (String) -> Bool = { _ in false }) throws -> Read {
        var read = Read()
        do {
            try TelegramImporter().importConversations(
                from: ExportSource(url: file, displayPath: "result.json"),
                context: ImportContext(timeZone: berlin, sourceKeysThatMayBeReused: mayBeReused), reusing: { reuse($0) }
            ) { imported in
                read.conversations.append(imported.conversation)
                read.warnings.append(imported.warnings)
                read.keys.append(imported.sourceKey)
                read.digests.append(imported.messageDigests)
            }
        } catch {
            read.error = "\(error)"
        }
        return read
    }

    @Test func readingAheadGivesWhatReadingInTurnGives() throws {
        #expect(Self.chat(2, []).utf8.count > TelegramImporter.readAheadSizes.lowerBound)
        let export = try file(Self.fourChats)
        let inTurn = try read(export, mayBeReused: nil)
        let ahead = try read(export, mayBeReused: [])
        #expect(inTurn.conversations.map(\.title) == ["C1", "C2", "C3", "C4"])
        #expect(inTurn.conversations.map { $0.messages.count } == [402, 402, 401, 401])
        #expect(inTurn.warnings.joined().count == 2)
        #expect(inTurn.error == nil)
        #expect(ahead == inTurn)
    }

    /// A broken chat read ahead fails where reading it in turn fails: after the chats before it were handed on.
    @Test func anErrorInAChatReadAheadComesInItsTurn() throws {
        let padding = String(repeating: "p", count: TelegramImporter.readAheadSizes.lowerBound)
        let broken = Self.export([
            Self.chat(1, [#""one""#]), #"{"name": "C2", "type": "personal_chat", "id": 2, "about": "\#(padding)", "messages": 5}"#,
            Self.chat(3, [#""x""#]),
        ])
        let export = try file(broken)
        let inTurn = try read(export, mayBeReused: nil)
        let ahead = try read(export, mayBeReused: [])
        #expect(inTurn.conversations.map(\.title) == ["C1"])
        #expect(inTurn.error?.contains("chats.list[1]") == true)
        #expect(ahead == inTurn)
    }

    /// A chat whose key may be taken over is offered to `reuse` first and never read ahead; the others are.
    @Test func aChatThatMayBeTakenOverIsOfferedFirst() throws {
        let export = try file(Self.fourChats)
        let keys = try read(export, mayBeReused: nil).keys.compactMap { $0 }
        try #require(keys.count == 4)
        let taken: Set<String> = [keys[1], keys[3]]
        let ahead = try read(export, mayBeReused: taken) { taken.contains($0) }
        #expect(ahead.conversations.map(\.title) == ["C1", "C3"])
        #expect(ahead.keys == [keys[0], keys[2]])
    }

    /// An error thrown while a chat is being read ahead (here by `reuse`, asked about that chat) ends the import
    /// once the chat read ahead is done: the file stays mapped until then.
    @Test func anErrorWhileAChatIsReadAheadWaitsForIt() throws {
        struct Refused: Error {}
        let export = try file(Self.fourChats)
        var handed: [String] = []
        #expect(throws: Refused.self) {
            try TelegramImporter().importConversations(
                from: ExportSource(url: export, displayPath: "result.json"),
                context: ImportContext(timeZone: berlin, sourceKeysThatMayBeReused: []), reusing: { _ in
                    if handed.count == 1 { throw Refused() }
                    return false
                }
            ) { handed.append($0.conversation.title) }
        }
        #expect(handed == ["C1"])
    }

    @Test func onlyChatsOfSomeSizeWhoseKeysCannotBeTakenOverAreReadAhead() {
        let context = ImportContext(timeZone: berlin, sourceKeysThatMayBeReused: ["known"])
        let sizes = TelegramImporter.readAheadSizes
        #expect(TelegramImporter.readsAhead(0..<sizes.lowerBound, key: "new", context: context))
        #expect(TelegramImporter.readsAhead(0..<sizes.upperBound, key: "new", context: context))
        #expect(!TelegramImporter.readsAhead(0..<sizes.lowerBound, key: "known", context: context))
        #expect(!TelegramImporter.readsAhead(0..<(sizes.upperBound + 1), key: "new", context: context))
        #expect(!TelegramImporter.readsAhead(0..<(sizes.lowerBound - 1), key: "new", context: context))
        #expect(!TelegramImporter.readsAhead(0..<sizes.lowerBound, key: "new", context: ImportContext(timeZone: berlin)))
    }
}
