import Foundation
import Testing

@testable import TranscriptModel
@testable import TranscriptRender
@testable import TranscriptSite

/// Sites built in other languages: `locale:` picks the strings table, the site's `Templates/strings/` file
/// changes some of its words, and what is missing comes from English with a warning (`--strict` fails).
@Suite struct LocalizedBuildTests {
    static let chat = TestSupport.conversation(
        id: "chat", title: "Chat",
        messages: [
            #"{"id": "1", "sender": "ann", "date": "2024-05-03T09:30:00+02:00", "text": "Hallo", "edited": "2024-05-03T09:40:00+02:00", "forwardedFrom": "Bo", "reactions": [{"emoji": "👍", "by": ["me", "ann"]}]}"#,
            #"{"id": "2", "sender": "me", "date": "2024-05-03T09:31:00+02:00", "text": "ok", "replyTo": "999", "status": "read"}"#,
            #"{"id": "3", "sender": "ann", "date": "2024-05-03T09:32:00+02:00", "type": "poll", "poll": {"question": "?", "options": [{"text": "A", "votes": 2}, {"text": "B", "votes": 1}], "closed": true}}"#,
            #"{"id": "4", "sender": "ann", "date": "2024-05-04T10:00:00+02:00", "type": "voice", "voice": {"duration": 4}}"#,
        ])

    func build(locale: String, extra: [String: String] = [:], strict: Bool = false, name: String = #function) throws -> (URL, BuildSummary) {
        let site = try TestSupport.makeSite(
            config: "title: Archiv\nme: me\ntimeZone: Europe/Berlin\nlocale: \(locale)\n", conversations: ["chat.json": Self.chat],
            extra: extra, name: name)
        var summary = try SiteBuilder(options: BuildOptions(site: site, strict: strict)).build()
        // The reply to a message not in the export is warned about too; these tests look at the others.
        summary.warnings.removeAll { $0.hasSuffix("1 reply points to messages not in the export") }
        return (site.appendingPathComponent("public"), summary)
    }

    /// The page's text lines that hold one of `needles`, tags removed.
    func lines(_ html: String, containing needles: [String]) -> [String] {
        html.split(separator: "\n").map(String.init).filter { line in needles.contains { line.contains($0) } }
    }

    @Test func aGermanSite() throws {
        let (output, summary) = try build(locale: "de_DE")
        #expect(summary.warnings.isEmpty)
        let page = try TestSupport.conversationHTML(output.appendingPathComponent("c/chat"))
        let overviewPage = try TestSupport.read(output.appendingPathComponent("c/chat/index.html"))
        #expect(page.contains(#"<html lang="de" dir="ltr" data-locale="de-DE">"#))
        #expect(overviewPage.contains(#"<p class="conversation-meta">Gruppenchat · 4 Nachrichten · 03.05.2024 – 04.05.2024</p>"#))
        #expect(overviewPage.contains(#"<p class="conversation-people">Me und Ann</p>"#))
        // A month page says what kind of chat it is and who is in it; the totals are the overview's.
        #expect(page.contains(#"<p class="conversation-meta">Gruppenchat · Me und Ann</p>"#))
        #expect(page.contains(#"<li class="date-header"><h2><time datetime="2024-05-03T09:30:00+02:00">Freitag, 3. Mai 2024, 09:30</time></h2></li>"#))
        #expect(page.contains(#"<p class="forwarded">Weitergeleitet von Bo</p>"#))
        #expect(page.contains(#"<span class="edited" title="Bearbeitet am 03.05.2024, 09:40">bearbeitet<span class="sr-only"> 03.05.2024, 09:40</span></span>"#))
        #expect(page.contains(#"<span class="sr-only"> von Me und Ann</span>"#))
        #expect(page.contains(#"<p class="reply reply-missing">↩ Eine Nachricht, die nicht in diesem Export ist</p>"#))
        #expect(page.contains(#"<span class="sr-only">Gelesen</span>"#))
        #expect(page.contains(#"<p class="poll-total">3 Stimmen · beendet</p>"#))
        #expect(page.contains(#"</svg></span> Sprachnachricht · 0:04</p>"#))
        #expect(page.contains(#"placeholder="In dieser Unterhaltung suchen""#))
        let overview = try TestSupport.read(output.appendingPathComponent("c/chat/index.html"))
        #expect(overview.contains(#"<h2 id="activity-heading">Aktivität</h2>"#))
        #expect(overview.contains(#"<figcaption id="chart-months">Nachrichten pro Monat (die meisten: 4 Nachrichten, Mai 2024)</figcaption>"#))
        #expect(overview.contains(#"<li><span class="stat-term">Aktivster Tag</span> <span class="stat-value">03.05.2024 (3 Nachrichten)</span></li>"#))
        #expect(overview.contains(#"<li><span class="stat-term">Sprachnachrichten</span> <span class="stat-value">1</span></li>"#))
    }

    @Test func aFrenchSiteCountsZeroAndOneAlike() throws {
        let (output, summary) = try build(locale: "fr_FR")
        #expect(summary.warnings.isEmpty)
        let page = try TestSupport.conversationHTML(output.appendingPathComponent("c/chat"))
        let overviewPage = try TestSupport.read(output.appendingPathComponent("c/chat/index.html"))
        #expect(page.contains(#"<html lang="fr" dir="ltr" data-locale="fr-FR">"#))
        #expect(overviewPage.contains(#"<p class="conversation-meta">Groupe · 4 messages · 3 mai 2024 – 4 mai 2024</p>"#))
        #expect(page.contains(#"<span class="poll-votes">1 vote</span>"#))
        #expect(page.contains(#"<span class="poll-votes">2 votes</span>"#))
        #expect(page.contains(#"<li class="date-header"><h2><time datetime="2024-05-04T10:00:00+02:00">samedi 4 mai 2024, 10:00</time></h2></li>"#))
        let search = try TestSupport.read(output.appendingPathComponent("search.html"))
        #expect(search.contains("<title>Rechercher · Archiv</title>"))
        #expect(search.contains(#"<option value="newest">les plus récents d’abord</option>"#))
    }

    @Test func anArabicSiteIsRightToLeft() throws {
        let (output, summary) = try build(locale: "ar")
        #expect(summary.warnings.isEmpty)
        let page = try TestSupport.conversationHTML(output.appendingPathComponent("c/chat"))
        let overviewPage = try TestSupport.read(output.appendingPathComponent("c/chat/index.html"))
        #expect(page.contains(#"<html lang="ar" dir="rtl" data-locale="ar">"#))
        #expect(overviewPage.contains(#"<p class="conversation-meta">محادثة جماعية · 4 رسائل · "#))
        #expect(overviewPage.contains(#"<p class="conversation-people">Me وAnn</p>"#))
        #expect(page.contains(#"<p class="forwarded">معاد توجيهها من Bo</p>"#))
        #expect(page.contains(#"<span class="poll-votes">صوتان</span>"#))
        #expect(page.contains(#"<span class="poll-votes">صوت واحد</span>"#))
        #expect(page.contains(#"<p class="poll-total">3 أصوات · مغلق</p>"#))
        // The owner's messages are on the left: their tail is at the bottom left.
        #expect(page.contains(#"<li class="message outgoing look-"#))
        let index = try TestSupport.read(output.appendingPathComponent("index.html"))
        #expect(index.contains(##"<a class="skip-link" href="#main">انتقل إلى المحتوى</a>"##))
    }

    @Test func aJapaneseSiteHasOneFormForEveryCount() throws {
        let (output, summary) = try build(locale: "ja_JP")
        #expect(summary.warnings.isEmpty)
        let page = try TestSupport.conversationHTML(output.appendingPathComponent("c/chat"))
        let overviewPage = try TestSupport.read(output.appendingPathComponent("c/chat/index.html"))
        #expect(page.contains(#"<html lang="ja" dir="ltr" data-locale="ja-JP">"#))
        #expect(overviewPage.contains(#"<p class="conversation-meta">グループチャット · 4 件のメッセージ · 2024/05/03 – 2024/05/04</p>"#))
        #expect(page.contains(#"<span class="poll-votes">1 票</span>"#))
        #expect(page.contains(#"<p class="forwarded">Bo から転送</p>"#))
        #expect(page.contains(#"<time datetime="2024-05-04T10:00:00+02:00">2024年5月4日 土曜日 10:00</time>"#))
    }

    @Test func theSitesStringsFileChangesSomeWords() throws {
        let (output, summary) = try build(locale: "en_GB", extra: [
            "Templates/strings/en.yml": "messageCount:\n  one: \"{count} note\"\n  other: \"{count} notes\"\nallMonths: Every month\n",
        ])
        #expect(summary.warnings.isEmpty)
        let page = try TestSupport.conversationHTML(output.appendingPathComponent("c/chat"))
        let overviewPage = try TestSupport.read(output.appendingPathComponent("c/chat/index.html"))
        #expect(overviewPage.contains(#"<p class="conversation-meta">Group chat · 4 notes · 3 May 2024 – 4 May 2024</p>"#))
        #expect(page.contains(#"">Every month</a>"#))
        // The strings file is not an asset: it is not copied to the site.
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("strings/en.yml").path))
    }

    @Test func missingWordsComeFromEnglishWithAWarningAndStrictFails() throws {
        let extra = ["Templates/strings/nl.yml": "search: Zoeken\nserch: Zoek\n"]
        let (output, summary) = try build(locale: "nl_NL", extra: extra)
        #expect(summary.warnings.count == 2)
        #expect(summary.warnings.contains { $0.hasSuffix("Templates/strings/nl.yml: unknown key \"serch\" (the keys are those of the built-in strings/en.yml)") })
        #expect(summary.warnings.contains { $0.contains("Templates/strings/nl.yml: no text for \"activity\"") })
        let index = try TestSupport.read(output.appendingPathComponent("index.html"))
        #expect(index.contains(#"<button type="submit">Zoeken</button>"#))
        #expect(index.contains(##"<a class="skip-link" href="#main">Skip to content</a>"##))
        #expect(throws: (any Error).self) { try build(locale: "nl_NL", extra: extra, strict: true) }
    }

    @Test func aLanguageWithNoTableIsEnglishWithAWarning() throws {
        let (_, summary) = try build(locale: "sv_SE")
        #expect(summary.warnings == [
            "there are no strings for the language \"sv\" (built in: ar, de, en, es, fr, it, ja, pt); the pages are in English. "
                + "Add Templates/strings/sv.yml to translate them",
        ])
    }

    // MARK: Events an importer described

    static let events = TestSupport.conversation(
        id: "events", title: "Trip",
        messages: [
            #"{"id": "1", "sender": "ann", "date": "2024-05-03T09:30:00+02:00", "text": "Hallo"}"#,
            #"{"id": "2", "sender": "ann", "date": "2024-05-03T09:31:00+02:00", "type": "system", "system": {"event": "join", "text": "Ann added Bo and Dana", "actor": "ann", "subjects": ["bo", "Dana"]}}"#,
            #"{"id": "3", "sender": "ann", "date": "2024-05-03T09:32:00+02:00", "type": "system", "system": {"event": "rename", "text": "Ann changed the group name to “Trip <3”", "actor": "ann", "title": "Trip <3"}}"#,
            #"{"id": "4", "sender": "bo", "date": "2024-05-03T09:33:00+02:00", "type": "system", "system": {"event": "leave", "text": "Bo left", "actor": "bo"}}"#,
            #"{"id": "5", "date": "2024-05-03T09:34:00+02:00", "type": "system", "system": {"event": "other", "text": "Messages are end-to-end encrypted"}}"#,
        ],
        participants: #"[{"id":"me","name":"Me"},{"id":"ann","name":"Ann"},{"id":"bo","name":"Bo"}]"#)

    /// The text of each event line of the events conversation built with `config`.
    func eventLines(locale: String, config: String = "", name: String = #function) throws -> [String] {
        let site = try TestSupport.makeSite(
            config: "title: Archiv\nme: me\ntimeZone: Europe/Berlin\nlocale: \(locale)\n" + config,
            conversations: ["events.json": Self.events], name: name)
        let summary = try SiteBuilder(options: BuildOptions(site: site)).build()
        #expect(summary.warnings.isEmpty)
        let page = try TestSupport.conversationHTML(try TestSupport.onlyConversationFolder(of: site))
        return page.matches(of: /<div class="event-text" dir="auto">(.*?)<\/div>/.dotMatchesNewlines())
            .map { $0.output.1.trimmingCharacters(in: .whitespacesAndNewlines) }
    }

    @Test func aGermanSiteWordsTheEventsItsImportersDescribed() throws {
        let lines = try eventLines(locale: "de_DE")
        #expect(lines == [
            "Ann hat Bo und Dana hinzugefügt",
            "Ann hat die Unterhaltung in „Trip &lt;3“ umbenannt",
            "Bo hat die Unterhaltung verlassen",
            "<p>Messages are end-to-end encrypted</p>",
        ])
    }

    @Test func aJapaneseSiteWordsThemInJapanese() throws {
        let lines = try eventLines(locale: "ja")
        #expect(lines == [
            "Ann が Bo、Dana を追加しました",
            "Ann がトークの名前を「Trip &lt;3」に変更しました",
            "Bo が退出しました",
            "<p>Messages are end-to-end encrypted</p>",
        ])
    }

    @Test func anEnglishSiteKeepsTheImportersOwnLabels() throws {
        let lines = try eventLines(locale: "en_GB")
        #expect(lines == [
            "<p>Ann added Bo and Dana</p>",
            "<p>Ann changed the group name to “Trip &lt;3”</p>",
            "<p>Bo left</p>",
            "<p>Messages are end-to-end encrypted</p>",
        ])
    }

    @Test func pseudonymsNameThePeopleOfAnEvent() throws {
        #expect(try eventLines(locale: "de", config: "privacy:\n  pseudonymize: true\n").prefix(3) == [
            "Person 1 hat Person 2 und Dana hinzugefügt",
            "Person 1 hat die Unterhaltung in „Trip &lt;3“ umbenannt",
            "Person 2 hat die Unterhaltung verlassen",
        ])
        // An excluded person is never named: the cleaned English label is shown instead.
        let excluded = try eventLines(locale: "de", config: "privacy:\n  exclude: [Bo]\n")
        #expect(!excluded.joined().contains("Bo"))
    }
}
