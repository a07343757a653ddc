import Foundation
import TranscriptModel
import TranscriptSupport

/// The parts of one log line.
enum IRCLine {
    /// A day: year, month, day.
    typealias Day = (year: Int, month: Int, day: Int)

    /// `2005-01-08T23:34:46  rest` (supybot): the day, the seconds into it and the rest.
    static func supybotTime(_ line: String) -> (day: Day, seconds: Int, rest: Substring)? {
        let utf8 = Array(line.utf8.prefix(21))
        guard utf8.count >= 20, utf8[10] == UInt8(ascii: "T"), let day = day(utf8, 0), let seconds = time(utf8, 11, seconds: true),
              utf8[19] == UInt8(ascii: " ")
        else { return nil }
        return (day, seconds, Self.rest(line, from: 19).drop { $0 == " " })
    }

    /// `2005-01-08 23:34:46<TAB>nick<TAB>text` (WeeChat).
    static func weechatTime(_ line: String) -> (day: Day, seconds: Int, rest: Substring)? {
        let utf8 = Array(line.utf8.prefix(20))
        guard utf8.count >= 20, utf8[10] == UInt8(ascii: " "), let day = day(utf8, 0), let seconds = time(utf8, 11, seconds: true),
              utf8[19] == 0x09
        else { return nil }
        return (day, seconds, Self.rest(line, from: 20))
    }

    /// `23:34 rest` or `23:34:46 rest` (irssi).
    static func irssiTime(_ line: String) -> (seconds: Int, rest: Substring)? {
        let utf8 = Array(line.utf8.prefix(9))
        guard utf8.count >= 6 else { return nil }
        if utf8.count >= 9, utf8[8] == UInt8(ascii: " "), let seconds = time(utf8, 0, seconds: true) {
            return (seconds, rest(line, from: 9))
        }
        guard utf8[5] == UInt8(ascii: " "), let seconds = time(utf8, 0, seconds: false) else { return nil }
        return (seconds, rest(line, from: 6))
    }

    /// `[14 Jan 12:36] rest` or `[14 Jan 12:36:05] rest` (dircproxy): month (1–12), day, seconds into the day.
    static func dircproxyTime(_ line: String) -> (month: Int, day: Int, seconds: Int, rest: Substring)? {
        let utf8 = Array(line.utf8.prefix(24))
        guard utf8.count >= 15, utf8[0] == UInt8(ascii: "[") else { return nil }
        var index = 1
        let dayDigits = utf8[1...].prefix { $0 >= 0x30 && $0 <= 0x39 }.count
        guard (1...2).contains(dayDigits), let day = number(utf8, 1, dayDigits), (1...31).contains(day) else { return nil }
        index += dayDigits
        guard utf8.count >= index + 5, utf8[index] == UInt8(ascii: " ") else { return nil }
        let monthName = String(decoding: utf8[(index + 1)..<(index + 4)], as: UTF8.self)
        guard let month = IRCParser.months.firstIndex(of: monthName), utf8[index + 4] == UInt8(ascii: " ") else { return nil }
        index += 5
        for hasSeconds in [true, false] {
            let end = index + (hasSeconds ? 8 : 5)
            if utf8.count > end + 1, utf8[end] == UInt8(ascii: "]"), utf8[end + 1] == UInt8(ascii: " "),
               let seconds = time(utf8, index, seconds: hasSeconds)
            {
                return (month + 1, day, seconds, rest(line, from: end + 2))
            }
        }
        return nil
    }

    /// `[12:36:00] rest` or `[12:36] rest` (ZNC's log module).
    static func zncTime(_ line: String) -> (seconds: Int, rest: Substring)? {
        let utf8 = Array(line.utf8.prefix(11))
        guard utf8.count >= 8, utf8[0] == UInt8(ascii: "[") else { return nil }
        for hasSeconds in [true, false] {
            let end = 1 + (hasSeconds ? 8 : 5)
            if utf8.count > end + 1, utf8[end] == UInt8(ascii: "]"), utf8[end + 1] == UInt8(ascii: " "),
               let seconds = time(utf8, 1, seconds: hasSeconds)
            {
                return (seconds, rest(line, from: end + 2))
            }
        }
        return nil
    }

    private static func rest(_ line: String, from offset: Int) -> Substring {
        line[line.utf8.index(line.startIndex, offsetBy: offset)...]
    }

    private static func number(_ bytes: [UInt8], _ start: Int, _ count: Int) -> Int? {
        guard start + count <= bytes.count else { return nil }
        var value = 0
        for byte in bytes[start..<(start + count)] {
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        return value
    }

    /// `YYYY-MM-DD` at `start`.
    static func day(_ bytes: [UInt8], _ start: Int) -> Day? {
        guard bytes.count >= start + 10, bytes[start + 4] == UInt8(ascii: "-"), bytes[start + 7] == UInt8(ascii: "-"),
              let year = number(bytes, start, 4), let month = number(bytes, start + 5, 2), let day = number(bytes, start + 8, 2),
              (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        return (year, month, day)
    }

    /// `HH:MM` or `HH:MM:SS` at `start`, as seconds into the day.
    package static func time(_ bytes: [UInt8], _ start: Int, seconds: Bool) -> Int? {
        guard bytes.count >= start + (seconds ? 8 : 5), bytes[start + 2] == UInt8(ascii: ":"),
              let hour = number(bytes, start, 2), let minute = number(bytes, start + 3, 2), hour < 24, minute < 60
        else { return nil }
        var total = hour * 3600 + minute * 60
        if seconds {
            guard bytes[start + 5] == UInt8(ascii: ":"), let second = number(bytes, start + 6, 2), second < 61 else { return nil }
            total += second
        }
        return total
    }
}

/// Reads one IRC log into a conversation.
struct IRCParser {
    package var timeZone: TimeZone
    /// The day a file name gives (`#chan.2005-01-08.log`), for irssi lines before any date line.
    var fileDate: IRCLine.Day?
    /// The year of dircproxy lines (which have none) when the file's name gives no date.
    package var year: Int?

    private var day: IRCLine.Day?
    /// The year and month of the last dircproxy line, to move to the next year when the months go back.
    private var dircproxyYear: (year: Int, month: Int)?
    private var messages: [Message] = []
    private var senders: [String] = []
    private var knownSenders: Set<String> = []
    /// Lines in no layout this parser knows that look like message headers: left out, with a warning.
    private(set) var lookalikes = HeaderLookalikes()
    /// irssi's `--- ` lines whose date could not be read (a year beyond 9999, say): line number and text.
    private var undated: [(line: Int, text: String)] = []

    init(timeZone: TimeZone, fileDate: IRCLine.Day?, year: Int? = nil) {
        self.timeZone = timeZone
        self.fileDate = fileDate
        self.year = year
    }

    /// `YYYY-MM-DD` or `YYYYMMDD` in a file name.
    package static func date(inFileName name: String) -> IRCLine.Day? {
        let bytes = Array(name.utf8)
        guard bytes.count >= 8 else { return nil }
        for start in 0...(bytes.count - 8) {
            if let day = IRCLine.day(bytes, start) { return day }
            let digits = bytes[start..<(start + 8)]
            if digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
               start == 0 || !(bytes[start - 1] >= 0x30 && bytes[start - 1] <= 0x39),
               start + 8 == bytes.count || !(bytes[start + 8] >= 0x30 && bytes[start + 8] <= 0x39)
            {
                let text = String(decoding: digits, as: UTF8.self)
                let formatted = Array((text.prefix(4) + "-" + text.dropFirst(4).prefix(2) + "-" + text.suffix(2)).utf8)
                if let day = IRCLine.day(formatted, 0), day.year > 1980 { return day }
            }
        }
        return nil
    }

    /// A line's text: UTF-8, else Windows-1252, else Latin-1.
    package static func decode<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String {
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        let array = Array(bytes)
        if let text = String(bytes: array, encoding: .windowsCP1252) { return text }
        return String(array.map { Character(Unicode.Scalar($0)) })
    }

    package mutating func parse(_ data: Data, displayPath: String, name: String) throws -> Conversation {
        var zone = ZoneOffsets(timeZone: timeZone)
        var number = 0
        var start = data.startIndex
        if data.starts(with: [0xEF, 0xBB, 0xBF]) { start += 3 }
        var recognised = 0
        var unrecognised: (line: Int, text: String)?
        while start < data.endIndex {
            number += 1
            let end = data[start...].firstIndex(of: 0x0A) ?? data.endIndex
            var lineEnd = end
            if lineEnd > start, data[lineEnd - 1] == 0x0D { lineEnd -= 1 }
            let line = Self.decode(data[start..<lineEnd])
            start = end == data.endIndex ? end : end + 1
            if line.allSatisfy(\.isWhitespace) { continue }
            func stamp(_ day: IRCLine.Day, _ seconds: Int) -> Timestamp {
                let days = ISO8601Text.daysFromCivil(year: day.year, month: day.month, day: day.day)
                let local = Double(days * 86_400 + seconds)
                return Timestamp(secondsSince1970: local - Double(zone.offset(forLocalSeconds: local)), utcOffset: nil)
            }
            if let (day, seconds, rest) = IRCLine.supybotTime(line) {
                recognised += 1
                supybot(rest, date: stamp(day, seconds), id: String(number))
            } else if let (day, seconds, rest) = IRCLine.weechatTime(line) {
                recognised += 1
                weechat(rest, date: stamp(day, seconds), id: String(number))
            } else if line.hasPrefix("--- ") {
                recognised += 1
                if let day = Self.irssiDay(line) {
                    self.day = day
                } else {
                    undated.append((number, line))
                }
            } else if let (month, dayOfMonth, seconds, rest) = IRCLine.dircproxyTime(line) {
                let start = dircproxyYear?.year ?? fileDate?.year ?? year
                guard var lineYear = start else {
                    throw TranscriptsError(
                        file: displayPath, line: number,
                        message: "a dircproxy line without a year: the file's name has no date (YYYY-MM-DD) and no year is set; set it in transcripts.yml (formats: {irc: {year: 2005}})")
                }
                // A log that runs from December into January moves to the next year.
                if let previous = dircproxyYear, month < previous.month { lineYear += 1 }
                dircproxyYear = (lineYear, month)
                recognised += 1
                dircproxy(rest, date: stamp((lineYear, month, dayOfMonth), seconds), id: String(number))
            } else if let (seconds, rest) = IRCLine.zncTime(line) {
                guard let day = fileDate else {
                    throw TranscriptsError(
                        file: displayPath, line: number,
                        message: "a ZNC line without a date: the file's name has no date (#chan_20240114.log or 2024-01-14.log)")
                }
                recognised += 1
                znc(rest, date: stamp(day, seconds), id: String(number))
            } else if let (seconds, rest) = IRCLine.irssiTime(line) {
                guard let day = day ?? fileDate else {
                    throw TranscriptsError(
                        file: displayPath, line: number,
                        message: "an irssi line without a date: no \"--- Log opened\" or \"--- Day changed\" line before it and no date (YYYY-MM-DD) in the file's name")
                }
                recognised += 1
                irssi(rest, date: stamp(day, seconds), id: String(number))
            } else {
                if unrecognised == nil { unrecognised = (number, line) }
                lookalikes.check(line[...], number: number)
            }
            if let unrecognisedLine = unrecognised, recognised == 0, number - unrecognisedLine.line >= 10 { break }
        }
        if recognised == 0 {
            throw TranscriptsError(
                file: displayPath, line: unrecognised?.line ?? 1,
                message: unrecognised == nil
                    ? "the log is empty"
                    : "not an IRC log: no line such as \"2005-01-08T23:34:46  <nick> text\", \"23:34 <nick> text\", \"2005-01-08 23:34:46<TAB>nick<TAB>text\", \"[14 Jan 12:36] <nick!user@host> text\" or \"[12:36:00] <nick> text\"")
        }
        let isChannel = name.hasPrefix("#") || name.hasPrefix("&") || senders.count > 2
            || messages.contains { if case .system(let event) = $0.kind { return event.event == .join } else { return false } }
        ContentMessageIDs.assign(to: &messages)
        return Conversation(
            id: name, title: name, kind: isChannel ? .group : .direct,
            participants: senders.map { Participant(id: $0, name: $0) }, messages: messages)
    }

    // MARK: - Messages

    private mutating func add(_ sender: String?, _ kind: MessageKind, date: Timestamp, id: String) {
        if let sender, !sender.isEmpty, knownSenders.insert(sender).inserted { senders.append(sender) }
        messages.append(Message(id: id, sender: sender?.isEmpty == true ? nil : sender, date: date, kind: kind))
    }

    private mutating func say(_ nick: Substring, _ text: Substring, date: Timestamp, id: String) {
        add(Self.cleanNick(nick), .text(String(text)), date: date, id: id)
    }

    /// A line that starts with the nick in brackets (`<nick> text`, `-nick- notice`): the nick runs from after the
    /// opening bracket to `nickEnd`, the text from after the closing one (less one space).
    private mutating func sayBracketed(_ rest: Substring, nickEnd: Substring.Index, date: Timestamp, id: String) {
        var text = rest[rest.index(after: nickEnd)...]
        if text.first == " " { text = text.dropFirst() }
        say(rest[rest.index(after: rest.startIndex)..<nickEnd], text, date: date, id: id)
    }

    /// A status line without the user@host after its first word (`nick <nick!user@host> has joined #c`, with the
    /// brackets `open` and `close` of the format), so the label reads `nick has joined #c`.
    static func withoutHost(_ text: String, open: String, close: String) -> String {
        guard let start = text.range(of: open), let end = text.range(of: close, range: start.upperBound..<text.endIndex),
              !text[text.startIndex..<start.lowerBound].contains(" "), text[start.upperBound..<end.lowerBound].contains("@")
        else { return text }
        return String(text[..<start.lowerBound]) + " " + text[end.upperBound...]
    }

    private mutating func action(_ rest: Substring, date: Timestamp, id: String) {
        let nick = rest.prefix { $0 != " " }
        add(Self.cleanNick(nick), .text("* " + rest), date: date, id: id)
    }

    private mutating func event(_ actor: Substring?, _ event: SystemEvent.Event, _ text: String, date: Timestamp, id: String) {
        add(actor.map(Self.cleanNick), .system(SystemEvent(event: event, text: text)), date: date, id: id)
    }

    /// A nick without irssi's and WeeChat's mode prefixes (`@op`, `+voiced`, ` plain`).
    static func cleanNick(_ nick: Substring) -> String {
        String(nick.drop { " @+%&~!".contains($0) }).trimmingCharacters(in: .whitespaces)
    }

    /// What a status text is about: `nick has joined #c`, `nick has quit`, `old is now known as new`, ...
    static func classify(_ text: String) -> SystemEvent.Event {
        if text.contains(" has joined ") || text.hasSuffix(" has joined") { return .join }
        if text.contains(" has left ") || text.hasSuffix(" has left") || text.contains(" has quit") || text.contains(" was kicked ") {
            return .leave
        }
        if text.contains(" changes topic to ") || text.contains(" changed the topic ") || text.contains(" has changed topic ") {
            return .topic
        }
        return .other
    }

    /// supybot: `<nick> text`, `* nick action`, `*** status`, `-nick- notice`.
    private mutating func supybot(_ rest: Substring, date: Timestamp, id: String) {
        if rest.hasPrefix("<"), let close = rest.firstIndex(of: ">") {
            sayBracketed(rest, nickEnd: close, date: date, id: id)
        } else if rest.hasPrefix("*** ") {
            // `nick <nick!user@host> has joined #c`: the host is left out of the label.
            let text = Self.withoutHost(String(rest.dropFirst(4)), open: " <", close: "> ")
            event(text.split(separator: " ").first, Self.classify(text), text, date: date, id: id)
        } else if rest.hasPrefix("* ") {
            action(rest.dropFirst(2), date: date, id: id)
        } else if rest.hasPrefix("-"), let close = rest.dropFirst().firstIndex(of: "-"), close > rest.index(after: rest.startIndex) {
            sayBracketed(rest, nickEnd: close, date: date, id: id)
        } else {
            event(nil, .other, String(rest), date: date, id: id)
        }
    }

    /// irssi: `<@nick> text`, ` * nick action`, `-!- status`, `-nick(host)- notice`.
    private mutating func irssi(_ rest: Substring, date: Timestamp, id: String) {
        if rest.hasPrefix("<"), let close = rest.firstIndex(of: ">") {
            sayBracketed(rest, nickEnd: close, date: date, id: id)
        } else if rest.hasPrefix("-!- ") {
            // `nick [user@host] has joined #c`: the host is left out of the label.
            let text = Self.withoutHost(String(rest.dropFirst(4)), open: " [", close: "] ")
            let actor = text.hasPrefix("Irssi:") || text.hasPrefix("mode/") ? nil : text.split(separator: " ").first
            event(actor, Self.classify(text), text, date: date, id: id)
        } else if rest.hasPrefix(" * ") || rest.hasPrefix("* ") {
            action(rest.drop { $0 == " " }.dropFirst(2), date: date, id: id)
        } else {
            event(nil, .other, String(rest), date: date, id: id)
        }
    }

    /// WeeChat: `nick<TAB>text`; `-->`, `<--` and `--` are status lines, ` *` an action.
    private mutating func weechat(_ rest: Substring, date: Timestamp, id: String) {
        guard let tab = rest.firstIndex(of: "\t") else {
            event(nil, .other, String(rest), date: date, id: id)
            return
        }
        let prefix = rest[..<tab]
        let text = rest[rest.index(after: tab)...]
        switch prefix.trimmingCharacters(in: .whitespaces) {
        case "-->", "<--", "--", "=!=", "":
            var label = String(text)
            // `nick (user@host) has joined #c`: the host is left out of the label.
            if let open = label.range(of: " ("), let close = label.range(of: ") ", range: open.upperBound..<label.endIndex),
               !label[label.startIndex..<open.lowerBound].contains(" "), label[open.upperBound..<close.lowerBound].contains("@")
            {
                label = String(label[..<open.lowerBound]) + " " + label[close.upperBound...]
            }
            let event = Self.classify(label)
            let hasActor = event != .other || label.contains(" is now known as ")
            self.event(hasActor ? label.split(separator: " ").first : nil, event, label, date: date, id: id)
        case "*":
            action(text, date: date, id: id)
        default:
            say(prefix, text, date: date, id: id)
        }
    }

    /// `nick!user@host` or `nick (user@host)` → `nick` in a status label.
    static func withoutHosts(_ text: String) -> String {
        var words: [Substring] = []
        var skipNext = false
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            if skipNext { skipNext = false; continue }
            if word.hasPrefix("("), word.hasSuffix(")"), word.contains("@"), !word.contains(" "), !words.isEmpty { continue }
            if let bang = word.firstIndex(of: "!"), word[bang...].contains("@"), bang > word.startIndex {
                words.append(word[..<bang])
            } else {
                words.append(word)
            }
        }
        return words.joined(separator: " ")
    }

    /// dircproxy: `<nick!user@host> +text` (the identify flag dropped), `* nick action`, `--> nick joined`,
    /// `<-- nick left`, `*** server notice`, `-nick!user@host- notice`.
    private mutating func dircproxy(_ rest: Substring, date: Timestamp, id: String) {
        func nick(_ mask: Substring) -> Substring { mask.prefix { $0 != "!" } }
        func flagless(_ text: Substring) -> Substring {
            var text = text
            if text.first == " " { text = text.dropFirst() }
            if text.first == "+" || text.first == "-" { text = text.dropFirst() }
            return text
        }
        if rest.hasPrefix("<"), let close = rest.firstIndex(of: ">") {
            say(nick(rest[rest.index(after: rest.startIndex)..<close]), flagless(rest[rest.index(after: close)...]), date: date, id: id)
        } else if rest.hasPrefix("--> ") || rest.hasPrefix("<-- ") {
            let label = Self.withoutHosts(String(rest.dropFirst(4)))
            event(label.split(separator: " ").first, rest.hasPrefix("-->") ? .join : .leave, label, date: date, id: id)
        } else if rest.hasPrefix("*** ") {
            let label = Self.withoutHosts(String(rest.dropFirst(4)))
            let kind = Self.classify(label)
            let hasActor = kind != .other || label.contains(" is now known as ")
            event(hasActor ? label.split(separator: " ").first : nil, kind, label, date: date, id: id)
        } else if rest.hasPrefix("* ") {
            let text = rest.dropFirst(2)
            let mask = text.prefix { $0 != " " }
            action(nick(mask) + text[mask.endIndex...], date: date, id: id)
        } else if rest.hasPrefix("-"), let close = rest.dropFirst().firstIndex(of: "-"), close > rest.index(after: rest.startIndex) {
            say(nick(rest[rest.index(after: rest.startIndex)..<close]), flagless(rest[rest.index(after: close)...]), date: date, id: id)
        } else {
            event(nil, .other, String(rest), date: date, id: id)
        }
    }

    /// ZNC: `<nick> text`, `* nick action`, `-nick- notice`, `*** Joins: nick (user@host)`, `*** Parts: …`,
    /// `*** Quits: …`, `*** nick is now known as other`, `*** nick was kicked by op (why)`, `*** op sets mode: +o x`.
    private mutating func znc(_ rest: Substring, date: Timestamp, id: String) {
        if rest.hasPrefix("<"), let close = rest.firstIndex(of: ">") {
            sayBracketed(rest, nickEnd: close, date: date, id: id)
        } else if rest.hasPrefix("*** ") {
            let status = rest.dropFirst(4)
            for (prefix, kind, verb) in [("Joins: ", SystemEvent.Event.join, "joined"), ("Parts: ", .leave, "left"), ("Quits: ", .leave, "quit")]
            where status.hasPrefix(prefix) {
                // `nick (user@host) (reason)`: the host is left out of the label.
                let after = status.dropFirst(prefix.count)
                let nick = after.prefix { $0 != " " }
                var remainder = after[nick.endIndex...].drop { $0 == " " }
                if remainder.hasPrefix("("), let close = remainder.firstIndex(of: ")"), remainder[..<close].contains("@") {
                    remainder = remainder[remainder.index(after: close)...].drop { $0 == " " }
                }
                if remainder == "()" { remainder = "" }
                let label = "\(nick) \(verb)" + (remainder.isEmpty ? "" : " " + remainder)
                event(nick, kind, label, date: date, id: id)
                return
            }
            let label = String(status)
            var kind = Self.classify(label)
            if label.contains(" was kicked by ") { kind = .leave }
            if label.contains(" changes topic to ") { kind = .topic }
            let hasActor = kind != .other || label.contains(" is now known as ") || label.contains(" sets mode: ")
            event(hasActor ? label.split(separator: " ").first : nil, kind, label, date: date, id: id)
        } else if rest.hasPrefix("* ") {
            action(rest.dropFirst(2), date: date, id: id)
        } else if rest.hasPrefix("-"), let close = rest.dropFirst().firstIndex(of: "-"), close > rest.index(after: rest.startIndex) {
            sayBracketed(rest, nickEnd: close, date: date, id: id)
        } else {
            event(nil, .other, String(rest), date: date, id: id)
        }
    }

    // MARK: - irssi dates

    /// The warning for `--- ` lines whose date could not be read, naming the file and the lines; nil when all were read.
    func undatedWarning(file: String) -> String? {
        guard let first = undated.first else { return nil }
        let shown = first.text.count > 80 ? first.text.prefix(80) + "…" : first.text[...]
        return "\(file):\(first.line): an irssi date line whose date cannot be read (\"\(shown)\"; a month name, a day and a year"
            + " from 1901 to 9999 are expected), so it is left out and the lines after it keep the date before it"
            + HeaderLookalikes.alsoLines(undated.dropFirst().map(\.line)[...])
    }

    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `--- Log opened Sat Jan 08 23:34:46 2005`, `--- Day changed Sun Jan 09 2005`: the day, with a year from 1901
    /// to 9999 (nil for another year).
    static func irssiDay(_ line: String) -> IRCLine.Day? {
        let words = line.split(separator: " ")
        guard let monthIndex = words.firstIndex(where: { months.contains(String($0)) }),
              let month = months.firstIndex(of: String(words[monthIndex])),
              monthIndex + 1 < words.count, let day = Int(words[monthIndex + 1]), (1...31).contains(day),
              let year = words[(monthIndex + 2)...].compactMap({ Int($0) }).first(where: { $0 > 1900 }), year <= 9999
        else { return nil }
        return (year, month + 1, day)
    }
}
