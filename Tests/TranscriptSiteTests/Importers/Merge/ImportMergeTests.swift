import Foundation
import Testing

@testable import TranscriptImport
@testable import TranscriptModel

/// `transcripts import` with several exports of one chat: one conversation, its media paths from the output's
/// folder, its history in the canonical JSON.
@Suite struct ImportMergeTests {
    @Test func severalExportsAreWrittenAsOneConversation() throws {
        let root = try TestSupport.temporaryFolder()
        try TestSupport.write([
            "exports/old/WhatsApp Chat with Family.txt": WhatsAppMergeTests.export(0..<8),
            "exports/old/IMG-20240103-WA0001.jpg": "jpeg",
            "exports/new/WhatsApp Chat with Family.txt": WhatsAppMergeTests.export(
                3..<10, change: [4: "<Media omitted>", 5: "Dinner at 9? <This message was edited>"], dropping: [6]),
        ], in: root)
        let output = root.appendingPathComponent("family.json")
        let conversion = try ExportConverter(registry: .builtIn, timeZone: TimeZone(identifier: "UTC")!).convert(
            [root.appendingPathComponent("exports/new"), root.appendingPathComponent("exports/old")], to: output)
        #expect(conversion.written.count == 1)
        #expect(conversion.merges.map(\.messages) == [10])
        #expect(conversion.merges.map(\.editedBetweenExports) == [1])
        #expect(conversion.merges.map(\.missingFromNewest) == [1])
        let conversation = try JSONDecoder().decode(Conversation.self, from: Data(contentsOf: output))
        #expect(conversation.messages.count == 10)
        let photo = conversation.messages.compactMap { message -> MediaItem? in
            if case .photo(let item) = message.kind { item } else { nil }
        }
        #expect(photo == [MediaItem(file: "exports/old/IMG-20240103-WA0001.jpg")])
        #expect(conversation.messages.contains { $0.history?.earlierVersions.map(\.text) == ["Dinner at 8?"] })
        #expect(conversation.messages.contains { $0.history?.missingFrom.count == 1 })
        #expect(!conversion.warnings.contains { $0.contains("lead outside") })
        // Read back, the file gives the same conversation (its history too).
        let text = try String(contentsOf: output, encoding: .utf8)
        #expect(text.contains("\"earlierVersions\""))
        #expect(text.contains("\"missingFrom\""))
    }

    @Test func severalConversationsGoIntoTheOutputFolderWithTheirMediaPathsFromThere() throws {
        let root = try TestSupport.temporaryFolder()
        try TestSupport.write([
            "exports/old/WhatsApp Chat with Family.txt": WhatsAppMergeTests.export(0..<8),
            "exports/old/IMG-20240103-WA0001.jpg": "jpeg",
            "exports/new/WhatsApp Chat with Family.txt": WhatsAppMergeTests.export(3..<10, change: [4: "<Media omitted>"]),
            "exports/other/WhatsApp Chat with Friends.txt": "01/03/2024, 10:00 - Carol: hello\n",
        ], in: root)
        let conversion = try ExportConverter(registry: .builtIn, timeZone: TimeZone(identifier: "UTC")!).convert(
            ["old", "new", "other"].map { root.appendingPathComponent("exports/" + $0) }, to: root)
        #expect(conversion.written.count == 2)
        #expect(!conversion.warnings.contains { $0.contains("lead outside") })
        let family = try JSONDecoder().decode(Conversation.self, from: Data(contentsOf: root.appendingPathComponent("family.json")))
        let photos = family.messages.compactMap { message -> String? in
            if case .photo(let item) = message.kind { item.file } else { nil }
        }
        #expect(photos == ["exports/old/IMG-20240103-WA0001.jpg"])
    }
}
