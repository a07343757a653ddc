import Foundation
import Testing

@testable import TranscriptModel

@Suite struct TimestampTests {
    let berlin = TimeZone(identifier: "Europe/Berlin")!

    @Test func readsOffsetsAndUTC() throws {
        let summer = try #require(Timestamp(iso8601: "2024-05-03T09:30:00+02:00", defaultTimeZone: nil))
        #expect(summer.secondsSince1970 == 1_714_721_400)
        #expect(summer.utcOffset == 7200)
        let utc = try #require(Timestamp(iso8601: "2024-05-03T07:30:00Z", defaultTimeZone: nil))
        #expect(utc.secondsSince1970 == summer.secondsSince1970)
        #expect(utc.utcOffset == 0)
        let compact = try #require(Timestamp(iso8601: "2024-05-03 07:30-0330", defaultTimeZone: nil))
        #expect(compact.secondsSince1970 == 1_714_721_400 + 3 * 3600 + 1800)
    }

    @Test func readsLocalTimesInTheConfiguredZoneAcrossDST() throws {
        let winter = try #require(Timestamp(iso8601: "2024-01-10T12:00", defaultTimeZone: berlin))
        #expect(winter.secondsSince1970 == 1_704_884_400)  // 11:00Z
        #expect(winter.utcOffset == nil)
        let summer = try #require(Timestamp(iso8601: "2024-07-10T12:00:00", defaultTimeZone: berlin))
        #expect(summer.secondsSince1970 == 1_720_605_600)  // 10:00Z
        #expect(Timestamp(iso8601: "2024-07-10T12:00:00", defaultTimeZone: nil) == nil)
    }

    @Test func keepsFractionalSeconds() throws {
        let value = try #require(Timestamp(iso8601: "2024-05-03T09:30:00.250+02:00", defaultTimeZone: nil))
        #expect(value.iso8601 == "2024-05-03T09:30:00.250+02:00")
    }

    @Test(arguments: [
        "yesterday", "2024-13-01T00:00:00Z", "2024-02-30T00:00:00Z", "2024-05-03", "2024-05-03T25:00:00Z",
        "2024-05-03T09:30:00+02:00x", "2024-05-03T09:30:00.+02:00",
    ])
    func refusesWhatIsNotADate(text: String) {
        #expect(Timestamp(iso8601: text, defaultTimeZone: berlin) == nil)
    }

    @Test func writesWithTheOriginalOffset() {
        let value = Timestamp(secondsSince1970: 1_714_721_400, utcOffset: -18_000)
        #expect(value.iso8601 == "2024-05-03T02:30:00-05:00")
        #expect(Timestamp(secondsSince1970: 0).iso8601 == "1970-01-01T00:00:00Z")
        #expect(Timestamp(secondsSince1970: -1).iso8601 == "1969-12-31T23:59:59Z")
    }

    @Test func civilDatesRoundTripOverCenturies() {
        for days in stride(from: -800_000, through: 800_000, by: 997) {
            let fields = CivilTime(secondsSince1970: days * 86_400)
            #expect(ISO8601Text.daysFromCivil(year: fields.year, month: fields.month, day: fields.day) == days)
        }
    }

    /// Found by fuzzing (docs/fuzzing.md, the Messenger target): writing a moment beyond `Int`'s seconds trapped.
    /// Outside `representableSeconds` it is written as the nearest end, a non-finite one as 1970.
    @Test func writingAnUnrepresentableMomentDoesNotTrap() {
        let end = Timestamp(secondsSince1970: Timestamp.representableSeconds.upperBound).iso8601
        #expect(Timestamp(secondsSince1970: 1e300).iso8601 == end)
        #expect(Timestamp(secondsSince1970: .infinity, utcOffset: 3600).iso8601(utcOffset: 0) == end)
        #expect(Timestamp(secondsSince1970: -1e300).iso8601 == Timestamp(secondsSince1970: Timestamp.representableSeconds.lowerBound).iso8601)
        #expect(Timestamp(secondsSince1970: .nan).iso8601 == "1970-01-01T00:00:00Z")
        #expect(!Timestamp(secondsSince1970: .nan).isRepresentable && !Timestamp(secondsSince1970: -1e15).isRepresentable)
        #expect(Timestamp(secondsSince1970: 1_704_103_500).isRepresentable)
    }
}
