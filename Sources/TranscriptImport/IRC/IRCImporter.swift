import Foundation
import TranscriptModel

/// IRC logs, one conversation per file, in the layouts of five common loggers (see docs/formats/irc.md):
///
/// - supybot / limnoria's ChannelLogger: `2005-01-08T23:34:46  <nick> text`, `*** nick has joined #chan`,
///   `* nick waves`;
/// - irssi: `23:34 <@nick> text`, `23:34 -!- nick [user@host] has joined #chan`, `23:34  * nick waves`, with
///   `--- Log opened Sat Jan 08 23:34:46 2005` and `--- Day changed Sun Jan 09 2005` lines giving the date;
/// - WeeChat: `2005-01-08 23:34:46<TAB>nick<TAB>text`, with `-->`, `<--`, `--` and ` *` in the nick column;
/// - dircproxy: `[14 Jan 12:36] <nick!user@host> -text`, `--> nick…`, `<-- nick…`, `*** notice`: no year, which
///   comes from a date in the file's name, else from `year`;
/// - ZNC: `[12:36:00] <nick> text`, `*** Joins: nick (user@host)`, with the date from the file's name
///   (`#chan_20240114.log`, `2024-01-14.log`).
///
/// Each line is decoded on its own, as UTF-8 or, when it is not valid UTF-8, as Windows-1252 (logs mix them).
/// Times carry no zone: they are read in the site's time zone.
public struct IRCImporter: ExportImporter {
    public let format = "irc"
    public let appName = "IRC"
    public var messageIDsAreContent: Bool { true }
    public var expectedShape: String { "an IRC log (.log or .txt) of irssi, WeeChat, ZNC, supybot, dircproxy, ... lines" }
    /// The year of dircproxy logs (whose lines have none) whose file names hold no date (`formats: {irc: {year: 2005}}`).
    public var year: Int?

    public init(year: Int? = nil) {
        self.year = year
    }

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
        if let (_, _, _, rest) = IRCLine.dircproxyTime(line) { return Self.looksLikeContent(rest) }
        if let (_, rest) = IRCLine.zncTime(line) { return Self.looksLikeContent(rest) }
        // irssi without a `Log opened` line: `HH:MM <nick> text`.
        return lines.allSatisfy { IRCLine.irssiTime(String($0)) != nil }
    }

    /// After a dircproxy or ZNC time: a message, an action, a notice or a status line.
    static func looksLikeContent(_ rest: Substring) -> Bool {
        (rest.hasPrefix("<") && rest.contains(">")) || rest.hasPrefix("* ") || rest.hasPrefix("*** ") || rest.hasPrefix("--> ")
            || rest.hasPrefix("<-- ") || (rest.hasPrefix("-") && rest.dropFirst().contains("-"))
    }

    public func importConversations(
        from source: ExportSource, context: ImportContext, _ body: (ImportedConversation) throws -> Void
    ) throws {
        // Old logs mix encodings: the parser reads a line that is not UTF-8 as Windows-1252.
        let decoded = try ExportText.read(source.url, displayPath: source.displayPath, what: "log", legacyEncoding: "Windows-1252")
        let data = decoded.data
        var name = source.url.deletingPathExtension().lastPathComponent
        // ZNC's and irssi's `#chan/2024-01-14.log`: the folder names the channel.
        if Self.isDateOnly(name) {
            let folder = source.url.deletingLastPathComponent().lastPathComponent
            if !folder.isEmpty, folder != "/", folder != "." { name = folder + " " + name }
        }
        var parser = IRCParser(
            timeZone: context.timeZone, fileDate: IRCParser.date(inFileName: source.url.lastPathComponent), year: year)
        let conversation = try parser.parse(data, displayPath: source.displayPath, name: name.isEmpty ? "IRC" : name)
        let lookalikes = parser.lookalikes.warning(file: source.displayPath, format: "IRC", treatment: "it is left out")
        try body(ImportedConversation(
            conversation: conversation, mediaFolder: source.url.deletingLastPathComponent(),
            warnings: [decoded.warning, parser.undatedWarning(file: source.displayPath), lookalikes].compactMap { $0 }))
    }

    /// `2024-01-14` or `20240114`.
    static func isDateOnly(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        if bytes.count == 10 { return IRCLine.day(bytes, 0) != nil }
        return bytes.count == 8 && bytes.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } && IRCParser.date(inFileName: name) != nil
    }
}
