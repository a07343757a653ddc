import Foundation
import Testing

@testable import TranscriptDisplay
@testable import TranscriptImport
@testable import TranscriptModel
@testable import TranscriptSite
@testable import TranscriptSupport

@Suite struct DisplaySettingsTests {
    func configuration(_ yaml: String) throws -> SiteConfiguration {
        try ConfigurationLoader.parse("me: me\n" + yaml, displayPath: "transcripts.yml")
    }

    func message(_ id: String, _ sender: String?, _ seconds: Double, _ kind: MessageKind = .text("x")) -> Message {
        Message(id: id, sender: sender, date: Timestamp(secondsSince1970: 1_714_721_400 + seconds), kind: kind)
    }

    @Test func defaultsAreMessageKitsInAAContrast() {
        let resolver = DisplayResolver(configuration: SiteConfiguration().displayConfiguration, conversationID: "c")
        let outgoing = resolver.display(for: message("1", "me", 0), outgoing: true)
        let incoming = resolver.display(for: message("2", "ann", 0), outgoing: false)
        #expect(outgoing.style == .bubble)
        #expect(outgoing.background == DisplayDefaults.outgoingBackground)
        #expect(outgoing.text.light.css == "#ffffff")
        #expect(incoming.background.light.css == "#e9e9eb")
        #expect(outgoing.footer.isEmpty)
        for display in [outgoing, incoming] {
            #expect(display.background.light.contrast(with: display.text.light) >= 4.5)
            #expect(display.background.dark.contrast(with: display.text.dark) >= 4.5)
        }
    }

    @Test func layersApplySiteThenDirectionThenConversationThenRules() throws {
        let config = try configuration(
            """
            display:
              style: bubbleTail
              background: "#111111"
              outgoing: {background: "#222222", tailStyle: pointedEdge}
            conversations:
              family:
                text: {light: "#333333", dark: "#444444"}
                incoming: {style: bubbleOutline, outline: "#555555"}
            rules:
              - match: {sender: bot}
                display: {style: none, footer: [time, status]}
              - match: {kind: [photo, video], direction: incoming}
                display: {maxBubbleWidth: 20rem, bubbleInset: 2px 4px}
            """)
        let family = DisplayResolver(configuration: config.displayConfiguration, conversationID: "family")
        let mine = family.display(for: message("1", "me", 0), outgoing: true)
        #expect(mine.background.light.css == "#222222")
        #expect(mine.text == DisplayColor(light: CSSColor("#333333")!, dark: CSSColor("#444444")!))
        #expect(mine.style == .bubbleTail(.bottomRight, .pointedEdge))
        let theirs = family.display(for: message("2", "ann", 0), outgoing: false)
        #expect(theirs.style == .bubbleOutline(DisplayColor(light: CSSColor("#555555")!)))
        #expect(theirs.background.light.css == "#111111")
        let bot = family.display(for: message("3", "bot", 0), outgoing: false)
        #expect(bot.style == .none)
        #expect(bot.footer == [.time, .status])
        let photo = family.display(for: message("4", "ann", 0, .photo(MediaItem())), outgoing: false)
        #expect(photo.layout.maxBubbleWidth.css == "20rem")
        #expect(photo.layout.bubbleInset.css == "2px 4px")
        let myPhoto = family.display(for: message("5", "me", 0, .photo(MediaItem())), outgoing: true)
        #expect(myPhoto.layout.maxBubbleWidth.css == "75%")
        let elsewhere = DisplayResolver(configuration: config.displayConfiguration, conversationID: "work").display(for: message("6", "ann", 0), outgoing: false)
        #expect(elsewhere.style == .bubbleTail(.bottomLeft, .curved))
    }

    @Test(arguments: [
        ("display: {colour: red}", "at display.colour: unknown key \"colour\""),
        ("display: {background: red}", "at display.background: \"red\" is not a colour"),
        ("display: {background: \"#12\"}", "is not a colour"),
        ("display: {style: bubbles}", "at display.style"),
        ("display: {tailCorner: middle}", "at display.tailCorner"),
        ("display: {avatarSize: 3em;}", "at display.avatarSize: \"3em;\" is not a length"),
        ("display: {bubbleInset: \"1px 2px 3px 4px 5px\"}", "is not an inset"),
        ("display: {outgoing: {outgoing: {}}}", "at display.outgoing.outgoing: unknown key"),
        ("rules: [{match: {kind: hologram}, display: {}}]", "\"hologram\" is not a message kind"),
        ("rules: [{match: {who: x}, display: {}}]", "at rules[0].match.who: unknown key"),
        ("display: {footer: [time, weather]}", "at display.footer[1]"),
    ])
    func badDisplaySettingsNameTheKey(yaml: String, expected: String) {
        do {
            _ = try configuration(yaml)
            Issue.record("expected an error for \(yaml)")
        } catch {
            let description = String(describing: error)
            #expect(description.hasPrefix("transcripts.yml: "), "\(description)")
            #expect(description.contains(expected), "\(description)")
        }
    }

    @Test func colorsAndLengthsAcceptOnlySafeForms() {
        #expect(CSSColor("#ABCDEF")?.css == "#abcdef")
        #expect(CSSColor("transparent")?.css == "transparent")
        for bad in ["red", "#12345", "#1234567890", "#ggg", "url(x)", "#fff;}body{", "expression(1)"] { #expect(CSSColor(bad) == nil) }
        #expect(CSSLength("32")?.css == "32px")
        #expect(CSSLength("1.5rem")?.css == "1.5rem")
        #expect(CSSLength("75%")?.css == "75%")
        for bad in ["-1px", "1e3px", "calc(1px)", "12pt", "1px;", ""] { #expect(CSSLength(bad) == nil) }
        #expect(CSSInsets("4px 8px")?.css == "4px 8px")
        #expect(CSSInsets("4px 8px 1px 2px 3px") == nil)
    }

    @Test func contrastFollowsWCAG() {
        #expect(abs(CSSColor("#000000")!.contrast(with: CSSColor("#ffffff")!) - 21) < 0.01)
        #expect(abs(CSSColor("#767676")!.contrast(with: CSSColor("#ffffff")!) - 4.54) < 0.01)
    }
}

@Suite struct GroupingTests {
    /// A group chat: ann, ann (1 min later), ann (10 min later), me, me, event, ann.
    func context(_ yaml: String = "") throws -> DisplayContext {
        let config = try ConfigurationLoader.parse("me: me\n" + yaml, displayPath: "t.yml")
        func message(_ id: String, _ sender: String?, _ minutes: Double, _ kind: MessageKind = .text("x")) -> Message {
            Message(id: id, sender: sender, date: Timestamp(secondsSince1970: 1_714_721_400 + minutes * 60), kind: kind)
        }
        let messages = [
            message("1", "ann", 0), message("2", "ann", 1), message("3", "ann", 11), message("4", "me", 12),
            message("5", "me", 13), message("6", nil, 14, .system(SystemEvent(text: "x"))), message("7", "ann", 15),
        ]
        return DisplayContext(conversation: Conversation(id: "c", title: "C", kind: .group, messages: messages), configuration: config.displayConfiguration)
    }

    func decisions(_ context: DisplayContext, _ decide: (Message, Int) -> Bool) -> [Bool] {
        context.conversation.messages.indices.map { decide(context.message(at: $0), $0) }
    }

    @Test func groupsAreOneSenderWithinTheInterval() throws {
        let context = try context()
        let delegate = DefaultDisplayDelegate()
        #expect(decisions(context) { delegate.isGroupedWithPrevious($0, at: $1, in: context) } == [false, true, false, false, true, false, false])
        #expect(decisions(context) { delegate.showsSenderName(for: $0, at: $1, in: context) } == [true, false, true, false, false, false, true])
        #expect(decisions(context) { delegate.showsAvatar(for: $0, at: $1, in: context) } == [false, true, true, false, false, false, true])
        let longer = try self.context("display: {groupInterval: 15m, avatarPosition: top}")
        #expect(decisions(longer) { delegate.isGroupedWithPrevious($0, at: $1, in: longer) } == [false, true, true, false, true, false, false])
        #expect(decisions(longer) { delegate.showsAvatar(for: $0, at: $1, in: longer) } == [true, false, false, false, false, false, true])
    }

    @Test func onlyTheLastBubbleOfAGroupHasATail() throws {
        let site = try TestSupport.makeSite(
            config: "me: me\ndisplay: {style: bubbleTail, tailStyle: pointedEdge}\n",
            conversations: [
                "c.json": TestSupport.conversation(messages: [
                    #"{"id": "1", "sender": "ann", "date": "2024-05-03T09:30:00Z", "text": "a"}"#,
                    #"{"id": "2", "sender": "ann", "date": "2024-05-03T09:31:00Z", "text": "b"}"#,
                    #"{"id": "3", "sender": "me", "date": "2024-05-03T09:32:00Z", "text": "c"}"#,
                ])
            ])
        _ = try SiteBuilder(options: BuildOptions(site: site)).build()
        let page = try TestSupport.conversationHTML(site.appendingPathComponent("public/c/chat"))
        // The bubble's classes after `bubble`: none for the first, whose style is the usual one without its tail.
        let bubbles = page.components(separatedBy: "<div class=\"bubble").dropFirst().map { $0.prefix { $0 != "\"" } }
        #expect(bubbles == ["", " style-bubbleTail tail-bottomLeft tail-pointedEdge", " style-bubbleTail tail-bottomRight tail-pointedEdge"])
        #expect(page.components(separatedBy: "<svg class=\"tail-shape\"").count == 3)
        #expect(page.contains("tail-space-left"))
    }

    @Test func footersAndCustomFooterTemplates() throws {
        let site = try TestSupport.makeSite(
            config: """
                me: me
                display: {footer: [time, status, edited, reactions]}
                rules:
                  - match: {sender: ann}
                    display: {footerTemplate: footers/ann}
                """,
            conversations: [
                "c.json": TestSupport.conversation(messages: [
                    #"{"id": "1", "sender": "me", "date": "2024-05-03T09:30:00Z", "text": "a", "status": "read", "edited": "2024-05-03T09:35:00Z", "reactions": [{"emoji": "👍", "by": ["ann"]}]}"#,
                    #"{"id": "2", "sender": "ann", "date": "2024-05-03T09:31:00Z", "text": "b"}"#,
                ])
            ],
            extra: ["Templates/footers/ann.mustache": "<p class=\"ann-footer\">{{senderName}} at {{timeText}}</p>\n"])
        _ = try SiteBuilder(options: BuildOptions(site: site)).build()
        let page = try TestSupport.conversationHTML(site.appendingPathComponent("public/c/chat"))
        // en_US writes U+202F (a narrow no-break space) before AM and PM.
        #expect(page.contains("<div class=\"message-footer\"><span class=\"footer-time\">Friday, May 3, 2024, 9:30\u{202F}AM</span> <span class=\"footer-status\">Read</span> <span class=\"footer-edited\">Edited May 3, 2024, 9:35\u{202F}AM</span> <span class=\"footer-reactions\">👍 Ann</span></div>"))
        #expect(page.contains("<p class=\"ann-footer\">Ann at 9:31\u{202F}AM</p>"))

        try TestSupport.write(["transcripts.yml": "display: {footerTemplate: footers/missing}\n"], in: site)
        #expect(throws: TranscriptsError.self) { try SiteBuilder(options: BuildOptions(site: site)).build() }
    }

    @Test func theListHasThePageFirstIncomingLookAndOtherRowsTheirOwn() throws {
        let site = try TestSupport.makeSite(
            config: """
                me: me
                rules:
                  - match: {sender: bo}
                    display: {background: "#fff3d6", showsAvatar: false}
                """,
            conversations: ["c.json": TestSupport.conversation(messages: [
                #"{"id": "1", "sender": "me", "date": "2024-05-03T09:29:00Z", "text": "mine"}"#,
                #"{"id": "2", "sender": "ann", "date": "2024-05-03T09:30:00Z", "text": "a"}"#,
                #"{"id": "3", "sender": "bo", "date": "2024-05-03T09:31:00Z", "text": "b"}"#,
                #"{"id": "4", "sender": "ann", "date": "2024-05-03T09:32:00Z", "text": "c"}"#,
            ])])
        _ = try SiteBuilder(options: BuildOptions(site: site)).build()
        let page = try TestSupport.conversationHTML(site.appendingPathComponent("public/c/chat"))
        let looks = { (pattern: String) in
            page.ranges(of: try! Regex(pattern)).map { String(page[$0]).split(separator: " ").filter { $0.hasPrefix("look-") } }
        }
        let list = looks(#"<ol class="transcript[^"]*""#)
        let rows = looks(#"<li class="message[^"]*""#)
        // Ann's look (the first incoming message's) is the list's; her rows leave it out, Bo's and the owner's name
        // theirs.
        #expect(list.count == 1 && list[0].count == 1)
        #expect(rows.map(\.count) == [1, 0, 1, 0])
        #expect(Set(rows.flatMap { $0 } + list[0]).count == 3)
        // The group's incoming rows keep room for avatars, as the list says; Bo's row keeps none and says so.
        #expect(page.contains(#"<ol class="transcript \#(list[0][0]) with-avatars">"#))
        let avatarClasses = page.ranges(of: try Regex(#"<li class="message[^"]*""#)).map {
            page[$0].split(separator: " ").filter { $0.contains("avatar") }.map { $0.trimmingCharacters(in: ["\""]) }
        }
        #expect(avatarClasses == [[], [], ["without-avatar"], []])
    }

    @Test func looksBecomeClassesWithTheirColours() throws {
        let site = try TestSupport.makeSite(
            config: "me: me\ndisplay:\n  incoming: {background: {light: \"#fafafa\", dark: \"#101010\"}, text: \"#123456\"}\n",
            conversations: ["c.json": TestSupport.conversation(messages: [#"{"id": "1", "sender": "ann", "date": "2024-05-03T09:30:00Z", "text": "a"}"#])])
        let summary = try SiteBuilder(options: BuildOptions(site: site)).build()
        let page = try TestSupport.conversationHTML(site.appendingPathComponent("public/c/chat"))
        let lookRange = try #require(page.range(of: #"look-[0-9a-f]{8}"#, options: .regularExpression))
        let lookClass = String(page[lookRange])
        // The classes are defined in the site's stylesheet, which pages link (no <style> in a page).
        let css = try TestSupport.read(site.appendingPathComponent("public/appearances.css"))
        #expect(page.contains(#"<link rel="stylesheet" href="../../appearances.css">"#) && !page.contains("<style"))
        #expect(css.contains(".\(lookClass) { --bubble-bg: #fafafa; --bubble-fg: #123456;"))
        #expect(css.contains(":root[data-theme=\"dark\"] .\(lookClass) { --bubble-bg: #101010; --bubble-fg: #123456; }"))
        #expect(summary.warnings.contains { $0.contains("text #123456 on #101010 has a contrast of") })
    }

    @Test func aDelegateOverridesOneDecision() throws {
        struct Bots: TranscriptDisplayDelegate {
            func backgroundColor(for message: Message, at index: Int, in context: DisplayContext) -> DisplayColor {
                message.sender == "bot" ? DisplayColor("#000000") : display(for: message, at: index, in: context).background
            }
            func messageStyle(for message: Message, at index: Int, in context: DisplayContext) -> MessageStyle {
                message.sender == "bot" ? .bubbleOutline(DisplayColor("#ff0000")) : .bubbleTail(.topLeft, .curved)
            }
        }
        let site = try TestSupport.makeSite(
            config: "me: me\n",
            conversations: ["c.json": TestSupport.conversation(messages: [
                #"{"id": "1", "sender": "bot", "date": "2024-05-03T09:30:00Z", "text": "beep"}"#,
                #"{"id": "2", "sender": "ann", "date": "2024-05-03T10:30:00Z", "text": "hi"}"#,
            ])])
        _ = try SiteBuilder(options: BuildOptions(site: site), delegate: Bots()).build()
        let page = try TestSupport.conversationHTML(site.appendingPathComponent("public/c/chat"))
        #expect(page.contains("<div class=\"bubble style-bubbleOutline\">"))
        #expect(page.contains("<div class=\"bubble style-bubbleTail tail-topLeft tail-curved\">"))
        let css = try TestSupport.read(site.appendingPathComponent("public/appearances.css"))
        #expect(css.contains("--bubble-bg: #000000; --bubble-fg: #1c1c1e; --bubble-line: #ff0000;"))
    }
}

@Suite struct PageDirectionAndHeaderTests {
    @Test func rightToLeftPagesMirrorTheTails() throws {
        let site = try TestSupport.makeSite(
            config: "me: me\nlocale: ar_EG\ndisplay: {style: bubbleTail}\n",
            conversations: ["c.json": TestSupport.conversation(messages: [
                #"{"id": "1", "sender": "me", "date": "2024-05-03T09:30:00Z", "text": "مرحبا"}"#,
                #"{"id": "2", "sender": "ann", "date": "2024-05-03T09:31:00Z", "text": "أهلا"}"#,
            ])])
        _ = try SiteBuilder(options: BuildOptions(site: site)).build()
        let page = try TestSupport.conversationHTML(site.appendingPathComponent("public/c/chat"))
        #expect(page.contains("<html lang=\"ar\" dir=\"rtl\" data-locale=\"ar-EG\">"))
        #expect(page.contains("<li class=\"message outgoing look-") && page.contains("tail-space-left\" id=\"m-1\">"))
        #expect(page.contains("<div class=\"bubble style-bubbleTail tail-bottomLeft tail-curved\"><svg"))
        #expect(page.contains("<div class=\"bubble style-bubbleTail tail-bottomRight tail-curved\">"))
    }

    @Test func aSiteCanReplaceTheDateHeader() throws {
        let site = try TestSupport.makeSite(
            conversations: ["c.json": TestSupport.conversation(messages: [#"{"id": "1", "sender": "ann", "date": "2024-05-03T09:30:00Z", "text": "a"}"#])],
            extra: ["Templates/partials/date-header.mustache": "<li class=\"day\"><h2>— {{text}} —</h2></li>\n"])
        _ = try SiteBuilder(options: BuildOptions(site: site)).build()
        let page = try TestSupport.conversationHTML(site.appendingPathComponent("public/c/chat"))
        #expect(page.contains("<li class=\"day\"><h2>— Friday, 3 May 2024, 11:30 —</h2></li>"))
    }
}
