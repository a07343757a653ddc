import Foundation
import TranscriptModel

/// The site's people pages: `people/index.html`, everyone with their message counts, and `people/<person>/index.html`
/// for each person, made from the conversations' `PersonPart`s.
package struct PeoplePages {
    /// A person the site lists: their id and name, whether they are listed without messages.
    package struct Listed: Sendable, Equatable {
        package var id: String
        package var name: String
        /// Whether the person is listed when no conversation has them (the config names them; a contacts
        /// file's cards are listed only when they wrote).
        package var listedWithoutMessages: Bool

        package init(id: String, name: String, listedWithoutMessages: Bool) {
            self.id = id
            self.name = name
            self.listedWithoutMessages = listedWithoutMessages
        }
    }

    let renderer: ConversationRenderer

    package init(renderer: ConversationRenderer) {
        self.renderer = renderer
    }

    /// How many photos, files and links of all their conversations a person's page shows (the newest).
    static let shown = 48

    /// The files of the people pages (paths relative to the site's root) for `people` (the config's, in its
    /// order) and the `parts` of every conversation; a person a part names but the config does not (a canonical
    /// export's `person`) is listed under the part's name.
    package func files(people: [Listed], parts: [PersonPart]) throws -> [(path: String, html: String)] {
        var listed = people
        var known = Set(people.map(\.id))
        for part in parts where known.insert(part.person).inserted {
            listed.append(Listed(id: part.person, name: part.name, listedWithoutMessages: false))
        }
        let byPerson = Dictionary(grouping: parts, by: \.person)
        let shownPeople = listed.filter { $0.listedWithoutMessages || byPerson[$0.id] != nil }
        guard !shownPeople.isEmpty else { return [] }
        let strings = renderer.strings
        let settings = renderer.configuration
        let dates = renderer.makeDateTexts()
        func site(_ title: String, root: String) -> SiteContext {
            SiteContext(
                siteTitle: settings.title, pageTitle: strings.text("pageTitle", ["page": title, "site": settings.title]),
                lang: settings.language, dir: settings.isRightToLeft ? "rtl" : "ltr", root: root, hasSearch: settings.hasSearch,
                noindex: settings.noindex)
        }
        var files: [(path: String, html: String)] = []
        var cards: [(card: PersonCard, count: Int)] = []
        for person in shownPeople {
            let own = (byPerson[person.id] ?? []).sorted {
                ($0.last ?? -.infinity, $0.url) > ($1.last ?? -.infinity, $1.url)
            }
            let count = own.reduce(0) { $0 + $1.messageCount }
            let apps = Array(Set(own.map(\.app).filter { !$0.isEmpty })).sorted()
            let summary = [strings.plural("messageCount", count: count), strings.plural("conversationCount", count: own.count)]
                + (apps.isEmpty ? [] : [apps.joined(separator: ", ")])
            cards.append((PersonCard(name: ShownText.cut(person.name), url: person.id + "/index.html", summary: summary.joined(separator: " · ")), count))
            let page = PersonPage(
                site: site(ShownText.cut(person.name), root: "../../"), name: ShownText.cut(person.name), summary: summary.joined(separator: " · "),
                conversations: own.map { part in
                    PersonConversation(
                        title: ShownText.cut(part.conversation), url: "../../" + part.url, app: part.app, kindLabel: part.kindLabel,
                        countText: strings.plural("messageCount", count: part.messageCount),
                        firstDate: part.first.map { dates.day(Timestamp(secondsSince1970: $0)) },
                        lastDate: part.last.map { dates.day(Timestamp(secondsSince1970: $0)) })
                },
                activity: activity(of: own, dates: dates),
                media: section(own, \.media, count: \.mediaCount, plural: "photoOrVideoCount"),
                files: section(own, \.files, count: \.fileCount, plural: "fileCount"),
                links: section(own, \.links, count: \.linkCount, plural: "linkCount"))
            files.append(("people/\(person.id)/index.html", try renderer.templates.render(page, template: "person")))
        }
        let ordered = cards.enumerated().sorted {
            $0.element.count != $1.element.count ? $0.element.count > $1.element.count : $0.offset < $1.offset
        }.map(\.element.card)
        let index = PeopleIndexPage(site: site(strings.text("people"), root: "../"), people: ordered)
        files.append(("people/index.html", try renderer.templates.render(index, template: "people")))
        return files
    }

    /// The person's activity over the months and years of all their conversations, with their statistics.
    private func activity(of parts: [PersonPart], dates: DateTexts) -> OverviewActivity? {
        var counts = ConversationActivity()
        for part in parts {
            for month in part.months { counts.months[month.month, default: 0] += month.count }
        }
        guard !counts.months.isEmpty else { return nil }
        let first = parts.compactMap(\.first).min().map { Timestamp(secondsSince1970: $0) }
        let last = parts.compactMap(\.last).max().map { Timestamp(secondsSince1970: $0) }
        let strings = renderer.strings
        let charts = ActivityCharts(
            activity: counts, monthPages: [:], dates: dates, locale: renderer.configuration.locale, timesOfDay: [],
            firstDay: first.map(dates.day), lastDay: last.map(dates.day), strings: strings)
        var statistics: [StatisticItem] = []
        if let first { statistics.append(StatisticItem(term: strings.text("firstMessage"), value: dates.day(first))) }
        if let last { statistics.append(StatisticItem(term: strings.text("lastMessage"), value: dates.day(last))) }
        return OverviewActivity(monthChart: charts.monthChart, yearChart: charts.yearChart, weekChart: nil, people: [], statistics: statistics)
    }

    /// One gallery section of the person's page: the newest entries of all the parts, and how many there are.
    private func section(
        _ parts: [PersonPart], _ entries: KeyPath<PersonPart, [PersonPart.DatedEntry]>, count: KeyPath<PersonPart, Int>, plural: String
    ) -> PersonGallery? {
        let total = parts.reduce(0) { $0 + $1[keyPath: count] }
        guard total > 0 else { return nil }
        let newest = parts.flatMap { $0[keyPath: entries] }.enumerated()
            .sorted { $0.element.seconds != $1.element.seconds ? $0.element.seconds > $1.element.seconds : $0.offset < $1.offset }
            .prefix(Self.shown).map(\.element.entry)
        let strings = renderer.strings
        return PersonGallery(
            countText: strings.plural(plural, count: total),
            newestText: newest.count < total ? strings.text("newestOf", ["shown": String(newest.count), "total": String(total)]) : nil,
            entries: newest)
    }
}
