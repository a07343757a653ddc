import Foundation
import Testing

@testable import TranscriptRender
@testable import TranscriptSite

/// A conversation's overview page: its charts drawn exactly, its statistics, its gallery links.
@Suite struct OverviewPageTests {
    static let messages = [
        #"{"id":"1","sender":"ann","date":"2024-01-05T10:00:00Z","text":"hi 👍 https://example.com/a and https://example.com/a again","reactions":[{"emoji":"👍","by":["me"]}]}"#,
        #"{"id":"2","sender":"me","date":"2024-01-06T10:30:00Z","text":"javascript:alert(1) www.example.org"}"#,
        #"{"id":"3","sender":"ann","date":"2024-03-01T22:00:00Z","type":"photo","photo":{"file":"beach.png","caption":"Beach"}}"#,
        #"{"id":"4","sender":"ann","date":"2024-03-02T08:00:00Z","type":"file","file":{"file":"doc.pdf","name":"Plan.pdf","size":2048}}"#,
        #"{"id":"5","date":"2024-03-02T09:00:00Z","type":"system","system":{"event":"join","text":"Ann joined"}}"#,
    ]

    /// Builds a site of one conversation and returns its folder in the output.
    static func build(_ messages: [String] = messages, config: String = "", name: String = #function) throws -> URL {
        let site = try TestSupport.makeSite(
            config: "title: Site\nme: me\ntimeZone: UTC\nlocale: en_GB\n" + config,
            conversations: ["c.json": TestSupport.conversation(id: "chat", title: "Chat", messages: messages)], name: name)
        _ = try SiteBuilder(options: BuildOptions(site: site)).build()
        return site.appendingPathComponent("public/c/chat")
    }

    static func between(_ text: String, _ start: String, _ end: String) -> String? {
        guard let from = text.range(of: start), let to = text.range(of: end, range: from.upperBound..<text.endIndex) else { return nil }
        return String(text[from.lowerBound..<to.upperBound])
    }

    @Test func theMonthChartIsDrawnExactly() throws {
        let page = try TestSupport.read(Self.build().appendingPathComponent("index.html"))
        #expect(Self.between(page, "<figure class=\"chart\">", "</figure>") == """
            <figure class="chart">
            <figcaption id="chart-months">Messages per month (the most: 3 messages, March 2024)</figcaption>
            <svg class="chart-months" width="48" height="120" viewBox="0 0 48 120" role="group" aria-labelledby="chart-months">
            <a href="2024-01.html" aria-label="January 2024: 2 messages"><rect class="chart-bar" x="1" y="33.4" width="10" height="66.6"><title>January 2024: 2 messages</title></rect></a>
            <a href="2024-03.html" aria-label="March 2024: 3 messages"><rect class="chart-bar" x="25" y="0" width="10" height="100"><title>March 2024: 3 messages</title></rect></a>
            <text class="chart-label" x="0" y="116">2024</text>
            </svg>
            </figure>
            """)
        // One calendar year: no chart per year.
        #expect(!page.contains("chart-years"))
    }

    @Test func theWeekdayChartThePeopleAndTheStatistics() throws {
        let page = try TestSupport.read(Self.build().appendingPathComponent("index.html"))
        #expect(page.contains(#"<svg class="chart-week" width="424" height="128" viewBox="0 0 424 128" role="img" aria-label="Messages by weekday and hour; the most on Friday, 10:00–11:00: 1 message">"#))
        // The week starts on Monday in en_GB: Friday is the fifth row. Every hour has a cell.
        #expect(page.contains(#"<rect class="heat heat-4" x="200" y="80" width="14" height="14"><title>Friday, 10:00–11:00: 1 message</title></rect>"#))
        #expect(page.contains(#"<rect class="heat heat-0" x="40" y="16" width="14" height="14"><title>Monday, 00:00–01:00: 0 messages</title></rect>"#))
        #expect(page.components(separatedBy: "<rect class=\"heat ").count - 1 == 7 * 24)
        #expect(page.contains(#"<text class="chart-label chart-label-end" x="34" y="27">Mon</text>"#))
        #expect(page.contains(#"<tr><th scope="row">Ann</th><td class="share-count">3</td><td class="share"><svg class="share-bar" viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true" focusable="false"><rect width="100" height="10"></rect></svg> 75 %</td></tr>"#))
        #expect(page.contains(#"<tr><th scope="row">Me</th><td class="share-count">1</td><td class="share"><svg class="share-bar" viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true" focusable="false"><rect width="33.3" height="10"></rect></svg> 25 %</td></tr>"#))
        let statistics = try #require(Self.between(page, "<ul class=\"conversation-stats\">", "</ul>"))
        #expect(statistics == """
            <ul class="conversation-stats">
            <li><span class="stat-term">First message</span> <span class="stat-value">5 Jan 2024</span></li>
            <li><span class="stat-term">Last message</span> <span class="stat-value">2 Mar 2024</span></li>
            <li><span class="stat-term">Busiest day</span> <span class="stat-value">2 Mar 2024 (2 messages)</span></li>
            <li><span class="stat-term">Photos</span> <span class="stat-value">1</span></li>
            <li><span class="stat-term">Files</span> <span class="stat-value">1</span></li>
            <li><span class="stat-term">Events</span> <span class="stat-value">1</span></li>
            <li><span class="stat-term">Web addresses</span> <span class="stat-value">3</span></li>
            <li><span class="stat-term">Reactions given most</span> <span class="stat-value">👍 1</span></li>
            <li><span class="stat-term">Emoji written most</span> <span class="stat-value">👍 1</span></li>
            </ul>
            """)
        #expect(page.contains("""
            <nav class="overview-gallery" aria-label="Media, files and links">
            <ul>
            <li><a href="media.html">Photos and videos</a> <span class="timeline-count">1</span></li>
            <li><a href="files.html">Files</a> <span class="timeline-count">1</span></li>
            <li><a href="links.html">Links</a> <span class="timeline-count">2</span></li>
            </ul>
            </nav>
            """))
        #expect(page.contains(#"<section class="timeline-year" id="year-2024">"#))
    }

    @Test func manyYearsGetAChartPerYearLinkingToTheirMonths() throws {
        let messages = (2019...2023).map { year in
            #"{"id":"\#(year)","sender":"ann","date":"\#(year)-06-01T10:00:00Z","text":"hello"}"#
        } + [#"{"id":"x","sender":"ann","date":"2023-07-01T10:00:00Z","text":"again"}"#]
        let page = try TestSupport.read(Self.build(messages).appendingPathComponent("index.html"))
        let chart = try #require(Self.between(page, "<svg class=\"chart-years\"", "</svg>"))
        #expect(chart.hasPrefix(#"<svg class="chart-years" width="180" height="120" viewBox="0 0 180 120" role="group" aria-labelledby="chart-years">"#))
        #expect(chart.contains(##"<a href="#year-2019" aria-label="2019: 1 message"><rect class="chart-bar" x="4" y="50" width="28" height="50"><title>2019: 1 message</title></rect></a>"##))
        #expect(chart.contains(##"<a href="#year-2023" aria-label="2023: 2 messages"><rect class="chart-bar" x="148" y="0" width="28" height="100"><title>2023: 2 messages</title></rect></a>"##))
        // Year labels under the month chart: one per year, at its January (the chart starts in June 2019).
        let months = try #require(Self.between(page, "<svg class=\"chart-months\"", "</svg>"))
        #expect(months.components(separatedBy: "<text ").count - 1 == 5)
        #expect(months.contains(#"<text class="chart-label" x="84" y="116">2020</text>"#))
    }

    @Test func aYearLabelMakesRoomForTheNextJanuary() throws {
        let page = try TestSupport.read(Self.build([
            #"{"id":"1","sender":"ann","date":"2019-12-05T10:00:00Z","text":"a"}"#,
            #"{"id":"2","sender":"ann","date":"2020-01-05T10:00:00Z","text":"b"}"#,
        ]).appendingPathComponent("index.html"))
        let months = try #require(Self.between(page, "<svg class=\"chart-months\"", "</svg>"))
        #expect(months.contains(#"<text class="chart-label" x="12" y="116">2020</text>"#))
        #expect(!months.contains(">2019</text>"))
    }

    @Test func overviewSettingsTurnChartsAndGalleryOff() throws {
        let folder = try Self.build(config: "overview: {charts: false, conversations: {chat: {gallery: false}}}\n")
        let page = try TestSupport.read(folder.appendingPathComponent("index.html"))
        #expect(!page.contains("overview-activity") && !page.contains("overview-gallery"))
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(files == ["2024-01.html", "2024-03.html", "feed.xml", "index.html"])
        let only = try Self.build(config: "overview: {gallery: false, conversations: {chat: {charts: true, gallery: true}}}\n", name: "only")
        #expect(FileManager.default.fileExists(atPath: only.appendingPathComponent("media.html").path))
    }

    @Test func theOverviewBlockIsCheckedLikeEveryOther() throws {
        let config = try ConfigurationLoader.parse("overview: {charts: false, conversations: {a: {gallery: false}}}", displayPath: "t.yml")
        #expect(config.overview == OverviewSettings(charts: false, gallery: true, conversations: ["a": .init(gallery: false)]))
        #expect(config.overview.charts(for: "a") == false && config.overview.gallery(for: "a") == false)
        #expect(config.overview.gallery(for: "b") == true)
        #expect(throws: (any Error).self) { try ConfigurationLoader.parse("overview: {chart: true}", displayPath: "t.yml") }
        #expect(throws: (any Error).self) { try ConfigurationLoader.parse("overview: {conversations: {a: {galery: true}}}", displayPath: "t.yml") }
    }
}
