import TranscriptModel
import TranscriptSupport
import TranscriptTemplates

/// What a conversation's overview counts of its messages, in one pass over them: messages per month, per
/// weekday and hour, per person; kinds, reactions, emoji, the busiest day. Times are in the site's time zone.
struct ConversationActivity: Sendable {
    /// Messages per calendar month, by month number (`year * 12 + month - 1`).
    var months: [Int: Int] = [:]
    /// Messages people sent, by weekday (0 is Monday) and hour (0 to 23).
    var weekHours = [[Int]](repeating: [Int](repeating: 0, count: 24), count: 7)
    /// Messages per person (by name), most first (then by name).
    var people: [(name: String, count: Int)] = []
    /// Messages of each kind other than text, by the kind's label (`Photo`, `Voice message`, ...).
    var kinds: [String: Int] = [:]
    /// The reactions given most, most first (then by emoji), at most `topCount`.
    var reactions: [(emoji: String, count: Int)] = []
    /// The emoji written most in texts and captions, most first (then by emoji), at most `topCount`.
    var emoji: [(emoji: String, count: Int)] = []
    /// The day with the most messages: one of its messages' times, and the count.
    var busiestDay: (date: Timestamp, count: Int)?
    /// Web addresses in texts and link previews.
    var links = 0

    static let topCount = 5

    init() {}

    /// Counts `messages`, a chunk of them on each core; `names` gives a sender's name, `localSeconds` a time's
    /// seconds in the site's zone (each chunk asks `localSeconds` for a function of its own: `DateTexts` keeps
    /// caches that are not shared between threads).
    init(
        messages: [Message], name: (String) -> String, localSeconds: @Sendable () -> (Timestamp) -> Int,
        strings: StringTable = StringTables.english
    ) {
        let tallies = (try? chunkRanges(count: messages.count, chunkSize: Self.chunkSize).concurrentMap { range in
            messages.withUnsafeBufferPointer { Tally(range, of: $0, localSeconds: localSeconds(), strings: strings) }
        }) ?? []
        // Added up in order: a day keeps the time of its first message.
        var total = Tally()
        for tally in tallies { total.add(tally) }
        months = total.months
        weekHours = total.weekHours
        kinds = total.kinds
        links = total.links
        var perPerson: [String: Int] = [:]
        for (sender, count) in total.perSender { perPerson[name(sender), default: 0] += count }
        people = perPerson.map { ($0.key, $0.value) }.sorted { $0.count != $1.count ? $0.count > $1.count : $0.name < $1.name }
        self.reactions = Self.top(total.reactions)
        self.emoji = Self.top(total.emoji)
        busiestDay = total.perDay.max { a, b in a.value.count != b.value.count ? a.value.count < b.value.count : a.key > b.key }?.value
    }

    /// Messages counted on one core at a time: small enough that the chunk left when the other cores are done
    /// is a small part of a long conversation's work (a conversation of 100,000 messages in chunks of 8,192 left
    /// one core idle for a tenth of it).
    static let chunkSize = 2048

    /// The counts of some of the messages, in one pass.
    private struct Tally: Sendable {
        var months: [Int: Int] = [:]
        var weekHours = [[Int]](repeating: [Int](repeating: 0, count: 24), count: 7)
        var kinds: [String: Int] = [:]
        var links = 0
        var perSender: [String: Int] = [:]
        var perDay: [Int: (date: Timestamp, count: Int)] = [:]
        var reactions: [String: Int] = [:]
        var emoji: [String: Int] = [:]

        init() {}

        /// Counts the messages at `indices` of `messages` (read in place: a message copied out of the list would
        /// retain every field it holds).
        init(_ indices: Range<Int>, of messages: UnsafeBufferPointer<Message>, localSeconds: (Timestamp) -> Int, strings: StringTable) {
            // Messages come in order, mostly many a day: a day's and a month's messages are counted in a run and
            // added to the dictionaries when the run ends (a day keeps the time of its first message either way).
            var month = (number: Int.min, count: 0)
            var dayRun = (number: Int.min, first: Timestamp(secondsSince1970: 0), count: 0)
            var recentSenders = RecentCounts()
            defer {
                if month.count > 0 { months[month.number, default: 0] += month.count }
                if dayRun.count > 0 { perDay[dayRun.number, default: (dayRun.first, 0)].count += dayRun.count }
                recentSenders.flush(into: &perSender)
            }
            for index in indices {
                let date = messages[index].date
                let local = CivilTime(secondsSince1970: localSeconds(date))
                let monthNumber = local.year * 12 + local.month - 1
                if monthNumber != month.number {
                    if month.count > 0 { months[month.number, default: 0] += month.count }
                    month = (monthNumber, 0)
                }
                month.count += 1
                let day = local.dayNumber
                if day != dayRun.number {
                    if dayRun.count > 0 { perDay[dayRun.number, default: (dayRun.first, 0)].count += dayRun.count }
                    dayRun = (day, date, 0)
                }
                dayRun.count += 1
                if let sender = messages[index].sender {
                    recentSenders.count(sender, into: &perSender)
                    // 1970-01-01 was a Thursday (3, counting from Monday).
                    let weekday = ((day + 3) % 7 + 7) % 7
                    weekHours[weekday][local.hour] += 1
                }
                switch messages[index].kind {
                case .text, .markdown: break
                default: kinds[MessageDetails.label(for: messages[index].kind, strings: strings), default: 0] += 1
                }
                for reaction in messages[index].reactions { reactions[reaction.emoji, default: 0] += reaction.count }
                if let text = ConversationRenderer.text(of: messages[index].kind)?.source {
                    ConversationActivity.countEmoji(in: text, into: &emoji)
                    links += ConversationActivity.countLinks(in: text)
                }
                if case .linkPreview(let preview) = messages[index].kind, SafeURL.web(preview.url) != nil,
                   preview.text.map({ ConversationActivity.countLinks(in: $0) == 0 }) ?? true
                {
                    links += 1
                }
            }
        }

        /// Adds the counts of the messages after these.
        mutating func add(_ later: Tally) {
            months.merge(later.months, uniquingKeysWith: +)
            for weekday in 0..<7 {
                for hour in 0..<24 { weekHours[weekday][hour] += later.weekHours[weekday][hour] }
            }
            kinds.merge(later.kinds, uniquingKeysWith: +)
            links += later.links
            perSender.merge(later.perSender, uniquingKeysWith: +)
            perDay.merge(later.perDay) { earlier, later in (earlier.date, earlier.count + later.count) }
            reactions.merge(later.reactions, uniquingKeysWith: +)
            emoji.merge(later.emoji, uniquingKeysWith: +)
        }
    }

    private static func top(_ counts: [String: Int]) -> [(emoji: String, count: Int)] {
        Array(counts.map { ($0.key, $0.value) }.sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0 < $1.0 }.prefix(topCount))
    }

    /// Adds the emoji of `text` to `counts`: each with what joins it into one emoji (a variation selector, a skin
    /// tone, a second regional indicator, a zero-width joiner and what it joins, tags). Read from the UTF-8 bytes:
    /// an emoji starts at a scalar from U+2100 on, whose first byte is from 0xE2 on, so the bytes below are passed
    /// over without being decoded; the scalars of an emoji are one run of the bytes, which is its key.
    static func countEmoji(in text: String, into counts: inout [String: Int]) {
        var text = text
        text.withUTF8 { bytes in
            guard mayHoldEmoji(bytes) else { return }
            var index = 0
            while index < bytes.count {
                guard bytes[index] >= 0xE2 else {
                    index += 1
                    continue
                }
                let start = index
                let first = scalar(in: bytes, at: index)
                index += first.length
                guard Self.mayBeEmoji(first.value), let scalar = Unicode.Scalar(first.value), scalar.properties.isEmoji,
                      !scalar.properties.isEmojiModifier
                else { continue }
                var asEmoji = scalar.properties.isEmojiPresentation
                var regionalIndicators = (0x1F1E6...0x1F1FF).contains(first.value) ? 1 : 0
                while index < bytes.count {
                    let next = Self.scalar(in: bytes, at: index)
                    let joins: Bool
                    switch next.value {
                    case 0xFE0F: joins = true; asEmoji = true
                    case 0xFE0E, 0x20E3, 0x1F3FB...0x1F3FF, 0xE0020...0xE007F: joins = true
                    case 0x1F1E6...0x1F1FF: joins = regionalIndicators == 1; regionalIndicators += 1
                    case 0x200D:
                        // The joiner and the scalar after it, whatever it is; a joiner that ends the text joins
                        // nothing and is left out.
                        guard index + next.length < bytes.count else {
                            joins = false
                            break
                        }
                        index += next.length
                        index += Self.scalar(in: bytes, at: index).length
                        continue
                    default: joins = false
                    }
                    guard joins else { break }
                    index += next.length
                }
                guard asEmoji else { continue }
                counts[String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self), default: 0] += 1
            }
        }
    }

    /// The scalar whose UTF-8 starts at `index` of `bytes` (well-formed, as a string's are), and its length.
    @inline(__always)
    private static func scalar(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (value: UInt32, length: Int) {
        let lead = UInt32(bytes[index])
        func continuation(_ offset: Int) -> UInt32 { UInt32(bytes[index + offset]) & 0x3F }
        switch lead {
        case ..<0x80: return (lead, 1)
        case ..<0xE0: return ((lead & 0x1F) << 6 | continuation(1), 2)
        case ..<0xF0: return ((lead & 0x0F) << 12 | continuation(1) << 6 | continuation(2), 3)
        default: return ((lead & 0x07) << 18 | continuation(1) << 12 | continuation(2) << 6 | continuation(3), 4)
        }
    }

    /// Whether a scalar from U+2100 on may be an emoji: Unicode gives the emoji property from there only to U+2100 to
    /// U+2BFF, U+3030, U+303D, U+3297, U+3299 and U+1F000 to U+1FFFF, so CJK and other scripts skip the property
    /// look-up (a test checks this against every scalar).
    static func mayBeEmoji(_ value: UInt32) -> Bool {
        switch value {
        case 0x2100...0x2BFF, 0x1F000...0x1FFFF, 0x3030, 0x303D, 0x3297, 0x3299: true
        default: false
        }
    }

    /// Whether UTF-8 text holds a scalar that `mayBeEmoji` takes, found by the bytes that encode one: E2 84–AF
    /// (U+2100 to U+2BFF), E3 80 B0, E3 80 BD, E3 8A 97, E3 8A 99, and F0 9F (U+1F000 to U+1FFFF). Text in
    /// scripts whose letters are three bytes long (CJK) has no such bytes unless it holds an emoji.
    static func mayHoldEmoji(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        let count = bytes.count
        guard let base = bytes.baseAddress else { return false }
        while index < count {
            // ASCII, eight bytes at a time.
            if index + 8 <= count, UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                index += 8
                continue
            }
            let byte = bytes[index]
            index += 1
            guard byte >= 0xE2, index < count else { continue }
            let second = bytes[index]
            switch byte {
            case 0xE2: if (0x84...0xAF).contains(second) { return true }
            case 0xE3:
                guard index + 1 < count else { continue }
                switch (second, bytes[index + 1]) {
                case (0x80, 0xB0), (0x80, 0xBD), (0x8A, 0x97), (0x8A, 0x99): return true
                default: break
                }
            case 0xF0: if second == 0x9F { return true }
            default: break
            }
        }
        return false
    }

    /// How many web addresses `text` holds.
    static func countLinks(in text: String) -> Int {
        var text = text
        return text.withUTF8 { URLScanner.mayContainURL($0) ? URLScanner.urlRanges(in: $0).count : 0 }
    }
}

/// Counts of the few keys counted last (a conversation goes back and forth between a few people), kept aside and
/// added to the dictionary when they drop out: a key is found among them by comparing the strings' values
/// (`String.isIdentical(to:)`), without hashing. A key's first count goes to the dictionary at once, so the string
/// it keeps for texts that are equal (`==`) but not the same bytes is the first one counted, as before.
private struct RecentCounts {
    private static let size = 4
    private var keys: [String] = []
    /// The counts of `keys` not yet added.
    private var counts: [Int] = []
    /// The slot the next new key takes when all are used.
    private var next = 0

    /// Counts `key` once.
    mutating func count(_ key: String, into table: inout [String: Int]) {
        for position in keys.indices where keys[position].isIdentical(to: key) {
            counts[position] += 1
            return
        }
        table[key, default: 0] += 1
        if keys.count < Self.size {
            keys.append(key)
            counts.append(0)
            return
        }
        if counts[next] > 0 { table[keys[next], default: 0] += counts[next] }
        keys[next] = key
        counts[next] = 0
        next = (next + 1) % Self.size
    }

    /// Adds the counts kept aside to `table`.
    mutating func flush(into table: inout [String: Int]) {
        for (key, count) in zip(keys, counts) where count > 0 { table[key, default: 0] += count }
        keys.removeAll()
        counts.removeAll()
        next = 0
    }
}
