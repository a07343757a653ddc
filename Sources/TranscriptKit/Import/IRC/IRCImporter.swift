import Foundation

/// IRC logs, one conversation per file, in the layouts of three common loggers (see docs/formats/irc.md):
///
/// - supybot / limnoria's ChannelLogger: `2005-01-08T23:34:46  <nick> text`, `*** nick has joined #chan`,
///   `* nick waves`;
/// - irssi: `23:34 <@nick> text`, `23:34 -!- nick [user@host] has joined #chan`, `23:34  * nick waves`, with
///   `--- Log opened Sat Jan 08 23:34:46 2005` and `--- Day changed Sun Jan 09 2005` lines giving the date;
/// - WeeChat: `2005-01-08 23:34:46<TAB>nick<TAB>text`, with `-->`, `<--`, `--` and ` *` in the nick column.
///
/// Each line is decoded on its own, as UTF-8 or, when it is not valid UTF-8, as Windows-1252 (logs mix them).
/// Times carry no zone: they are read in the site's time zone.
public struct IRCImporter: ExportImporter {
    public let format = "irc"

    public init() {}

    public func canImport(_ url: URL) -> Bool {
        switch url.pathExtension.lowercased() {
        case "log", "txt", "irc", "weechatlog": break
        default: return false
        }
        guard let head = FilePeek.head(of: url, bytes: 2048) else { return false }
        let lines = head.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
            .filter { !$0.allSatisfy(\.isWhitespace) }.prefix(3)
        guard let first = lines.first else { return false }
        let line = String(first)
        if IRCLine.supybotTime(line) != nil || IRCLine.weechatTime(line) != nil { return true }
        if line.hasPrefix("--- Log opened ") { return true }
        // irssi without a `Log opened` line: `HH:MM <nick> text`.
        return lines.allSatisfy { IRCLine.irssiTime(String($0)) != nil }
    }

    public func importConversations(
        from source: ExportSource, context: ImportContext, _ body: (ImportedConversation) throws -> Void
    ) throws {
        let data: Data
        do {
            data = try Data(contentsOf: source.url)
        } catch {
            throw TranscriptsError(file: source.displayPath, message: "cannot read the log (\(error.localizedDescription))")
        }
        let name = source.url.deletingPathExtension().lastPathComponent
        var parser = IRCParser(timeZone: context.timeZone, fileDate: IRCParser.date(inFileName: source.url.lastPathComponent))
        let conversation = try parser.parse(data, displayPath: source.displayPath, name: name.isEmpty ? "IRC" : name)
        try body(ImportedConversation(conversation: conversation, mediaFolder: source.url.deletingLastPathComponent()))
    }
}
