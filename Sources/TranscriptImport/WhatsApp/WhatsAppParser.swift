import Foundation
import TranscriptModel
import TranscriptSupport

/// Reads one WhatsApp chat file (`_chat.txt`, `WhatsApp Chat with X.txt`) into a conversation.
///
/// The file is scanned once, line by line, on its UTF-8 bytes: a line that starts with a header (see
/// `WhatsAppHeader`) starts a message, and every other line, blank ones too, continues the message before it.
/// Line breaks may be CRLF or LF, mixed, with or without a final one. Then the date order is decided for the
/// whole file (`WhatsAppDateOrder`) and each message's text is classified (`WhatsAppBody`).
struct WhatsAppParser {
    package var dateOrder: WhatsAppImporter.DateOrder?
    package var timeZone: TimeZone

    /// How many non-empty lines may come before the first header before the file is taken for something else.
    static let linesBeforeFirstHeader = 10

    /// One message's place in the file.
    private struct Entry {
        var header: WhatsAppHeader
        /// The line number of the header, counted from 1.
        var line: Int
        /// The sender's bytes; nil for a system text.
        var sender: Range<Int>?
        var bodyStart: Int
        /// The end of the message's last line, without its line break.
        var end: Int
    }

    /// Reads `data`; `displayPath` names the file in errors, `name` is the chat's name (the conversation's id
    /// and title), `hasFile` tells whether the export's folder has a file of a given name.
    package func parse(_ data: Data, displayPath: String, name: String, hasFile: (String) -> Bool) throws -> Conversation {
        try read(data, displayPath: displayPath, name: name, hasFile: hasFile).conversation
    }

    /// The same, with the warnings about the file: lines that look like message headers but are in no layout
    /// this parser knows (read as text of the message before them; see `HeaderLookalikes`).
    package func read(
        _ data: Data, displayPath: String, name: String, hasFile: (String) -> Bool
    ) throws -> (conversation: Conversation, warnings: [String]) {
        try data.withUnsafeBytes { raw in
            var lookalikes = HeaderLookalikes()
            let conversation = try parse(
                raw.bindMemory(to: UInt8.self), displayPath: displayPath, name: name, hasFile: hasFile, lookalikes: &lookalikes)
            let warning = lookalikes.warning(
                file: displayPath, format: "WhatsApp", treatment: "it is read as text, not as a new message")
            return (conversation, warning.map { [$0] } ?? [])
        }
    }

    private func parse(
        _ bytes: UnsafeBufferPointer<UInt8>, displayPath: String, name: String, hasFile: (String) -> Bool,
        lookalikes: inout HeaderLookalikes
    ) throws -> Conversation {
        let count = bytes.count
        var index = 0
        if count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        var entries: [Entry] = []
        entries.reserveCapacity(count / 64)
        var lineNumber = 0
        var prelude: (start: Int, end: Int, line: Int)?
        var linesBeforeHeader = 0
        while index < count {
            lineNumber += 1
            let lineStart = index
            var lineEnd = index
            while lineEnd < count, bytes[lineEnd] != 0x0A { lineEnd += 1 }
            index = lineEnd + 1
            if lineEnd > lineStart, bytes[lineEnd - 1] == 0x0D { lineEnd -= 1 }
            let first = lineEnd > lineStart ? bytes[lineStart] : 0
            // Only a digit, `[` or a direction mark can start a header: a cheap test for most lines.
            if WhatsAppBytes.isDigit(first) || first == 0x5B || first == 0xE2 || first == 0xEF,
               let header = WhatsAppHeader.parse(bytes, start: lineStart, end: lineEnd) {
                let split = Self.splitSender(bytes, from: header.restStart, to: lineEnd)
                if header.style != .bare || split != nil {
                    entries.append(Entry(
                        header: header, line: lineNumber, sender: split?.sender, bodyStart: split?.bodyStart ?? header.restStart,
                        end: lineEnd))
                    continue
                }
            }
            if lineEnd > lineStart, HeaderLookalikes.mayStartHeader(first) {
                lookalikes.check(bytes: Array(UnsafeBufferPointer(rebasing: bytes[lineStart..<min(lineEnd, lineStart + 400)])), number: lineNumber)
            }
            if !entries.isEmpty {
                entries[entries.count - 1].end = lineEnd
            } else if WhatsAppBytes.skipSpaces(bytes, from: lineStart, to: lineEnd) < lineEnd {
                linesBeforeHeader += 1
                if linesBeforeHeader > Self.linesBeforeFirstHeader { break }
                prelude = (prelude?.start ?? lineStart, lineEnd, prelude?.line ?? lineNumber)
            }
        }
        guard let firstEntry = entries.first else {
            throw TranscriptsError(
                file: displayPath, line: prelude?.line ?? 1,
                message: prelude == nil
                    ? "the chat file is empty"
                    : "not a WhatsApp chat: no message header (such as \"[20.06.19, 15:58:47] Name: text\" or \"20/06/2019, 15:58 - Name: text\") in its first lines")
        }

        let order = WhatsAppDateOrder(headers: entries.lazy.map(\.header), override: dateOrder)
        var zone = ZoneOffsets(timeZone: timeZone)
        func timestamp(_ header: WhatsAppHeader) -> Timestamp {
            let date = order.date(of: header)
            let days = ISO8601Text.daysFromCivil(year: date.year, month: date.month, day: date.day)
            let local = Double(days * 86_400 + header.hour24 * 3600 + header.minute * 60 + (header.seconds ?? 0))
            return Timestamp(secondsSince1970: local - Double(zone.offset(forLocalSeconds: local)), utcOffset: nil)
        }

        var messages: [Message] = []
        messages.reserveCapacity(entries.count + 1)
        var senders: [String] = []
        var knownSenders: Set<String> = []
        var aboutAGroup = false
        if let prelude {
            // Lines before the first header: kept, as a note dated like the first message.
            let text = ByteText(trimming: Self.body(bytes, prelude.start, prelude.end)[...]).string
            messages.append(Message(
                id: String(prelude.line), sender: nil, date: timestamp(firstEntry.header),
                kind: .system(SystemEvent(event: .other, text: text))))
        }
        var lastSender: (bytes: Range<Int>, name: String)?
        for entry in entries {
            let date = timestamp(entry.header)
            let body = Self.body(bytes, entry.bodyStart, entry.end)
            let id = String(entry.line)
            guard let senderRange = entry.sender else {
                let text = ByteText(trimming: body[...]).string
                let event = SystemEvent(event: WhatsAppBody.event(of: text), text: text)
                if !aboutAGroup, WhatsAppBody.isAboutAGroup(event) { aboutAGroup = true }
                messages.append(Message(id: id, sender: nil, date: date, kind: .system(event)))
                continue
            }
            // Most messages come from the sender of the one before: their name is made once.
            let sender: String
            let sameSender: Bool
            if let lastSender, lastSender.bytes.count == senderRange.count,
               UnsafeBufferPointer(rebasing: bytes[lastSender.bytes]).elementsEqual(UnsafeBufferPointer(rebasing: bytes[senderRange])) {
                sender = lastSender.name
                sameSender = true
            } else {
                sender = String(decoding: UnsafeBufferPointer(rebasing: bytes[senderRange]), as: UTF8.self)
                sameSender = false
            }
            let result = WhatsAppBody.classify(body, hasFile: hasFile)
            if result.keepsSender {
                if !sameSender, knownSenders.insert(sender).inserted { senders.append(sender) }
                lastSender = (senderRange, sender)
            }
            if !aboutAGroup, case .system(let event) = result.kind, event.event != .call, WhatsAppBody.isAboutAGroup(event) {
                aboutAGroup = true
            }
            messages.append(Message(
                id: id, sender: result.keepsSender ? sender : nil, date: date, kind: result.kind,
                edited: result.edited ? date : nil, deleted: result.deleted))
        }
        ContentMessageIDs.assign(to: &messages)
        return Conversation(
            id: name, title: name, kind: aboutAGroup || senders.count > 2 ? .group : .direct,
            participants: senders.map { Participant(id: $0, name: $0) }, messages: messages)
    }

    /// The text of a message: its bytes from `start` to `end` with CRLF line breaks made LF.
    private static func body(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> [UInt8] {
        guard start < end else { return [] }
        var result = [UInt8]()
        result.reserveCapacity(end - start)
        var index = start
        while index < end {
            let byte = bytes[index]
            if byte != 0x0D || index + 1 >= end || bytes[index + 1] != 0x0A { result.append(byte) }
            index += 1
        }
        return result
    }

    /// Splits `sender: text`. The sender ends at the first `": "` (or a `:` that ends the line, or is followed
    /// by neither a digit, a slash nor a space, as in `John:.`); nil when there is no sender: a system text,
    /// which iOS also marks by starting it with U+200E.
    static func splitSender(
        _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int
    ) -> (sender: Range<Int>, bodyStart: Int)? {
        guard start < end else { return nil }
        if start + 2 < end, bytes[start] == 0xE2, bytes[start + 1] == 0x80, bytes[start + 2] == 0x8E || bytes[start + 2] == 0x8F {
            return nil
        }
        var fallback: Int?
        var index = start
        var colon: Int?
        while index < end {
            if bytes[index] == 0x3A {
                if index + 1 == end || bytes[index + 1] == 0x20 {
                    colon = index
                    break
                }
                let next = bytes[index + 1]
                if fallback == nil, !WhatsAppBytes.isDigit(next), next != 0x2F,
                   WhatsAppBytes.spaceLength(bytes, at: index + 1, end: end) == 0 {
                    fallback = index
                }
            }
            index += 1
        }
        guard let colon = colon ?? fallback, colon > start else { return nil }
        // Trim marks and spaces around the name (phone numbers come wrapped in U+202A…U+202C).
        var nameStart = start
        var nameEnd = colon
        while nameStart < nameEnd {
            let length = max(WhatsAppBytes.markLength(bytes, at: nameStart, end: nameEnd), WhatsAppBytes.spaceLength(bytes, at: nameStart, end: nameEnd))
            if length == 0 { break }
            nameStart += length
        }
        while nameEnd > nameStart {
            if bytes[nameEnd - 1] == 0x20 {
                nameEnd -= 1
            } else if nameEnd - nameStart >= 3, WhatsAppBytes.markLength(bytes, at: nameEnd - 3, end: nameEnd) == 3 {
                nameEnd -= 3
            } else {
                break
            }
        }
        guard nameEnd > nameStart, nameEnd - nameStart <= 160 else { return nil }
        // A system text that quotes something with a colon: `Ann changed the subject to "Plans: May"`.
        let name = UnsafeBufferPointer(rebasing: bytes[nameStart..<nameEnd])
        if name.count > 12, systemPhrases.contains(where: { contains(name, $0) }) { return nil }
        var bodyStart = colon + 1
        if bodyStart < end, bytes[bodyStart] == 0x20 { bodyStart += 1 }
        return (nameStart..<nameEnd, bodyStart)
    }

    private static let systemPhrases = WhatsAppBody.utf8([
        " created group", " changed the subject", " changed the group", " changed this group", " changed the description",
        " pinned a message", " changed their phone number",
    ])

    private static func contains(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: [UInt8]) -> Bool {
        guard needle.count <= haystack.count else { return false }
        for index in 0...(haystack.count - needle.count)
        where haystack[index] == needle[0] && UnsafeBufferPointer(rebasing: haystack[index..<(index + needle.count)]).elementsEqual(needle) {
            return true
        }
        return false
    }
}

/// UTC offsets of wall-clock times in a time zone, remembered from one offset change to the next: messages come
/// mostly in order, so most need no time zone look-up. The result is always that of
/// `ISO8601Text.offset(forLocalSeconds:in:)`.
struct ZoneOffsets {
    package let timeZone: TimeZone
    /// Instants (seconds since 1970) from `from` to before `until` all have the offset `offset`.
    private var from = Double.infinity
    private var until = -Double.infinity
    private var offset = 0

    init(timeZone: TimeZone) { self.timeZone = timeZone }

    package mutating func offset(forLocalSeconds local: Double) -> Int {
        let shifted = local - Double(offset)
        if local >= from, local < until, shifted >= from, shifted < until { return offset }
        let computed = ISO8601Text.offset(forLocalSeconds: local, in: timeZone)
        let instant = local - Double(computed)
        let date = Date(timeIntervalSince1970: instant)
        if timeZone.secondsFromGMT(for: date) == computed {
            from = instant
            until = timeZone.nextDaylightSavingTimeTransition(after: date)?.timeIntervalSince1970 ?? .infinity
            offset = computed
        }
        return computed
    }
}
