import Foundation
import Testing
import TranscriptTestSupport

@testable import TranscriptImport
@testable import TranscriptModel

/// Overlapping exports of Signal chats and IRC logs, whose messages have no ids of their own, merged.
@Suite struct TextLogMergeTests {
    /// Reads each (file name, text) with `importer`, each in a folder of its own, and merges them.
    func merged(_ importer: any ExportImporter, _ files: [(String, String)]) throws -> ConversationMerge.Outcome {
        let root = try TestSupport.temporaryFolder()
        var parts: [ConversationMerge.Part] = []
        for (position, (path, text)) in files.enumerated() {
            let folder = root.appendingPathComponent("export\(position)")
            try TestSupport.write([path: text], in: folder)
            try importer.importConversations(
                from: ExportSource(url: folder.appendingPathComponent(path), displayPath: "export\(position)"),
                context: ImportContext(timeZone: TimeZone(identifier: "Europe/Berlin")!)
            ) { parts.append(ConversationMerge.Part(imported: $0, file: "export\(position)", position: position, contentIDs: true)) }
        }
        return ConversationMerge.merge(parts)
    }

    static let signal = [
        "[2024-01-02 10:00:00] Ann: Hello", "[2024-01-02 10:01:00] Bo: Hi Ann", "[2024-01-02 10:01:30] Bo: Hi Ann",
        "[2024-01-02 10:02:00] Ann: How are you?", "[2024-01-02 10:03:00] Bo: Fine", "[2024-01-03 08:00:00] Ann: Morning",
    ]

    @Test func signalExportsCutAnywhereMergeIntoTheWhole() throws {
        let text = { (range: Range<Int>) in Self.signal[range].joined(separator: "\n") + "\n" }
        let whole = try merged(SignalImporter(), [("Ann/chat.md", text(0..<6))])
        let outcome = try merged(SignalImporter(), [("Ann/chat.md", text(3..<6)), ("Ann/chat.md", text(0..<4)), ("Ann/chat.md", text(1..<5))])
        #expect(outcome.imported.conversation.messages == whole.imported.conversation.messages)
        #expect(outcome.report.messages == 6)
        #expect(outcome.report.inMoreThanOne == 4)
    }

    @Test func ircLogsOfOneChannelMergeAndKeepTheirIDs() throws {
        let lines = [
            "2005-01-08T23:34:46  *** ann has joined #pov", "2005-01-08T23:35:00  <ann> hello", "2005-01-08T23:35:10  <bo> hi",
            "2005-01-08T23:36:00  <ann> hello", "2005-01-09T00:01:00  <bo> bye",
        ]
        let text = { (range: Range<Int>) in lines[range].joined(separator: "\n") + "\n" }
        let whole = try merged(IRCImporter(), [("#pov.log", text(0..<5))])
        let outcome = try merged(IRCImporter(), [("#pov.log", text(2..<5)), ("#pov.log", text(0..<3))])
        #expect(outcome.imported.conversation.messages.map(\.id) == whole.imported.conversation.messages.map(\.id))
        #expect(outcome.report.messages == 5)
        #expect(outcome.report.inMoreThanOne == 1)
        #expect(outcome.report.missingFromNewest == 0)
    }
}
