import Foundation
import Testing
import TranscriptTestSupport

@testable import TranscriptSupport

@Suite struct SafeURLTests {
    @Test func onlyWebAddressesBecomeLinks() {
        #expect(SafeURL.web("https://example.org/a?b=1") == "https://example.org/a?b=1")
        #expect(SafeURL.web(" http://x.org ") == "http://x.org")
        for bad in ["javascript:alert(1)", "JAVASCRIPT:alert(1)", "data:text/html,x", "file:///etc/passwd", "//x.org", "x.org", "https://"] {
            #expect(SafeURL.web(bad) == nil, "\(bad)")
        }
    }

    @Test func dangerousSchemesAreFoundTheWayBrowsersReadThem() {
        for bad in ["javascript:x", " java\tscript:x", "\u{1}JavaScript:x", "vbscript:x", "DATA:text/html,x", "file:/x"] {
            #expect(SafeURL.isDangerous(bad), "\(bad)")
        }
        for fine in ["https://x.org", "hello javascript: is a word", "mailto:a@b.c"] { #expect(!SafeURL.isDangerous(fine), "\(fine)") }
    }

    @Test func contactLinks() {
        #expect(SafeURL.mailto("eve@example.com") == "mailto:eve@example.com")
        #expect(SafeURL.mailto("eve@example.com\"><script>") == nil)
        #expect(SafeURL.tel("+49 (30) 1234-5") == "tel:+493012345")
        #expect(SafeURL.tel("call me") == nil)
    }

    @Test func allowedLinksByScheme() {
        for fine in ["https://x.org", "HTTP://x.org", " ht\ttp:x", "mailto:a@b.c", "TEL:+1", "#m-42", "a/b:c", "?q=a:b", "page.html", "", "\u{7F}https:x"] {
            #expect(SafeURL.isAllowedLink(fine), "\(fine)")
        }
        for bad in ["javascript:x", " JavaScript:x", "java\nscript:x", "livescript:x", "data:x", ":x", "httpss:x", "mailtoo:x", "ｈttp:x", "\u{212A}tel:x"] {
            #expect(!SafeURL.isAllowedLink(bad), "\(bad)")
        }
        // A colon that a combining mark follows still ends the scheme, as browsers read it.
        #expect(!SafeURL.isAllowedLink("javascript:\u{301}alert(1)"))
    }

    /// The bytes read by `isAllowedLink` agree with reading it by characters (squeezed, split at the first colon,
    /// lowercased), on strings of characters that combine with nothing.
    @Test func allowedLinksAgreeWithReadingByCharacters() {
        func byCharacters(_ target: String) -> Bool {
            let squeezed = String(target.unicodeScalars.filter { $0.value > 0x20 && $0 != "\u{7F}" })
            guard let colon = squeezed.firstIndex(of: ":") else { return true }
            let beforeColon = squeezed[..<colon]
            if beforeColon.contains(where: { "/?#".contains($0) }) { return true }
            return SafeURL.linkSchemes.contains(beforeColon.lowercased())
        }
        let pieces = ["h", "t", "p", "s", "H", "T", "P", "S", "mailto", "MailTo", "tel", ":", "/", "?", "#", " ", "\t", "\u{1}",
                      "\u{7F}", "é", "İ", "\u{212A}", "ｔ", "x", "javascript", "https"]
        var generator = SeededGenerator(seed: 11)
        for _ in 0..<20_000 {
            let target = (0..<Int.random(in: 0...6, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            #expect(SafeURL.isAllowedLink(target) == byCharacters(target), "\(target.debugDescription)")
        }
    }

    /// `isAllowedLink` compares schemes as ASCII: no character outside ASCII lowercases to ASCII letters alone
    /// except the Kelvin sign (`k`, in no allowed scheme).
    @Test func noOtherCharacterLowercasesToAnAllowedSchemesLetters() {
        let letters = Set(SafeURL.linkSchemes.joined().unicodeScalars)
        for value in UInt32(0x80)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let lowered = String(scalar).lowercased().unicodeScalars
            #expect(!lowered.allSatisfy(letters.contains), "U+\(String(value, radix: 16))")
        }
    }

    @Test func webAddressesAreTrimmedOnlyWhenTheyEndInSpace() {
        #expect(SafeURL.web("\u{A0}https://x.org\u{2003}") == "https://x.org")
        #expect(SafeURL.web("https://x.org\n") == "https://x.org")
        #expect(SafeURL.web("https://x.org/é") == URL(string: "https://x.org/é")?.absoluteString)
        #expect(SafeURL.web("") == nil)
    }
}
