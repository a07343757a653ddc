import Foundation
import Testing

@testable import TranscriptImport
@testable import TranscriptModel

/// Takeout's English dates, read the same on every machine.
@Suite struct GoogleChatDateTests {
    static let utc = TimeZone(identifier: "UTC")!

    func iso(_ text: String, zone: TimeZone = utc) -> String? {
        GoogleChatDate.parse(text, defaultTimeZone: zone)?.iso8601
    }

    @Test func monthFirstTwelveHourClock() {
        #expect(iso("Monday, January 2, 2023 at 3:04:05 PM UTC") == "2023-01-02T15:04:05Z")
        // Newer exports put a narrow no-break space before AM/PM.
        #expect(iso("Thursday, November 3, 2016 at 11:59:50\u{202F}AM UTC") == "2016-11-03T11:59:50Z")
        #expect(iso("Sunday, January 1, 2023 at 12:00:01 AM UTC") == "2023-01-01T00:00:01Z")
        #expect(iso("Sunday, January 1, 2023 at 12:30:00 PM UTC") == "2023-01-01T12:30:00Z")
        #expect(iso("January 1, 2023 at 9:15 pm GMT") == "2023-01-01T21:15:00Z")
    }

    @Test func dayFirstTwentyFourHourClock() {
        #expect(iso("Tuesday, 14 March 2021 at 22:41:03 UTC") == "2021-03-14T22:41:03Z")
        #expect(iso("14 Mar 2021, 07:05:00 UTC") == "2021-03-14T07:05:00Z")
    }

    @Test func zones() {
        #expect(iso("Monday, January 2, 2023 at 3:04:05 PM PST") == "2023-01-02T15:04:05-08:00")
        #expect(iso("Monday, January 2, 2023 at 3:04:05 PM GMT+05:30") == "2023-01-02T15:04:05+05:30")
        #expect(iso("Monday, January 2, 2023 at 3:04:05 PM UTC-3") == "2023-01-02T15:04:05-03:00")
        #expect(iso("Monday, July 3, 2023 at 3:04:05 PM Europe/Berlin") == "2023-07-03T15:04:05+02:00")
        // No zone: the site's.
        let berlin = TimeZone(identifier: "Europe/Berlin")!
        #expect(GoogleChatDate.parse("Monday, July 3, 2023 at 3:04:05 PM", defaultTimeZone: berlin)?.iso8601(utcOffset: 7200) == "2023-07-03T15:04:05+02:00")
    }

    @Test func notDates() {
        for text in [
            "", "yesterday", "Monday, Smarch 2, 2023 at 3:04:05 PM UTC", "Monday, February 30, 2023 at 3:04:05 PM UTC",
            "Monday, January 2, 2023 at 13:04:05 PM UTC", "Monday, January 2, 2023 at 3:4:05 PM UTC",
            "Monday, January 2, 2023 at 3:04:05 PM Mars/Olympus", "Monday, January 2, 23 at 3:04:05 PM UTC",
            "2023-01-02T15:04:05Z", "Monday, January 2, 2023 at 3:04:05 PM IST",
        ] {
            #expect(iso(text) == nil, "\(text)")
        }
    }
}
