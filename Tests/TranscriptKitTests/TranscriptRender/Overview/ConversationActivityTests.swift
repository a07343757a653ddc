import Foundation
import Testing

@testable import TranscriptRender

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
}
