import Foundation
import Testing

@testable import TranscriptImport
@testable import TranscriptModel

/// Exports of one WhatsApp chat cut from one history, in both of WhatsApp's date layouts, merged.
@Suite struct WhatsAppMergeTests {
    /// The chat's history: (day, hour, minute, sender, text); the sender nil for WhatsApp's own lines.
    static let history: [(Int, Int, Int, String?, String)] = [
        (3, 9, 0, nil, "Messages and calls are end-to-end encrypted. No one outside of this chat can read them."),
        (3, 9, 1, "Ann", "Morning!"),
        (3, 9, 1, "Bob", "ok"),
        (3, 9, 1, "Bob", "ok"),
        (3, 9, 5, "Ann", "IMG-20240103-WA0001.jpg (file attached)"),
        (4, 18, 30, "Bob", "Dinner at 8?"),
        (4, 18, 31, "Ann", "Yes"),
        (5, 7, 15, "Bob", "Running late"),
        (5, 7, 16, "Ann", "No problem"),
        (6, 12, 0, "Bob", "See you"),
    ]

    /// Lines `range` of the history in Android's layout (`03/01/2024, 09:01 - Ann: text`) or iOS's
    /// (`[03.01.24, 09:01:07] Ann: text`, with seconds), each line changed by `change` first.
    static func export(
        _ range: Range<Int>, iOS: Bool = false, change: [Int: String] = [:], dropping: Set<Int> = []
    ) -> String {
        range.filter { !dropping.contains($0) }.map { index in
            let (day, hour, minute, sender, text) = history[index]
            let shown = change[index] ?? (iOS && text.hasSuffix("(file attached)") ? "\u{200E}image omitted" : text)
            let body = sender.map { "\($0): \(shown)" } ?? shown
            if iOS {
                return String(format: "[%02d.01.24, %02d:%02d:%02d] ", day, hour, minute, 7 + index) + (sender == nil ? "Family: \u{200E}" : "") + body
            }
            return String(format: "%02d/01/2024, %02d:%02d - ", day, hour, minute) + body
        }.joined(separator: "\n") + "\n"
    }

    /// Reads each export (file name → text, each in a folder of its own) and merges them.
    func merged(_ exports: [(String, String)], media: [String: String] = [:]) throws -> ConversationMerge.Outcome {
        let root = try TestSupport.temporaryFolder()
        var parts: [ConversationMerge.Part] = []
        for (position, (folder, text)) in exports.enumerated() {
            let url = root.appendingPathComponent(folder)
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url.appendingPathComponent("WhatsApp Chat with Family.txt"))
            for (name, contents) in media where name.hasPrefix(folder + "/") {
                try Data(contents.utf8).write(to: root.appendingPathComponent(name))
            }
            try WhatsAppImporter(dateOrder: .dayFirst).importConversations(
                from: ExportSource(url: url, displayPath: folder), context: ImportContext(timeZone: TimeZone(identifier: "UTC")!)
            ) { parts.append(ConversationMerge.Part(imported: $0, file: folder, position: position, contentIDs: true)) }
        }
        return ConversationMerge.merge(parts)
    }

    func texts(_ conversation: Conversation) -> [String] {
        conversation.messages.map { message in
            switch message.kind {
            case .text(let text), .markdown(let text): (message.sender ?? "-") + ": " + text
            case .system(let event): "-: " + event.text
            default: (message.sender ?? "-") + ": <" + message.kind.typeName + ">"
            }
        }
    }

    @Test func overlappingExportsGiveEveryMessageOnce() throws {
        let whole = try merged([("all", Self.export(0..<10))])
        let outcome = try merged([("2024-a", Self.export(0..<7)), ("2024-b", Self.export(3..<10))])
        #expect(texts(outcome.imported.conversation) == texts(whole.imported.conversation))
        #expect(outcome.imported.conversation.messages.map(\.id) == whole.imported.conversation.messages.map(\.id))
        #expect(outcome.report.messages == 10)
        #expect(outcome.report.inMoreThanOne == 4)
        #expect(outcome.report.editedBetweenExports == 0)
        #expect(outcome.report.missingFromNewest == 0)
        #expect(outcome.report.exports == ["2024-a", "2024-b"])
    }

    @Test func theOrderOfTheExportsChangesNothing() throws {
        let a = Self.export(0..<5), b = Self.export(2..<8, iOS: true), c = Self.export(6..<10)
        let forward = try merged([("a", a), ("b", b), ("c", c)])
        let backward = try merged([("c", c), ("a", a), ("b", b)])
        #expect(forward.imported.conversation == backward.imported.conversation)
        #expect(forward.report.messages == 10)
        #expect(forward.report.inMoreThanOne == 5)
    }

    @Test func dateLayoutsAndSecondsDoNotChangeAnID() throws {
        let android = try merged([("android", Self.export(1..<10))])
        let iOS = try merged([("ios", Self.export(1..<10, iOS: true))])
        #expect(android.imported.conversation.messages.map(\.id) == iOS.imported.conversation.messages.map(\.id))
        let both = try merged([("android", Self.export(0..<6)), ("ios", Self.export(4..<10, iOS: true))])
        #expect(both.report.messages == 10)
        // Each export starts with WhatsApp's encryption line: it is said once, at the start.
        let lines = texts(both.imported.conversation).filter { $0.contains("end-to-end") }
        #expect(lines.count == 1)
    }

    @Test func anAddressStaysWhenAnOlderExportIsAdded() throws {
        let newer = try merged([("new", Self.export(5..<10))])
        let both = try merged([("new", Self.export(5..<10)), ("old", Self.export(0..<6))])
        let before = Dictionary(uniqueKeysWithValues: newer.imported.conversation.messages.map { ($0.id, texts(Conversation(id: "", title: "", messages: [$0]))) })
        for message in both.imported.conversation.messages {
            if let text = before[message.id] { #expect(text == texts(Conversation(id: "", title: "", messages: [message]))) }
        }
        #expect(Set(before.keys).isSubset(of: Set(both.imported.conversation.messages.map(\.id))))
    }

    @Test func anEditBetweenExportsKeepsTheEarlierText() throws {
        let outcome = try merged([
            ("old", Self.export(0..<8)),
            ("new", Self.export(3..<10, change: [5: "Dinner at 9? <This message was edited>"])),
        ])
        let conversation = outcome.imported.conversation
        let edited = try #require(conversation.messages.first { $0.history?.earlierVersions.isEmpty == false })
        #expect(edited.kind == .text("Dinner at 9?"))
        #expect(edited.history?.earlierVersions.map(\.text) == ["Dinner at 8?"])
        #expect(edited.history?.earlierVersions.first?.export == conversation.messages.first { $0.kind == .text("Running late") }?.date)
        #expect(edited.edited != nil)
        #expect(outcome.report.editedBetweenExports == 1)
        #expect(outcome.report.messages == 10)
    }

    @Test func aMessageDeletedBetweenExportsIsKeptAndMarked() throws {
        let outcome = try merged([("old", Self.export(0..<8)), ("new", Self.export(3..<10, dropping: [6]))])
        let conversation = outcome.imported.conversation
        #expect(conversation.messages.count == 10)
        let missing = conversation.messages.filter { $0.history?.missingFrom.isEmpty == false }
        #expect(missing.map(\.kind) == [.text("Yes")])
        #expect(missing.first?.history?.missingFrom == [try #require(conversation.messages.last?.date)])
        #expect(outcome.report.missingFromNewest == 1)
        #expect(outcome.report.details == ["m-\(missing[0].id) (Ann, 2024-01-04T18:31:00Z) is not in new, which covers its date"])
    }

    @Test func aMessageDeletedForEveryoneKeepsWhatTheEarlierExportHad() throws {
        let outcome = try merged([
            ("old", Self.export(0..<8)), ("new", Self.export(3..<10, change: [7: "This message was deleted"])),
        ])
        let message = try #require(outcome.imported.conversation.messages.first { $0.deleted })
        #expect(message.kind == .text("Running late"))
        #expect(outcome.report.messages == 10)
    }

    @Test func anExportWithoutMediaKeepsTheEarlierExportsPhoto() throws {
        let outcome = try merged(
            [("old", Self.export(0..<6)), ("new", Self.export(2..<10, change: [4: "<Media omitted>"]))],
            media: ["old/IMG-20240103-WA0001.jpg": "jpeg"])
        let conversation = outcome.imported.conversation
        let index = try #require(conversation.messages.firstIndex { if case .photo = $0.kind { true } else { false } })
        guard case .photo(let item) = conversation.messages[index].kind else { return }
        #expect(item.file == "IMG-20240103-WA0001.jpg")
        let folders = try #require(outcome.imported.messageFolders)
        #expect(folders.folder(ofMessage: index).lastPathComponent == "old")
        #expect(outcome.report.messages == 10)
    }

    @Test func identicalExportsAreOne() throws {
        let text = Self.export(0..<10)
        let outcome = try merged([("a", text), ("b", text), ("c", text)])
        #expect(outcome.report.messages == 10)
        #expect(outcome.report.inMoreThanOne == 10)
        #expect(outcome.imported.conversation.messages.allSatisfy { $0.history == nil })
    }

    @Test func twoChatsOfOneNameThatShareNothingAreAWarning() throws {
        let other = "01/02/2024, 10:00 - Carol: hello\n01/02/2024, 10:01 - Dan: hi\n"
        let outcome = try merged([("mine", Self.export(0..<4)), ("theirs", other)])
        #expect(outcome.imported.warnings.contains { $0.hasPrefix("theirs: ") && $0.contains("probably two chats of one name") })
        #expect(outcome.report.messages == 6)
    }
}
