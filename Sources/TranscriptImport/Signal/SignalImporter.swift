import Foundation
import TranscriptModel

/// The text that signal-export (`carderne/signal-export`, the `sigexport` command) writes for a Signal chat: one
/// `chat.md` per conversation, beside a `media` folder, or a `.txt` file of the same layout. See
/// docs/formats/signal.md.
///
/// Two header layouts: the older `[2019-12-24, 12:23] Jane Doe: Hello John!` and the current
/// `[2019-12-24 12:23:45] Jane Doe: Hello John!`. Lines that start with neither continue the message before.
/// Times carry no zone: they are read in the site's time zone.
public struct SignalImporter: ExportImporter {
    public let format = "signal"
    public let appName = "Signal"
    public var messageIDsAreContent: Bool { true }
    public var expectedShape: String { "signal-export's chat.md (or a .txt file of the same lines) beside its media folder" }

    public init() {}

    public func canImport(_ url: URL) -> Bool {
        let fileExtension = url.pathExtension.lowercased()
        guard fileExtension == "md" || fileExtension == "txt" else { return false }
        // WhatsApp's own file names stay WhatsApp's, whatever their first line.
        if fileExtension == "txt", WhatsAppImporter.isChatFileName(url.lastPathComponent) { return false }
        guard let head = FilePeek.head(of: url, bytes: 1024) else { return false }
        guard let line = head.split(whereSeparator: { $0 == "\n" || $0 == "\r" })
            .first(where: { !$0.allSatisfy(\.isWhitespace) })
        else { return false }
        guard let header = SignalHeader.parse(line), header.senderEnd != nil else { return false }
        return true
    }

    public func importConversations(
        from source: ExportSource, context: ImportContext, _ body: (ImportedConversation) throws -> Void
    ) throws {
        let decoded = try ExportText.read(source.url, displayPath: source.displayPath, what: "chat file")
        var text = String(decoding: decoded.data, as: UTF8.self)
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        let name = Self.chatName(source.url)
        let read = try SignalParser(timeZone: context.timeZone).read(text, displayPath: source.displayPath, name: name)
        try body(ImportedConversation(
            conversation: read.conversation, mediaFolder: source.url.deletingLastPathComponent(),
            warnings: (decoded.warning.map { [$0] } ?? []) + read.warnings))
    }

    /// The chat's name: for sigexport's `chat.md` (or `chat.txt`), the name of its folder; else the file's name
    /// without its extension.
    static func chatName(_ url: URL) -> String {
        let stem = url.deletingPathExtension().lastPathComponent
        if stem.lowercased() == "chat" {
            let folder = url.deletingLastPathComponent().lastPathComponent
            if !folder.isEmpty, folder != "/", folder != "." { return folder }
        }
        return stem.isEmpty ? "Signal" : stem
    }
}

/// A message header: `[2019-12-24, 12:23] Name: ` or `[2019-12-24 12:23:45] Name: `.
struct SignalHeader {
    package var year: Int
    package var month: Int
    var day: Int
    var hour: Int
    var minute: Int
    var second: Int
    /// Where the sender's name starts (right after the `] `).
    var senderStart: String.Index
    /// Where the name ends (the `:` of `": "`), or nil when the line has no `Name: `.
    var senderEnd: String.Index?
    /// Where the text starts.
    var bodyStart: String.Index

    package static func parse(_ line: Substring) -> SignalHeader? {
        let utf8 = line.utf8
        guard utf8.count >= 19, utf8.first == UInt8(ascii: "[") else { return nil }
        var index = utf8.index(after: utf8.startIndex)
        func digits(_ count: Int) -> Int? {
            var value = 0
            for _ in 0..<count {
                guard index < utf8.endIndex else { return nil }
                let byte = utf8[index]
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
                index = utf8.index(after: index)
            }
            return value
        }
        func expect(_ character: Character) -> Bool {
            guard index < utf8.endIndex, utf8[index] == character.asciiValue! else { return false }
            index = utf8.index(after: index)
            return true
        }
        guard let year = digits(4), expect("-"), let month = digits(2), expect("-"), let day = digits(2) else { return nil }
        let older = expect(",")
        guard expect(" "), let hour = digits(2), expect(":"), let minute = digits(2) else { return nil }
        var second = 0
        if older {
            guard expect("]") else { return nil }
        } else {
            guard expect(":"), let value = digits(2), expect("]") else { return nil }
            second = value
        }
        guard (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61 else { return nil }
        guard expect(" ") else {
            // `[date] ` ending the line: no sender.
            guard index == utf8.endIndex else { return nil }
            return SignalHeader(
                year: year, month: month, day: day, hour: hour, minute: minute, second: second, senderStart: index,
                senderEnd: nil, bodyStart: index)
        }
        let senderStart = index
        var senderEnd: String.Index?
        var bodyStart = index
        var scan = index
        while scan < utf8.endIndex {
            if utf8[scan] == UInt8(ascii: ":") {
                let next = utf8.index(after: scan)
                if next == utf8.endIndex {
                    senderEnd = scan
                    bodyStart = next
                    break
                }
                if utf8[next] == UInt8(ascii: " ") {
                    senderEnd = scan
                    bodyStart = utf8.index(after: next)
                    break
                }
            }
            scan = utf8.index(after: scan)
        }
        if senderEnd == senderStart { senderEnd = nil }
        return SignalHeader(
            year: year, month: month, day: day, hour: hour, minute: minute, second: second, senderStart: senderStart,
            senderEnd: senderEnd, bodyStart: senderEnd == nil ? senderStart : bodyStart)
    }
}
