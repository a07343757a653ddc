import Foundation
import TranscriptModel
import TranscriptSupport

/// The names of a conversation's days (`3 May 2024` and `Friday, 3 May 2024`), made once for the whole
/// conversation and shared by the threads that render its pages: each `DateTexts` would otherwise make its own
/// date formatters (slow to make on first use) and format the same days again.
struct DayTexts: Sendable {
    /// By day number (days since 1970-01-01 in the site's time zone): the day as messages show it.
    let medium: [Int: String]
    /// By day number: the day as date headers show it.
    let full: [Int: String]

    static let none = DayTexts(medium: [:], full: [:])

    /// The names of `days`, formatted in `locale` on all cores.
    init(days: [Int], locale: Locale) {
        let sorted = Array(Set(days)).sorted()
        // Formatting does not throw (`try?` only because `concurrentMap` can); a day left out is named on demand.
        let named = (try? chunkRanges(count: sorted.count, chunkSize: max(64, (sorted.count + 1) / 2)).concurrentMap { chunk in
            let formatters = DayFormatters(locale: locale)
            return chunk.map { index in
                let date = Date(timeIntervalSince1970: Double(sorted[index] * 86_400))
                return (formatters.medium.string(from: date), formatters.full.string(from: date))
            }
        }.flatMap { $0 }) ?? []
        var medium: [Int: String] = [:]
        var full: [Int: String] = [:]
        medium.reserveCapacity(sorted.count)
        full.reserveCapacity(sorted.count)
        for (day, names) in zip(sorted, named) {
            medium[day] = names.0
            full[day] = names.1
        }
        self.init(medium: medium, full: full)
    }

    private init(medium: [Int: String], full: [Int: String]) {
        self.medium = medium
        self.full = full
    }
}

/// The two formatters of day names: they format wall-clock days given as UTC midnights.
struct DayFormatters {
    let medium: DateFormatter
    let full: DateFormatter

    init(locale: Locale) {
        func formatter(_ style: DateFormatter.Style) -> DateFormatter {
            let formatter = DateFormatter()
            formatter.locale = locale
            formatter.timeZone = TimeZone(identifier: "UTC")!
            formatter.calendar = Calendar(identifier: .gregorian)
            formatter.dateStyle = style
            formatter.timeStyle = .none
            return formatter
        }
        medium = formatter(.medium)
        full = formatter(.full)
    }
}
