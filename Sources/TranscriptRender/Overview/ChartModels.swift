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
}

/// A text placed in a chart (an axis label).
public struct ChartLabel: Sendable, TemplateModel {
    public var x: String
    public var y: String
    public var text: String
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
}

/// A cell of the weekday-by-hour chart: `level` 0 (no messages) to 4 (the most).
public struct HeatCell: Sendable, TemplateModel {
    public var x: String
    public var y: String
    // template: text
    public var level: Int
    public var label: String
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
}

/// A person's share of the messages: `bar` is the bar's length in percent of the longest.
public struct PersonShare: Sendable, TemplateModel {
    public var name: String
    public var count: String
    /// The share of all messages sent by people, such as `42.5`.
    public var percent: String
    public var bar: String
}

/// A line of a conversation's statistics: `First message` — `3 May 2024`.
public struct StatisticItem: Sendable, TemplateModel {
    public var term: String
    public var value: String
}

/// What the overview page shows of a conversation's activity: charts and statistics. (Its keys differ from the
/// overview's own, such as `years`: a template looks a key that a value lacks up in the values around it.)
public struct OverviewActivity: Sendable, TemplateModel {
    public var monthChart: BarChart
    /// Messages per year, for conversations over several years.
    public var yearChart: BarChart?
    public var weekChart: WeekHourChart?
    public var people: [PersonShare]
    /// Whether any person has a share.
    // template: key
    var hasPeople: Bool { !people.isEmpty }
    public var statistics: [StatisticItem]
}
