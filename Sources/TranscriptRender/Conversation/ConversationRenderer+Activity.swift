import TranscriptModel
import TranscriptSupport

extension ConversationRenderer {
    /// The values of the overview's charts and statistics (`overview.charts`).
    func activity(of frame: ConversationFrame) -> OverviewActivity {
        let dates = makeDateTexts(for: frame)
        let renderer = self
        let counts = ConversationActivity(
            messages: frame.messages, name: frame.name(of:), localSeconds: { renderer.makeDateTexts(for: frame).localSeconds },
            strings: strings)
        // Each month's first page: a bar links to it.
        var monthPages: [Int: String] = [:]
        for page in frame.plan.pages {
            let parts = page.file.dropLast(5).split(separator: "-")
            guard parts.count >= 2, let year = Int(parts[0]), let month = Int(parts[1]) else { continue }
            let number = year * 12 + month - 1
            if monthPages[number] == nil { monthPages[number] = page.file }
        }
        return ActivityCharts(
            activity: counts, monthPages: monthPages, dates: dates, locale: configuration.locale, timesOfDay: timesOfDay,
            firstDay: frame.firstDay, lastDay: frame.lastDay, strings: strings
        ).overview
    }
}
