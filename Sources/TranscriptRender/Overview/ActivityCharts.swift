import Foundation
import TranscriptModel
import TranscriptTemplates

/// Turns a conversation's counts into the values of its overview's charts and statistics (`OverviewActivity`).
/// All sizes are whole units or tenths, so the same counts always give the same bytes.
struct ActivityCharts {
    let activity: ConversationActivity
    /// The first page of each month that has one (by month number), relative to the overview page.
    let monthPages: [Int: String]
    let dates: DateTexts
    let locale: Locale
    /// Every minute's time of day in the site's locale.
    let timesOfDay: [String]
    let firstDay: String?
    let lastDay: String?
    /// The words the charts and statistics show.
    var strings: StringTable = StringTables.english

    /// The month chart's bar slot and the height of its bars at most.
    static let monthSlot = 12, monthBar = 10, barArea = 100, labelBand = 20
    /// Conversations over this many calendar years also get a chart per year.
    static let yearsForYearChart = 3

    var overview: OverviewActivity {
        OverviewActivity(
            monthChart: monthChart, yearChart: yearChart, weekChart: weekHourChart, people: people, statistics: statistics)
    }

    /// `3` → `3 messages`.
    func messages(_ count: Int) -> String { strings.plural("messageCount", count: count) }

    /// Tenths as text: 523 → `52.3`, 520 → `52`.
    static func tenths(_ value: Int) -> String {
        value % 10 == 0 ? String(value / 10) : "\(value / 10).\(value % 10)"
    }

    /// The height of a bar for `count` of `maximum`, in tenths of a unit (at least one unit, when not 0).
    static func barHeight(_ count: Int, of maximum: Int) -> Int {
        count == 0 ? 0 : max(10, count * barArea * 10 / max(maximum, 1))
    }

    var monthChart: BarChart {
        let numbers = activity.months.keys
        guard let first = numbers.min(), let last = numbers.max() else {
            return BarChart(width: "0", height: "0", caption: strings.text("noMessages"), bars: [], labels: [])
        }
        let maximum = activity.months.values.max() ?? 1
        var bars: [ChartBar] = []
        var labels: [ChartLabel] = []
        for number in first...last {
            let slot = number - first
            let year = number / 12, month = number % 12 + 1
            if month == 1 || number == first {
                labels.append(ChartLabel(x: String(slot * Self.monthSlot), y: String(Self.barArea + 16), text: String(year)))
            }
            let count = activity.months[number] ?? 0
            guard count > 0 else { continue }
            let height = Self.barHeight(count, of: maximum)
            bars.append(ChartBar(
                x: String(slot * Self.monthSlot + 1), y: Self.tenths(Self.barArea * 10 - height), width: String(Self.monthBar),
                height: Self.tenths(height), label: strings.text("cellLabel", ["when": dates.month(year: year, month: month), "messages": messages(count)]),
                url: monthPages[number]))
        }
        // Januaries are a year apart; the first month's label goes when it would run into the next January's.
        if labels.count > 1, Int(labels[1].x)! - Int(labels[0].x)! < 36 { labels.removeFirst() }
        let busiest = activity.months.max { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }!
        return BarChart(
            width: String(max((last - first + 1) * Self.monthSlot, 48)), height: String(Self.barArea + Self.labelBand),
            caption: strings.text("messagesPerMonth", [
                "messages": messages(busiest.value), "month": dates.month(year: busiest.key / 12, month: busiest.key % 12 + 1),
            ]),
            bars: bars, labels: labels)
    }

    var yearChart: BarChart? {
        var perYear: [Int: Int] = [:]
        for (number, count) in activity.months { perYear[number / 12, default: 0] += count }
        guard let first = perYear.keys.min(), let last = perYear.keys.max(), last - first + 1 >= Self.yearsForYearChart else { return nil }
        let maximum = perYear.values.max() ?? 1
        let slot = 36, bar = 28
        var bars: [ChartBar] = []
        var labels: [ChartLabel] = []
        for year in first...last {
            let index = year - first
            labels.append(ChartLabel(x: String(index * slot + slot / 2), y: String(Self.barArea + 16), text: String(year)))
            let count = perYear[year] ?? 0
            guard count > 0 else { continue }
            let height = Self.barHeight(count, of: maximum)
            bars.append(ChartBar(
                x: String(index * slot + (slot - bar) / 2), y: Self.tenths(Self.barArea * 10 - height), width: String(bar),
                height: Self.tenths(height), label: strings.text("yearBar", ["year": String(year), "messages": messages(count)]), url: "#year-\(year)"))
        }
        return BarChart(
            width: String((last - first + 1) * slot), height: String(Self.barArea + Self.labelBand),
            caption: strings.text("messagesPerYear"), bars: bars, labels: labels)
    }

    /// The weekdays in the locale's order (its first day of the week first): (index from Monday, short name,
    /// full name).
    var weekdays: [(index: Int, short: String, full: String)] {
        let formatter = DateFormatter()
        formatter.locale = locale
        formatter.calendar = Calendar(identifier: .gregorian)
        let short = formatter.shortStandaloneWeekdaySymbols ?? ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let full = formatter.standaloneWeekdaySymbols ?? ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = locale
        let firstFromSunday = calendar.firstWeekday - 1  // 0 is Sunday
        return (0..<7).map { offset in
            let fromSunday = (firstFromSunday + offset) % 7
            return ((fromSunday + 6) % 7, short[fromSunday], full[fromSunday])
        }
    }

    var weekHourChart: WeekHourChart? {
        let maximum = activity.weekHours.joined().max() ?? 0
        guard maximum > 0 else { return nil }
        let left = 40, top = 16, cell = 14, step = 16
        var cells: [HeatCell] = []
        var dayLabels: [ChartLabel] = []
        var busiest = (count: 0, label: "")
        for (row, day) in weekdays.enumerated() {
            dayLabels.append(ChartLabel(x: String(left - 6), y: String(top + row * step + 11), text: day.short))
            for hour in 0..<24 {
                let count = activity.weekHours[day.index][hour]
                let level = count == 0 ? 0 : min(4, 1 + (count * 4 - 1) / maximum)
                let when = strings.text(
                    "weekdayHour", ["day": day.full, "from": timesOfDay[hour * 60], "to": timesOfDay[(hour + 1) % 24 * 60]])
                let label = strings.text("cellLabel", ["when": when, "messages": messages(count)])
                if count > busiest.count { busiest = (count, label) }
                cells.append(HeatCell(x: String(left + hour * step), y: String(top + row * step), level: level, label: label))
            }
        }
        let hourLabels = stride(from: 0, to: 24, by: 3).map {
            ChartLabel(x: String(left + $0 * step + cell / 2), y: "11", text: String($0))
        }
        return WeekHourChart(
            width: String(left + 24 * step), height: String(top + 7 * step), caption: strings.text("messagesByWeekday"),
            summary: strings.text("messagesByWeekdaySummary", ["when": busiest.label]), cells: cells, dayLabels: dayLabels,
            hourLabels: hourLabels)
    }

    var people: [PersonShare] {
        let total = activity.people.reduce(0) { $0 + $1.count }
        guard total > 0, let top = activity.people.first?.count else { return [] }
        return activity.people.map { person in
            PersonShare(
                name: person.name, count: String(person.count), percent: Self.tenths(person.count * 1000 / total),
                bar: Self.tenths(person.count * 1000 / top))
        }
    }

    /// The keys of the kinds' labels (`MessageDetails.label(for:strings:)`) and of their plurals, for the
    /// statistics, in the order they are listed.
    static let kindPlurals = [
        ("kindPhoto", "statPhotos"), ("kindVideo", "statVideos"), ("kindVoice", "statVoice"), ("kindAudio", "statAudio"),
        ("kindFile", "statFiles"), ("kindSticker", "statStickers"), ("kindLink", "statLinks"),
        ("kindLocation", "statLocations"), ("kindContact", "statContacts"), ("kindPoll", "statPolls"),
        ("kindEvent", "statEvents"),
    ]

    var statistics: [StatisticItem] {
        var items: [StatisticItem] = []
        if let firstDay { items.append(StatisticItem(term: strings.text("firstMessage"), value: firstDay)) }
        if let lastDay { items.append(StatisticItem(term: strings.text("lastMessage"), value: lastDay)) }
        if let busiest = activity.busiestDay {
            items.append(StatisticItem(
                term: strings.text("busiestDay"),
                value: strings.text("busiestDayValue", ["day": dates.day(busiest.date), "messages": messages(busiest.count)])))
        }
        let order = Self.kindPlurals.map { strings.text($0.0) }
        let plurals = Dictionary(Self.kindPlurals.map { (strings.text($0.0), strings.text($0.1)) }) { first, _ in first }
        let kinds = activity.kinds.keys.sorted { a, b in
            let i = order.firstIndex(of: a) ?? order.count, j = order.firstIndex(of: b) ?? order.count
            return i != j ? i < j : a < b
        }
        for kind in kinds { items.append(StatisticItem(term: plurals[kind] ?? kind, value: String(activity.kinds[kind]!))) }
        if activity.links > 0 { items.append(StatisticItem(term: strings.text("webAddresses"), value: String(activity.links))) }
        if !activity.reactions.isEmpty {
            items.append(StatisticItem(term: strings.text("reactionsGivenMost"), value: activity.reactions.map { "\($0.emoji) \($0.count)" }.joined(separator: " · ")))
        }
        if !activity.emoji.isEmpty {
            items.append(StatisticItem(term: strings.text("emojiWrittenMost"), value: activity.emoji.map { "\($0.emoji) \($0.count)" }.joined(separator: " · ")))
        }
        return items
    }
}
