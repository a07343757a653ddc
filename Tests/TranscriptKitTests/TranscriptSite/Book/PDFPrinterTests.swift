import Foundation
import Testing

@testable import TranscriptModel
@testable import TranscriptRender
@testable import TranscriptSite

@Suite struct PDFPrinterTests {
    /// The PDF's dates become the newest message's, in as many bytes as before.
    @Test func redatingKeepsTheFilesLength() {
        var pdf = Data("<< /Title (x) /CreationDate (D:20261129051300+00'00') /ModDate (D:20261129051300+00'00') >>".utf8)
        let length = pdf.count
        PDFPrinter.redate(&pdf, to: Timestamp(secondsSince1970: 1_730_223_122))
        #expect(String(decoding: pdf, as: UTF8.self)
            == "<< /Title (x) /CreationDate (D:20241029173202+00'00') /ModDate (D:20241029173202+00'00') >>")
        #expect(pdf.count == length)
    }

    @Test func missingBrowserSaysHowToGetIt() {
        #expect {
            try PDFPrinter.browser(environment: ["PATH": "/nonexistent"])
        } throws: { error in
            let message = (error as? TranscriptsError)?.message ?? ""
            return message.contains("apt-get install chromium") && message.contains("TRANSCRIPTS_CHROMIUM")
        }
        #expect(throws: TranscriptsError.self) { try PDFPrinter.browser(environment: ["TRANSCRIPTS_CHROMIUM": "/nonexistent/chrome"]) }
    }

    /// A running header's text cannot end its CSS string or the `<style>` around it.
    @Test func cssStringsEscapeEverythingButLettersDigitsAndSpaces() {
        #expect(CSSString.quoted("May 2024") == "\"May 2024\"")
        #expect(CSSString.quoted("a\"b</style>") == "\"a\\22 b\\3c \\2f style\\3e \"")
        #expect(CSSString.quoted("Ü") == "\"\\dc \"")
    }
}
