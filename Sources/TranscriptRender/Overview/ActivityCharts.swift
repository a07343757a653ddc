import Foundation
import TranscriptModel

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

    /// The month chart's bar slot and the height of its bars at most.
    static let monthSlot = 12, monthBar = 10, barArea = 100, labelBand = 20
    /// Conversations over this many calendar years also get a chart per year.
    static let yearsForYearChart = 3

    var overview: OverviewActivity {
        OverviewActivity(
            monthChart: monthChart, yearChart: yearChart, weekChart: weekHourChart, people: people, statistics: statistics)
    }

    /// `3` → `3 messages`.
    static func messages(_ count: Int) -> String { count == 1 ? "1 message" : "\(count) messages" }

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
            return BarChart(width: "0", height: "0", caption: "No messages", bars: [], labels: [])
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
                height: Self.tenths(height), label: dates.month(year: year, month: month) + ": " + Self.messages(count),
                url: monthPages[number]))
        }
        // Januaries are a year apart; the first month's label goes when it would run into the next January's.
        if labels.count > 1, Int(labels[1].x)! - Int(labels[0].x)! < 36 { labels.removeFirst() }
        let busiest = activity.months.max { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }!
        return BarChart(
            width: String(max((last - first + 1) * Self.monthSlot, 48)), height: String(Self.barArea + Self.labelBand),
            caption: "Messages per month (the most: \(Self.messages(busiest.value)), \(dates.month(year: busiest.key / 12, month: busiest.key % 12 + 1)))",
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
                height: Self.tenths(height), label: "\(year): " + Self.messages(count), url: "#year-\(year)"))
        }
        return BarChart(
            width: String((last - first + 1) * slot), height: String(Self.barArea + Self.labelBand),
            caption: "Messages per year", bars: bars, labels: labels)
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
                let label = "\(day.full), \(timesOfDay[hour * 60])–\(timesOfDay[(hour + 1) % 24 * 60]): " + Self.messages(count)
                if count > busiest.count { busiest = (count, label) }
                cells.append(HeatCell(x: String(left + hour * step), y: String(top + row * step), level: level, label: label))
            }
        }
        let hourLabels = stride(from: 0, to: 24, by: 3).map {
            ChartLabel(x: String(left + $0 * step + cell / 2), y: "11", text: String($0))
        }
        return WeekHourChart(
            width: String(left + 24 * step), height: String(top + 7 * step), caption: "Messages by weekday and hour",
            summary: "Messages by weekday and hour; the most on " + busiest.label, cells: cells, dayLabels: dayLabels,
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

    /// The plural labels of kinds (`MessageDetails.label(for:)`), for the statistics.
    static let kindPlurals = [
        "Photo": "Photos", "Video": "Videos", "Audio": "Audio", "Voice message": "Voice messages", "File": "Files",
        "Sticker": "Stickers", "Location": "Locations", "Contact": "Contacts", "Poll": "Polls", "Link": "Link previews",
        "Event": "Events",
    ]

    var statistics: [StatisticItem] {
        var items: [StatisticItem] = []
        if let firstDay { items.append(StatisticItem(term: "First message", value: firstDay)) }
        if let lastDay { items.append(StatisticItem(term: "Last message", value: lastDay)) }
        if let busiest = activity.busiestDay {
            items.append(StatisticItem(term: "Busiest day", value: dates.day(busiest.date) + " (" + Self.messages(busiest.count) + ")"))
        }
        let order = ["Photo", "Video", "Voice message", "Audio", "File", "Sticker", "Link", "Location", "Contact", "Poll", "Event"]
        let kinds = activity.kinds.keys.sorted { a, b in
            let i = order.firstIndex(of: a) ?? order.count, j = order.firstIndex(of: b) ?? order.count
            return i != j ? i < j : a < b
        }
        for kind in kinds { items.append(StatisticItem(term: Self.kindPlurals[kind] ?? kind, value: String(activity.kinds[kind]!))) }
        if activity.links > 0 { items.append(StatisticItem(term: "Web addresses", value: String(activity.links))) }
        if !activity.reactions.isEmpty {
            items.append(StatisticItem(term: "Reactions given most", value: activity.reactions.map { "\($0.emoji) \($0.count)" }.joined(separator: " · ")))
        }
        if !activity.emoji.isEmpty {
            items.append(StatisticItem(term: "Emoji written most", value: activity.emoji.map { "\($0.emoji) \($0.count)" }.joined(separator: " · ")))
        }
        return items
    }
}
