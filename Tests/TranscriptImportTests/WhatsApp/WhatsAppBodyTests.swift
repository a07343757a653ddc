import Foundation
import Testing

@testable import TranscriptModel
@testable import TranscriptText

/// The markers WhatsApp writes into message texts, and its formatting.
@Suite struct WhatsAppBodyTests {
    func kind(_ body: String, files: Set<String> = []) throws -> MessageKind {
        try WhatsAppText.message("[13/01/24, 10:00:00] Ann: " + body, files: files).kind
    }

    // MARK: - Attachments

    @Test func iOSAttachmentsAreLinkedWhenTheFolderHasThem() throws {
        let files: Set<String> = [
            "00000001-PHOTO-2024-01-13-10-00-00.jpg", "00000002-VIDEO-2024-01-13-10-00-00.mp4",
            "00000003-AUDIO-2024-01-13-10-00-00.opus", "00000004-AUDIO-2024-01-13-10-00-00.m4a",
            "00000005-STICKER-2024-01-13-10-00-00.webp", "00000006-Report.pdf",
        ]
        #expect(try kind("<attached: 00000001-PHOTO-2024-01-13-10-00-00.jpg>", files: files)
            == .photo(MediaItem(file: "00000001-PHOTO-2024-01-13-10-00-00.jpg")))
        #expect(try kind("\u{200E}<attached: 00000002-VIDEO-2024-01-13-10-00-00.mp4>", files: files)
            == .video(MediaItem(file: "00000002-VIDEO-2024-01-13-10-00-00.mp4")))
        #expect(try kind("<attached: 00000003-AUDIO-2024-01-13-10-00-00.opus>", files: files)
            == .voice(MediaItem(file: "00000003-AUDIO-2024-01-13-10-00-00.opus")))
        #expect(try kind("<attached: 00000004-AUDIO-2024-01-13-10-00-00.m4a>", files: files)
            == .audio(MediaItem(file: "00000004-AUDIO-2024-01-13-10-00-00.m4a")))
        #expect(try kind("<attached: 00000005-STICKER-2024-01-13-10-00-00.webp>", files: files)
            == .sticker(MediaItem(file: "00000005-STICKER-2024-01-13-10-00-00.webp")))
        // A document: its own name and page count come before the marker.
        #expect(try kind("Report.pdf • \u{200E}3 pages \u{200E}<attached: 00000006-Report.pdf>", files: files)
            == .file(MediaItem(file: "00000006-Report.pdf", name: "Report.pdf")))
        // A caption before the marker.
        #expect(try kind("The view \u{200E}<attached: 00000001-PHOTO-2024-01-13-10-00-00.jpg>", files: files)
            == .photo(MediaItem(file: "00000001-PHOTO-2024-01-13-10-00-00.jpg", caption: "The view")))
        // Missing from the folder: the name is kept, the file is not in the export.
        #expect(try kind("<attached: 00000009-PHOTO-2024-01-13-10-00-00.jpg>") == .photo(MediaItem(name: "00000009-PHOTO-2024-01-13-10-00-00.jpg")))
        // Another language's marker is recognised when the folder has the file.
        #expect(try kind("<adjunto: 00000001-PHOTO-2024-01-13-10-00-00.jpg>", files: files)
            == .photo(MediaItem(file: "00000001-PHOTO-2024-01-13-10-00-00.jpg")))
        #expect(try kind("<bijgevoegd: 00000001-PHOTO-2024-01-13-10-00-00.jpg>", files: files)
            == .photo(MediaItem(file: "00000001-PHOTO-2024-01-13-10-00-00.jpg")))
    }

    @Test func androidAttachmentsAreLinkedWhenTheFolderHasThem() throws {
        let files: Set<String> = ["IMG-20241202-WA0001.jpg", "PTT-20241202-WA0002.opus", "VID-20241202-WA0003.mp4", "STK-20241202-WA0004.webp", "DOC-20241202-WA0005.pdf", "AUD-20241202-WA0006.mp3"]
        #expect(try kind("IMG-20241202-WA0001.jpg (file attached)", files: files) == .photo(MediaItem(file: "IMG-20241202-WA0001.jpg")))
        #expect(try kind("IMG-20241202-WA0001.jpg (file attached)\nOur garden\nin May", files: files)
            == .photo(MediaItem(file: "IMG-20241202-WA0001.jpg", caption: "Our garden\nin May")))
        #expect(try kind("PTT-20241202-WA0002.opus (file attached)", files: files) == .voice(MediaItem(file: "PTT-20241202-WA0002.opus")))
        #expect(try kind("VID-20241202-WA0003.mp4 (file attached)", files: files) == .video(MediaItem(file: "VID-20241202-WA0003.mp4")))
        #expect(try kind("STK-20241202-WA0004.webp (file attached)", files: files) == .sticker(MediaItem(file: "STK-20241202-WA0004.webp")))
        #expect(try kind("DOC-20241202-WA0005.pdf (file attached)", files: files) == .file(MediaItem(file: "DOC-20241202-WA0005.pdf")))
        #expect(try kind("AUD-20241202-WA0006.mp3 (file attached)", files: files) == .audio(MediaItem(file: "AUD-20241202-WA0006.mp3")))
        #expect(try kind("IMG-20241202-WA0009.jpg (file attached)") == .photo(MediaItem(name: "IMG-20241202-WA0009.jpg")))
        #expect(try kind("IMG-20241202-WA0001.jpg (Datei angehängt)", files: files) == .photo(MediaItem(file: "IMG-20241202-WA0001.jpg")))
        // Another language's words in brackets: only when the folder has the file.
        #expect(try kind("IMG-20241202-WA0001.jpg (fil vedhæftet)", files: files) == .photo(MediaItem(file: "IMG-20241202-WA0001.jpg")))
        #expect(try kind("see notes.txt (later)") == .text("see notes.txt (later)"))
    }

    @Test func omittedMediaKeepTheKindTheMarkerNames() throws {
        #expect(try kind("<Media omitted>") == .file(MediaItem()))
        #expect(try kind("<media omitted>") == .file(MediaItem()))
        #expect(try kind("\u{200E}image omitted") == .photo(MediaItem()))
        #expect(try kind("\u{200E}video omitted") == .video(MediaItem()))
        #expect(try kind("\u{200E}audio omitted") == .audio(MediaItem()))
        #expect(try kind("\u{200E}sticker omitted") == .sticker(MediaItem()))
        #expect(try kind("\u{200E}GIF omitted") == .video(MediaItem()))
        #expect(try kind("\u{200E}Report.pdf • \u{200E}3 pages \u{200E}document omitted") == .file(MediaItem(name: "Report.pdf")))
        // Only the whole text is a marker.
        #expect(try kind("why was the document omitted") == .text("why was the document omitted"))
        #expect(try kind("it said <Media omitted> again") == .text("it said <Media omitted> again"))
    }

    // MARK: - Deleted and edited

    @Test func deletedMessagesKeepTheirText() throws {
        for text in ["This message was deleted", "This message was deleted.", "You deleted this message.", "\u{200E}You deleted this message."] {
            let message = try WhatsAppText.message("[13/01/24, 10:00:00] Ann: " + text)
            #expect(message.deleted)
            #expect(message.kind == .text(text.replacingOccurrences(of: "\u{200E}", with: "")))
        }
        #expect(try !WhatsAppText.message("[13/01/24, 10:00:00] Ann: This message was deleted, I think").deleted)
    }

    @Test func editedMessagesLoseTheMarkerAndAreMarkedEdited() throws {
        let message = try WhatsAppText.message("[13/01/24, 10:00:00] Ann: See you at 8 \u{200E}<This message was edited>")
        #expect(message.kind == .text("See you at 8"))
        #expect(message.edited == message.date)
        let multiline = try WhatsAppText.message("13/01/2024, 10:00 - Ann: *Plan*\nat 8 <This message was edited>")
        guard case .markdown(let markdown) = multiline.kind else {
            Issue.record("not markdown")
            return
        }
        #expect(CommonMarkRenderer().render(markdown, format: .markdown).html == "<p><strong>Plan</strong><br />\nat 8</p>\n")
        #expect(multiline.edited != nil)
        #expect(try WhatsAppText.message("13/01/2024, 10:00 - Ann: hi").edited == nil)
    }

    // MARK: - Polls, places

    @Test func pollsBecomePolls() throws {
        #expect(try kind("POLL:\nLunch?\nOPTION: Pizza (2 votes)\nOPTION: Sushi (1 vote)\nOPTION: Soup (0 votes)") == .poll(Poll(
            question: "Lunch?",
            options: [Poll.Option(text: "Pizza", votes: 2), Poll.Option(text: "Sushi", votes: 1), Poll.Option(text: "Soup", votes: 0)])))
        #expect(try kind("ENCUESTA:\n¿Comida?\nOPCIÓN: Pizza (2 votos)") == .poll(Poll(
            question: "¿Comida?", options: [Poll.Option(text: "Pizza", votes: 2)])))
        // Not a poll after all: kept as text.
        #expect(try kind("POLL:\nno options here") == .text("POLL:\nno options here"))
    }

    @Test func locationsWithCoordinatesBecomeLocations() throws {
        #expect(try kind("\u{200E}Location: https://maps.google.com/?q=52.520008,13.404954")
            == .location(Location(latitude: 52.520008, longitude: 13.404954)))
        #expect(try kind("location: https://maps.google.com/?q=-33.8688,151.2093")
            == .location(Location(latitude: -33.8688, longitude: 151.2093)))
        #expect(try kind("Café Central (Herrengasse 14, Wien): https://maps.google.com/maps?q=48.2104%2C16.3655&z=17")
            == .location(Location(latitude: 48.2104, longitude: 16.3655, name: "Café Central", address: "Herrengasse 14, Wien")))
        // No coordinates: a link with the place's name, or the link alone.
        #expect(try kind("Café Central (Herrengasse 14, Wien): https://foursquare.com/v/4b058804f964a520")
            == .linkPreview(LinkPreview(url: "https://foursquare.com/v/4b058804f964a520", title: "Café Central", description: "Herrengasse 14, Wien")))
        #expect(try kind("Location: https://maps.app.goo.gl/abc") == .linkPreview(LinkPreview(url: "https://maps.app.goo.gl/abc")))
        // Any other text with a map link stays text.
        #expect(try kind("meet here: https://maps.google.com/?q=1,2") == .text("meet here: https://maps.google.com/?q=1,2"))
    }

    // MARK: - Formatting

    @Test(arguments: [
        ("*bold*", "<strong>bold</strong>"),
        ("_italic_", "<em>italic</em>"),
        ("~strike~", "<del>strike</del>"),
        ("```mono```", "<code>mono</code>"),
        ("`code`", "<code>code</code>"),
        ("a *b* c", "a <strong>b</strong> c"),
        ("*_both_*", "<strong><em>both</em></strong>"),
        ("*bold*, then _italic_.", "<strong>bold</strong>, then <em>italic</em>."),
        ("*1 < 2*", "<strong>1 &lt; 2</strong>"),
        ("price: *5$*!", "price: <strong>5$</strong>!"),
        ("ünï *çödé*", "ünï <strong>çödé</strong>"),
        ("_a *b* ~c~_", "<em>a <strong>b</strong> <del>c</del></em>"),
        ("*one*\n_two_", "<strong>one</strong><br />\n<em>two</em>"),
    ])
    func whatsAppFormattingBecomesMarkdown(_ text: String, _ html: String) throws {
        guard case .markdown(let markdown) = try kind(text) else {
            Issue.record("\(text) is not markdown")
            return
        }
        #expect(CommonMarkRenderer().render(markdown, format: .markdown).html == "<p>" + html + "</p>\n")
    }

    @Test func monospaceOverLinesIsACodeBlock() throws {
        #expect(try kind("```line 1\n  line 2```") == .markdown("```\nline 1\n  line 2\n```\n"))
    }

    @Test(arguments: [
        "snake_case_name", "2*3*4", "* not bold *", "*not closed", "<insert text here>", "# not a heading",
        "https://example.com/_a_b_/c*d*", "file_name_v2.txt", "a**b", "mail me at a_b_c@example.com", "*\nbold*",
        "é*bold*",
    ])
    func otherTextStaysText(_ text: String) throws {
        #expect(try kind(text) == .text(text))
    }

    @Test func formattedTextRendersAsFormattingAndEverythingElseLiterally() throws {
        guard case .markdown(let markdown) = try kind("*Party* at <insert place here> ~today~ _8pm_ https://x.org/a_b_c") else {
            Issue.record("not markdown")
            return
        }
        let html = CommonMarkRenderer().render(markdown, format: .markdown).html
        #expect(html == "<p><strong>Party</strong> at &lt;insert place here&gt; <del>today</del> <em>8pm</em> <a href=\"https://x.org/a_b_c\">https://x.org/a_b_c</a></p>\n")
    }
}
