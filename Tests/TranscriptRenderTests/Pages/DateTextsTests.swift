import Foundation
import Testing
import TranscriptTestSupport

@testable import TranscriptModel
@testable import TranscriptRender

/// Message times as pages show them: the day and the time put together by the strings table's `dayAndTime`.
@Suite struct DateTextsTests {
    let zone = TimeZone(identifier: "Europe/Berlin")!
    /// 2024-05-03 09:30 and 09:31 and 2024-05-04 23:59 in Berlin.
    let times = [1_714_721_400.0, 1_714_721_460.0, 1_714_859_940.0].map { Timestamp(secondsSince1970: $0) }

    func texts(_ pattern: String) -> [String] {
        let strings = StringTable(language: "en", entries: ["dayAndTime": .text(pattern)])
        let dates = DateTexts(timeZone: zone, locale: Locale(identifier: "en_GB"), strings: strings)
        return times.map(dates.dayAndTime)
    }

    @Test func theDayAndTheTimeFollowTheStringsTable() {
        #expect(texts("{day}, {time}") == ["3 May 2024, 09:30", "3 May 2024, 09:31", "4 May 2024, 23:59"])
        #expect(texts("{time} on {day}") == ["09:30 on 3 May 2024", "09:31 on 3 May 2024", "23:59 on 4 May 2024"])
        // A pattern without the time, or with it twice, is filled in as it is.
        #expect(texts("{day}") == ["3 May 2024", "3 May 2024", "4 May 2024"])
        #expect(texts("{time} ({day}, {time})") == ["09:30 (3 May 2024, 09:30)", "09:31 (3 May 2024, 09:31)", "23:59 (4 May 2024, 23:59)"])
    }

    @Test func sharedDayNamesGiveWhatFormattingGives() {
        for identifier in ["en_GB", "de_DE", "ar", "ja_JP"] {
            let locale = Locale(identifier: identifier)
            let alone = DateTexts(timeZone: zone, locale: locale)
            // Only the first two moments' day is shared: the third one's is formatted on demand.
            let known = DayTexts(days: [alone.dayNumber(times[0])], locale: locale)
            #expect(known.medium.count == 1 && known.full.count == 1)
            let shared = DateTexts(timeZone: zone, locale: locale, known: known)
            #expect(times.map(shared.day) == times.map(alone.day), "\(identifier)")
            #expect(times.map(shared.header) == times.map(alone.header), "\(identifier)")
            #expect(times.map(shared.dayAndTime) == times.map(alone.dayAndTime), "\(identifier)")
        }
        let german = DateTexts(timeZone: zone, locale: Locale(identifier: "de_DE"))
        #expect(german.day(times[0]) == "03.05.2024" && german.header(times[2]) == "Samstag, 4. Mai 2024, 23:59")
    }

    @Test func placeholdersAreFilledInOrderAndUnknownOnesKept() {
        #expect(StringTable.fill("{a}-{b}-{a}-{c}", [("a", "1"), ("b", "2"), ("a", "3")]) == "1-2-1-{c}")
        #expect(StringTable.fill("no braces", [("a", "1")]) == "no braces")
        #expect(StringTable.fill("{unclosed {a}", [("a", "1")]) == "{unclosed 1")
        #expect(StringTable.fill("é{a}ß}", [("a", "ü")]) == "éüß}")
    }
}

/// The offset from UTC is kept for the hour last asked for: whatever order moments are asked in, across a
/// change to summer time and back, each one's offset is the time zone's.
@Suite struct DateTextsOffsetTests {
    @Test func offsetsAreTheZonesInAnyOrder() {
        let zone = TimeZone(identifier: "Europe/Berlin")!
        // Every 20 minutes over the nights of 2024-03-31 and 2024-10-27 (02:00 and 03:00 local time).
        let moments = [1_711_839_600.0, 1_729_980_000.0].flatMap { start in
            (0..<30).map { Timestamp(secondsSince1970: start + Double($0 * 1200)) }
        }
        var generator = SeededGenerator(seed: 5)
        for order in [moments, moments.reversed(), moments.shuffled(using: &generator)] {
            let dates = DateTexts(timeZone: zone, locale: Locale(identifier: "en_GB"))
            #expect(order.map(dates.utcOffset) == order.map { zone.secondsFromGMT(for: $0.date) })
        }
        #expect(Set(moments.map { zone.secondsFromGMT(for: $0.date) }) == [3600, 7200])
    }
}
