import Foundation
import Testing
import TranscriptTestSupport

@testable import TranscriptModel
@testable import TranscriptRender
@testable import TranscriptTemplates

@Suite struct ConversationActivityTests {
    func emoji(_ text: String) -> [String: Int] {
        var counts: [String: Int] = [:]
        ConversationActivity.countEmoji(in: text, into: &counts)
        return counts
    }

    @Test func emojiAreCountedWholeWithWhatJoinsThem() {
        #expect(emoji("plain text, café, Привет") == [:])
        #expect(emoji("👍👍 great 🎉") == ["👍": 2, "🎉": 1])
        // A skin tone, a flag (two regional indicators), a family joined by U+200D, a heart asked for as emoji.
        #expect(emoji("👍🏽 🇵🇹🇩🇪 👨‍👩‍👧 ❤️") == ["👍🏽": 1, "🇵🇹": 1, "🇩🇪": 1, "👨‍👩‍👧": 1, "❤️": 1])
        // Symbols that are text unless asked for as emoji: ☺ and ™ alone are not counted; arrows never.
        #expect(emoji("☺ ™ → ☺️") == ["☺️": 1])
        // Japanese text holds no emoji.
        #expect(emoji("こんにちは、元気？") == [:])
        // Emoji beside CJK, and the four emoji between U+2C00 and U+1F000.
        #expect(emoji("元気〰️〽️ ㊗️㊙️ 🀄") == ["〰️": 1, "〽️": 1, "㊗️": 1, "㊙️": 1, "🀄": 1])
    }

    /// A joiner at the end of a text joins nothing (counting it once crashed the build: it read past the end).
    @Test func aJoinerThatEndsTheTextIsLeftOut() {
        #expect(emoji("hi 👍\u{200D}") == ["👍": 1])
        #expect(emoji("👨\u{200D}👩\u{200D}") == ["👨\u{200D}👩": 1])
        #expect(emoji("\u{200D}") == [:])
        // Whatever follows a joiner is joined, as before.
        #expect(emoji("👍\u{200D}a b") == ["👍\u{200D}a": 1])
    }

    /// Counted scalar by scalar, as before the bytes were read (with the joiner at the end left out).
    private func emojiByScalars(_ text: String) -> [String: Int] {
        var counts: [String: Int] = [:]
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            guard scalar.properties.isEmoji, !scalar.properties.isEmojiModifier, scalar.value >= 0x2100 else { continue }
            var emoji = [scalar]
            var asEmoji = scalar.properties.isEmojiPresentation
            var regionalIndicators = (0x1F1E6...0x1F1FF).contains(scalar.value) ? 1 : 0
            while index < scalars.count {
                let next = scalars[index]
                var joins = false
                switch next.value {
                case 0xFE0F: joins = true; asEmoji = true
                case 0xFE0E, 0x20E3, 0x1F3FB...0x1F3FF, 0xE0020...0xE007F: joins = true
                case 0x1F1E6...0x1F1FF: joins = regionalIndicators == 1; regionalIndicators += 1
                case 0x200D where index + 1 < scalars.count:
                    emoji += [next, scalars[index + 1]]
                    index += 2
                    continue
                default: break
                }
                guard joins else { break }
                emoji.append(next)
                index += 1
            }
            if asEmoji { counts[String(String.UnicodeScalarView(emoji)), default: 0] += 1 }
        }
        return counts
    }

    /// Random texts of emoji, what joins them, text symbols, CJK, accents and ASCII: the counts of reading
    /// scalar by scalar.
    @Test func countsAreThoseOfReadingScalarByScalar() {
        var generator = SeededGenerator(seed: 200)
        let pieces = ["a", " ", "é", "元", "👍", "🏽", "\u{200D}", "\u{FE0F}", "\u{FE0E}", "\u{20E3}", "🇵", "🇹", "☺", "™", "→",
            "〰", "🀄", "👨", "👩", "#", "\u{E0067}", "\u{1F3F4}", "❤", "Ж", "\u{2100}", "\u{2BFF}"]
        for _ in 0..<20_000 {
            let text = (0..<Int.random(in: 0..<14, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            #expect(emoji(text) == emojiByScalars(text), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    /// The quick test before the property look-up lets through every scalar from U+2100 on that has the emoji
    /// property, as this toolchain's Unicode data gives it.
    @Test func everyEmojiScalarMayBeEmoji() {
        var missed: [UInt32] = []
        for value in UInt32(0x2100)...UInt32(0x10FFFF) {
            guard let scalar = Unicode.Scalar(value), scalar.properties.isEmoji, !ConversationActivity.mayBeEmoji(value) else { continue }
            missed.append(value)
        }
        #expect(missed.isEmpty)
        #expect(!ConversationActivity.mayBeEmoji(0x4E00))
        #expect(ConversationActivity.mayBeEmoji(0x1F600))
    }
}

/// Counted a chunk per core and added up in order, the counts are those of one pass over the messages: a day
/// split between two chunks is one day, dated by its first message.
@Suite struct ConversationActivityChunkTests {
    /// Message `index` of `count`: 150 a day, except the 200 around the end of the first chunk, which are all on
    /// one day far later (the busiest, split between two chunks).
    static func message(_ index: Int, start: Double) -> Message {
        let chunk = ConversationActivity.chunkSize
        let split = (chunk - 100)..<(chunk + 100)
        let seconds = split.contains(index)
            ? start + 10_000 * 86_400 + Double(index - split.lowerBound) * 60
            : start + Double(index / 150) * 86_400 + Double(index % 150) * 60
        let sender: String? = index % 3 == 0 ? nil : (index % 3 == 1 ? "ann" : "bo")
        let kind: MessageKind = index % 10 == 0 ? .photo(MediaItem(file: "p.png")) : .text(index % 7 == 0 ? "👍 see https://example.com" : "hi")
        let reactions = index % 5 == 0 ? [Reaction(emoji: "🎉", count: 2)] : []
        return Message(id: "\(index)", sender: sender, date: Timestamp(secondsSince1970: seconds), kind: kind, reactions: reactions)
    }

    @Test func chunksAddUpToOnePass() {
        let count = ConversationActivity.chunkSize * 2 + 1000
        let messages = (0..<count).map { Self.message($0, start: 1_704_067_200) }
        let activity = ConversationActivity(messages: messages, name: { $0.uppercased() }, localSeconds: { { Int($0.secondsSince1970) } })
        // Every count, worked out by hand.
        let indices = Array(0..<count)
        let ann = indices.filter { $0 % 3 == 1 }.count
        let bo = indices.filter { $0 % 3 == 2 }.count
        let texts = indices.filter { $0 % 10 != 0 && $0 % 7 == 0 }.count
        #expect(activity.months.values.reduce(0, +) == count)
        #expect(activity.kinds == ["Photo": (count + 9) / 10])
        let people: [String] = activity.people.map { $0.name }
        let sent: [Int] = activity.people.map { $0.count }
        #expect(people == ["ANN", "BO"])
        #expect(sent == [ann, bo])
        let reactions: [Int] = activity.reactions.map { $0.count }
        #expect(reactions == [2 * ((count + 4) / 5)])
        let emoji: [Int] = activity.emoji.map { $0.count }
        #expect(emoji == [texts])
        #expect(activity.links == texts)
        let hours: Int = activity.weekHours.flatMap { $0 }.reduce(0, +)
        #expect(hours == ann + bo)
        // The busiest day is the one split between the chunks, whole, and dated by its first message.
        #expect(activity.busiestDay?.count == 200)
        #expect(activity.busiestDay?.date == messages[ConversationActivity.chunkSize - 100].date)
    }

    /// A sender written in two forms that are equal as text (é, and e with a combining accent) is counted once,
    /// under the form met first, however many others were counted between the two.
    @Test func aSenderInTwoEqualFormsIsCountedUnderTheFirst() {
        let composed = "Jos\u{E9}", decomposed = "Jose\u{301}"
        // The second form takes the place of the first sender counted ("a"), ahead of the first form's.
        let senders = ["a", "b", "c", composed, decomposed, composed, decomposed]
        let messages = senders.enumerated().map { index, sender in
            Message(id: "\(index)", sender: sender, date: Timestamp(secondsSince1970: Double(index) * 60), kind: .text("hi"))
        }
        let activity = ConversationActivity(messages: messages, name: { $0 }, localSeconds: { { Int($0.secondsSince1970) } })
        let first = activity.people.first
        #expect(first?.count == 4)
        #expect(first.map { Array($0.name.utf8) } == Array(composed.utf8))
        #expect(activity.people.map(\.count).reduce(0, +) == senders.count)
    }
}

@Suite struct GalleryEntryRenderingTests {
    /// The compiled entry templates give swift-mustache's bytes.
    @Test func compiledEntriesEqualSwiftMustache() throws {
        let templates = try TemplateSet.builtIn()
        #expect(templates.compiledGallery != nil)
        let entries = [
            GalleryEntry(permalink: "2024-01.html#m-1", meta: "Ann <x> · 5 Jan 2024", image: "../../media/a.png", width: 160, height: 90,
                         alt: "A \"quote\" & more", label: "Photo", href: nil, size: nil, isVideo: false),
            GalleryEntry(permalink: "2024-01.html#m-2", meta: "Bo · 6 Jan 2024", image: nil, width: nil, height: nil, alt: "Video from Bo",
                         label: "Video", href: nil, size: nil, isVideo: true),
            GalleryEntry(permalink: "2024-01.html#m-3", meta: "Bo", image: nil, width: nil, height: nil, alt: "", label: "a<b>.pdf",
                         href: "../../media/f.pdf", size: "2.0 KB", isVideo: false),
            GalleryEntry(permalink: "2024-01.html#m-4", meta: "Bo", image: nil, width: nil, height: nil, alt: "", label: "https://x.org/?a=1&b=<2>",
                         href: "https://x.org/?a=1&b=%3C2%3E", size: nil, isVideo: false),
        ]
        for section in GallerySection.allCases {
            let compiled = try templates.renderGalleryEntries(entries, section: section)
            let mustache = try entries.map { try templates.render($0, template: section.entryTemplate) }.joined()
            #expect(compiled == mustache, "\(section)")
            #expect(!compiled.contains("<x>") && !compiled.contains("<b>"))
        }
    }

    /// The byte test finds exactly the scalars `mayBeEmoji` takes, wherever they stand in the text.
    @Test func theByteTestFindsEveryScalarThatMayBeEmoji() {
        var wrong: [UInt32] = []
        for value in UInt32(0)...UInt32(0x10FFFF) {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let expected = value >= 0x2100 && ConversationActivity.mayBeEmoji(value)
            // Alone, after CJK, before ASCII, and after ASCII that is passed over eight bytes at a time (at every
            // place in a word).
            for var text in [String(scalar), "中" + String(scalar), String(scalar) + "x", "abcdefgh" + String(scalar),
                             String(repeating: "a", count: Int(value % 17)) + String(scalar) + "12345678"] {
                if text.withUTF8(ConversationActivity.mayHoldEmoji) != expected { wrong.append(value) }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(10))")
        var japanese = "東京は晴れ。「明日」も、雨〜"
        let found = japanese.withUTF8(ConversationActivity.mayHoldEmoji)
        #expect(!found)
    }
}
