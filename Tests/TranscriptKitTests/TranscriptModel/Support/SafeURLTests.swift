import Testing

@testable import TranscriptModel

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
}
