import Foundation
import TranscriptModel
import TranscriptSupport

/// A span of days (`YYYY-MM-DD`, both included, either open), as seconds since 1970 in a time zone: the days of a
/// book (`--from`, `--to`) or of a scoped site (`scope.from`, `scope.to`).
struct DaySpan: Sendable, Equatable {
    var from: String?
    var to: String?
    /// How errors name the first and last day (`--from`, `scope.to`).
    var fromName = "--from"
    var toName = "--to"

    /// From the start of `from` to the end of `to` in `timeZone`; a text that is no day, or a `from` after `to`, is
    /// an error naming it.
    func seconds(in timeZone: TimeZone) throws -> (start: Double, end: Double) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        func start(of day: String, name: String) throws -> Date {
            guard let date = Self.day(day, in: calendar) else { throw TranscriptsError(message: "\(name) \"\(day)\" is not a day (YYYY-MM-DD)") }
            return date
        }
        let first = try from.map { try start(of: $0, name: fromName).timeIntervalSince1970 } ?? -.infinity
        let last = try to.map { try calendar.date(byAdding: .day, value: 1, to: start(of: $0, name: toName))!.timeIntervalSince1970 } ?? .infinity
        guard first < last else {
            throw TranscriptsError(message: "\(fromName) \(from ?? "") is after \(toName) \(to ?? ""): no day is in between")
        }
        return (first, last)
    }

    /// The start of the day `text` (`YYYY-MM-DD`) in `calendar`'s time zone, or nil when it is not a day.
    static func day(_ text: String, in calendar: Calendar) -> Date? {
        let parts = text.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3, text.count == 10,
              let date = calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2])),
              calendar.component(.day, from: date) == parts[2]
        else { return nil }
        return date
    }

    /// Whether `text` is a day (`YYYY-MM-DD`).
    static func isDay(_ text: String) -> Bool {
        day(text, in: Calendar(identifier: .gregorian)) != nil
    }
}
