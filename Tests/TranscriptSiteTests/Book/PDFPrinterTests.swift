import Foundation
import Testing

@testable import TranscriptModel
@testable import TranscriptRender
@testable import TranscriptSite
@testable import TranscriptSupport

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

@Suite struct PDFOutlineTests {
    /// A PDF as Skia writes it: a page tree of two levels, an outline of three entries.
    static func pdf() -> Data {
        var text = "%PDF-1.4\n"
        var offsets: [Int: Int] = [:]
        func add(_ number: Int, _ body: String) {
            offsets[number] = text.utf8.count
            text += "\(number) 0 obj\n\(body)\nendobj\n"
        }
        add(1, "<</Type /Page\n/Parent 5 0 R>>")
        add(2, "<</Type /Page\n/Parent 5 0 R>>")
        add(3, "<</Type /Page\n/Parent 6 0 R>>")
        add(4, "<</Type /Page\n/Parent 6 0 R>>")
        add(5, "<</Type /Pages\n/Count 2\n/Kids [1 0 R 2 0 R]\n/Parent 7 0 R>>")
        add(6, "<</Type /Pages\n/Count 2\n/Kids [3 0 R 4 0 R]\n/Parent 7 0 R>>")
        add(7, "<</Type /Pages\n/Count 4\n/Kids [5 0 R 6 0 R]>>")
        add(8, "<</Title (Title)\n/Dest [1 0 R /XYZ 0 800 0]\n/Parent 11 0 R\n/Next 9 0 R>>")
        add(9, "<</Title (May 2024)\n/Dest [3 0 R /XYZ 0 800 0]\n/Parent 11 0 R\n/Prev 8 0 R\n/Next 10 0 R\n/First 12 0 R>>")
        add(10, "<</Title (People)\n/Dest [4 0 R /XYZ 0 800 0]\n/Parent 11 0 R\n/Prev 9 0 R>>")
        add(11, "<</Type /Outlines\n/First 8 0 R\n/Last 10 0 R\n/Count 3>>")
        add(12, "<</Title (A day)\n/Dest [2 0 R /XYZ 0 800 0]\n/Parent 9 0 R>>")
        add(13, "<</Type /Catalog\n/Pages 7 0 R\n/Outlines 11 0 R>>")
        let xref = text.utf8.count
        text += "xref\n0 14\n0000000000 65535 f \n"
        for number in 1...13 { text += String(format: "%010d 00000 n \n", offsets[number]!) }
        text += "trailer\n<</Size 14\n/Root 13 0 R>>\nstartxref\n\(xref)\n%%EOF\n"
        return Data(text.utf8)
    }

    @Test func topLevelEntriesGiveTheirPages() {
        #expect(PDFOutline.topLevelPages(of: Self.pdf()) == [1, 3, 4])
    }

    @Test func whatIsNotAPDFGivesNothing() {
        #expect(PDFOutline.topLevelPages(of: Data("not a pdf".utf8)) == nil)
        var cut = Self.pdf()
        cut.removeLast(40)
        #expect(PDFOutline.topLevelPages(of: cut) == nil)
    }
}
