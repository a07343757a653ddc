import Foundation

@testable import TranscriptDisplay
@testable import TranscriptImport
@testable import TranscriptModel
@testable import TranscriptSupport

/// Reading Messenger exports in tests.
enum MessengerTestSupport {
    /// `../shared/samples/messenger`, beside the package.
    static let samples = TestSupport.samples("messenger")

    /// Every conversation the importer reads from `url`, with its media folder.
    static func read(_ url: URL, display: String? = nil) throws -> [ImportedConversation] {
        var result: [ImportedConversation] = []
        try MessengerImporter().importConversations(
            from: ExportSource(url: url, displayPath: display ?? url.lastPathComponent),
            context: ImportContext(timeZone: TimeZone(identifier: "UTC")!)
        ) { result.append($0) }
        return result
    }

    /// The one conversation of a thread file written from JSON text.
    static func conversation(_ json: String, name: String = "message_1.json") throws -> Conversation {
        let folder = try TestSupport.temporaryFolder("messenger")
        let file = folder.appendingPathComponent(name)
        try json.write(to: file, atomically: true, encoding: .utf8)
        let conversations = try read(file)
        guard conversations.count == 1 else { throw TranscriptsError(message: "expected one conversation, got \(conversations.count)") }
        return conversations[0].conversation
    }

    /// A thread file around the given messages (JSON objects as text), with mojibake-free participants.
    static func thread(_ messages: [String], participants: [String] = ["Ann", "Bob"], extra: String = "") -> String {
        let people = participants.map { #"{"name":"\#($0)"}"# }.joined(separator: ",")
        return #"{"participants":[\#(people)],"messages":[\#(messages.joined(separator: ","))],"title":"T","is_still_participant":true,"thread_path":"inbox/t_1"\#(extra)}"#
    }

    /// Epoch milliseconds of a timestamp.
    static func milliseconds(_ timestamp: Timestamp) -> Int64 { Int64((timestamp.secondsSince1970 * 1000).rounded()) }

    static func text(_ message: Message) -> String? {
        if case .text(let text) = message.kind { return text }
        return nil
    }

    static func system(_ message: Message) -> SystemEvent? {
        if case .system(let event) = message.kind { return event }
        return nil
    }

    static func media(_ message: Message) -> MediaItem? {
        switch message.kind {
        case .photo(let item), .video(let item), .audio(let item), .voice(let item), .file(let item), .sticker(let item): return item
        default: return nil
        }
    }
}
