import Testing

@testable import TranscriptSearch

@Suite struct JavaScriptTextTests {
    @Test func escapesWhatCouldEndTheStringOrTheScript() {
        #expect(JavaScriptText.string(#"say "hi" \ now"#) == #""say \"hi\" \\ now""#)
        #expect(JavaScriptText.string("</script><!-- & more") == #""\u003c/script\u003e\u003c!-- \u0026 more""#)
        #expect(JavaScriptText.string("a\nb\rc\td\u{0}e\u{7F}") == #""a\nb\rc\td\u0000e\u007f""#)
        #expect(JavaScriptText.string("line\u{2028}para\u{2029}end") == #""line\u2028para\u2029end""#)
    }

    @Test func keepsEverythingElseAsItIs() {
        #expect(JavaScriptText.string("Café 東京 👍🏽 ‘quotes’ — ok") == "\"Café 東京 👍🏽 ‘quotes’ — ok\"")
        #expect(JavaScriptText.string("") == "\"\"")
    }
}
