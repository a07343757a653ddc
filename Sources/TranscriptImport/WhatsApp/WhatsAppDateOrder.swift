/// Decides how a file's dates are read: day or month first. WhatsApp writes dates in the phone's locale, and
/// one line cannot tell `06/03/2017` apart; the whole file can.
///
/// Dates with a four-digit first number are always year first (`2019/01/30`). For the others the order is
/// decided once per kind of header (brackets or not, separator, two- or four-digit year), because files that
/// were pasted together from two phones mix orders; each kind uses, in turn:
/// 1. the override given to `WhatsAppImporter(dateOrder:)`;
/// 2. a number above 12: a first number above 12 proves day first, a second one month first
///    (its own headers, then the whole file's);
/// 3. dates that go back: where one number falls while the other rises within a year, the falling one is
///    the day (its own headers, then the whole file's);
/// 4. which number changes more from message to message: that is the day;
/// 5. day first, the order of most of the world.
///
/// A date that the decided order cannot read (a month above 12) is read the other way.
struct WhatsAppDateOrder {
    typealias Order = WhatsAppImporter.DateOrder

    private struct Evidence {
        var firstAbove12 = 0
        var secondAbove12 = 0
        var fallsFirst = 0
        var fallsSecond = 0
        var changeFirst = 0
        var changeSecond = 0
        var last: (first: Int, second: Int, third: Int)?

        mutating func add(_ header: WhatsAppHeader) {
            if header.first > 12 { firstAbove12 += 1 }
            if header.second > 12 { secondAbove12 += 1 }
            if let last {
                if last.third == header.third {
                    if last.first > header.first, last.second < header.second { fallsFirst += 1 }
                    if last.first < header.first, last.second > header.second { fallsSecond += 1 }
                }
                changeFirst += abs(header.first - last.first)
                changeSecond += abs(header.second - last.second)
            }
            last = (header.first, header.second, header.third)
        }

        var byRange: Order? { decide(firstAbove12, secondAbove12) }
        var byFalls: Order? { decide(fallsFirst, fallsSecond) }
        var byChange: Order? { decide(changeFirst, changeSecond) }

        private func decide(_ day: Int, _ month: Int) -> Order? {
            day > month ? .dayFirst : month > day ? .monthFirst : nil
        }
    }

    /// The order of each kind of header (see `key(of:)`).
    private var orders: [Int: Order] = [:]
    private let override: Order?

    /// Looks at every header of a file.
    init<Headers: Sequence>(headers: Headers, override: Order?) where Headers.Element == WhatsAppHeader {
        self.override = override
        var groups: [Int: Evidence] = [:]
        var whole = Evidence()
        for header in headers where !header.isYearFirst {
            groups[Self.key(of: header), default: Evidence()].add(header)
            whole.add(header)
        }
        for (key, evidence) in groups {
            orders[key] = evidence.byRange ?? whole.byRange ?? evidence.byFalls ?? whole.byFalls ?? evidence.byChange
                ?? .dayFirst
        }
    }

    /// Headers of one kind: brackets or not, the separator, and the year's length.
    private static func key(of header: WhatsAppHeader) -> Int {
        Int(header.style.rawValue + 1) << 16 | Int(header.separator) << 8
            | header.thirdDigits
    }

    /// The header's date as (year, month, day).
    package func date(of header: WhatsAppHeader) -> (year: Int, month: Int, day: Int) {
        if header.isYearFirst { return (header.first, header.second, header.third) }
        let year = header.thirdDigits == 2 ? 2000 + header.third : header.third
        let dayMonth = (year, header.second, header.first)
        let monthDay = (year, header.first, header.second)
        let yearFirst = (2000 + header.first, header.second, header.third)
        let candidates: [(year: Int, month: Int, day: Int)]
        switch override ?? orders[Self.key(of: header)] ?? .dayFirst {
        case .dayFirst: candidates = [dayMonth, monthDay, yearFirst]
        case .monthFirst: candidates = [monthDay, dayMonth, yearFirst]
        case .yearFirst:
            if header.thirdDigits == 2 {
                candidates = [yearFirst, dayMonth, monthDay]
            } else {
                // A four-digit last number is the year whatever the override says: the evidence decides the rest.
                candidates = orders[Self.key(of: header)] == .monthFirst ? [monthDay, dayMonth] : [dayMonth, monthDay]
            }
        }
        return candidates.first { WhatsAppHeader.isDate(year: $0.year, month: $0.month, day: $0.day) } ?? candidates[0]
    }
}
