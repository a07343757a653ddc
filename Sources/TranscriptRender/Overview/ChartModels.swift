import TranscriptTemplates

/// The values the `partials/activity` template draws charts with: positions and sizes in the SVG's units, as
/// text (tenths at most, so that the same counts give the same bytes), and what each part says in words.

/// A bar of a bar chart; with a `url`, the bar is a link.
public struct ChartBar: Sendable, TemplateModel {
    public var x: String
    public var y: String
    public var width: String
    public var height: String
    /// What the bar stands for, in words (its `<title>` and, as a link, its name).
    public var label: String
    public var url: String?

    public enum TemplateKey: String, CaseIterable, Sendable {
        case x, y, width, height, label, url
    }

    public static let templateKeyIndex = TemplateKeyIndex<TemplateKey>()

    public func templateValue(_ key: TemplateKey) -> TemplateValue? {
        switch key {
        case .x: .text(x)
        case .y: .text(y)
        case .width: .text(width)
        case .height: .text(height)
        case .label: .text(label)
        case .url: url.templateValue
        }
    }
}

/// A text placed in a chart (an axis label).
public struct ChartLabel: Sendable, TemplateModel {
    public var x: String
    public var y: String
    public var text: String

    public enum TemplateKey: String, CaseIterable, Sendable {
        case x, y, text
    }

    public static let templateKeyIndex = TemplateKeyIndex<TemplateKey>()

    public func templateValue(_ key: TemplateKey) -> TemplateValue? {
        switch key {
        case .x: .text(x)
        case .y: .text(y)
        case .text: .text(text)
        }
    }
}

/// A bar chart: messages per month or per year.
public struct BarChart: Sendable, TemplateModel {
    /// The SVG's size in its own units (it is drawn at that size, smaller on narrow screens).
    public var width: String
    public var height: String
    /// A sentence above the chart (its caption and the SVG's name).
    public var caption: String
    public var bars: [ChartBar]
    public var labels: [ChartLabel]

    public enum TemplateKey: String, CaseIterable, Sendable {
        case width, height, caption, bars, labels
    }

    public static let templateKeyIndex = TemplateKeyIndex<TemplateKey>()

    public func templateValue(_ key: TemplateKey) -> TemplateValue? {
        switch key {
        case .width: .text(width)
        case .height: .text(height)
        case .caption: .text(caption)
        case .bars: .models(bars)
        case .labels: .models(labels)
        }
    }
}

/// A cell of the weekday-by-hour chart: `level` 0 (no messages) to 4 (the most).
public struct HeatCell: Sendable, TemplateModel {
    public var x: String
    public var y: String
    public var level: Int
    public var label: String

    public enum TemplateKey: String, CaseIterable, Sendable {
        case x, y, level, label
    }

    public static let templateKeyIndex = TemplateKeyIndex<TemplateKey>()

    public func templateValue(_ key: TemplateKey) -> TemplateValue? {
        switch key {
        case .x: .text(x)
        case .y: .text(y)
        case .level: .text(String(level))
        case .label: .text(label)
        }
    }
}

/// Messages by weekday and hour: a grid of cells, darker for more.
public struct WeekHourChart: Sendable, TemplateModel {
    public var width: String
    public var height: String
    public var caption: String
    /// The chart in one sentence (the SVG's name): when the most messages were sent.
    public var summary: String
    public var cells: [HeatCell]
    public var dayLabels: [ChartLabel]
    public var hourLabels: [ChartLabel]

    public enum TemplateKey: String, CaseIterable, Sendable {
        case width, height, caption, summary, cells, dayLabels, hourLabels
    }

    public static let templateKeyIndex = TemplateKeyIndex<TemplateKey>()

    public func templateValue(_ key: TemplateKey) -> TemplateValue? {
        switch key {
        case .width: .text(width)
        case .height: .text(height)
        case .caption: .text(caption)
        case .summary: .text(summary)
        case .cells: .models(cells)
        case .dayLabels: .models(dayLabels)
        case .hourLabels: .models(hourLabels)
        }
    }
}

/// A person's share of the messages: `bar` is the bar's length in percent of the longest.
public struct PersonShare: Sendable, TemplateModel {
    public var name: String
    public var count: String
    /// The share of all messages sent by people, such as `42.5`.
    public var percent: String
    public var bar: String

    public enum TemplateKey: String, CaseIterable, Sendable {
        case name, count, percent, bar
    }

    public static let templateKeyIndex = TemplateKeyIndex<TemplateKey>()

    public func templateValue(_ key: TemplateKey) -> TemplateValue? {
        switch key {
        case .name: .text(name)
        case .count: .text(count)
        case .percent: .text(percent)
        case .bar: .text(bar)
        }
    }
}

/// A line of a conversation's statistics: `First message` — `3 May 2024`.
public struct StatisticItem: Sendable, TemplateModel {
    public var term: String
    public var value: String

    public enum TemplateKey: String, CaseIterable, Sendable {
        case term, value
    }

    public static let templateKeyIndex = TemplateKeyIndex<TemplateKey>()

    public func templateValue(_ key: TemplateKey) -> TemplateValue? {
        switch key {
        case .term: .text(term)
        case .value: .text(value)
        }
    }
}

/// What the overview page shows of a conversation's activity: charts and statistics. (Its keys differ from the
/// overview's own, such as `years`: a template looks a key that a value lacks up in the values around it.)
public struct OverviewActivity: Sendable, TemplateModel {
    public var monthChart: BarChart
    /// Messages per year, for conversations over several years.
    public var yearChart: BarChart?
    public var weekChart: WeekHourChart?
    public var people: [PersonShare]
    public var statistics: [StatisticItem]

    public enum TemplateKey: String, CaseIterable, Sendable {
        case monthChart, yearChart, weekChart, people, hasPeople, statistics
    }

    public static let templateKeyIndex = TemplateKeyIndex<TemplateKey>()

    public func templateValue(_ key: TemplateKey) -> TemplateValue? {
        switch key {
        case .monthChart: .model(monthChart)
        case .yearChart: yearChart.modelValue
        case .weekChart: weekChart.modelValue
        case .people: .models(people)
        case .hasPeople: .flag(!people.isEmpty)
        case .statistics: .models(statistics)
        }
    }
}
