import Recurrence
@testable import ReminderModel
import Testing

/// iCalendar's value types, written and read in one place: every value
/// the writer writes reads back as itself, and the forms other writers use
/// are read too.
struct ICalendarValueTests {
    @Test func writesValueForms() {
        #expect(ICalendarValue.utcOffset(3600) == "+0100")
        #expect(ICalendarValue.utcOffset(-12_600) == "-0330")
        #expect(ICalendarValue.utcOffset(37_800) == "+1030")
        #expect(ICalendarValue.utcOffset(3208) == "+005328")
        #expect(ICalendarValue.utcOffset(0) == "+0000")
        #expect(ICalendarValue.duration(NominalDuration(seconds: 900), negative: true) == "-PT15M")
        #expect(ICalendarValue.duration(NominalDuration(days: 1, seconds: 5400), negative: true) == "-P1DT1H30M")
        #expect(ICalendarValue.duration(NominalDuration(days: 14), negative: true) == "-P2W")
        #expect(ICalendarValue.duration(NominalDuration(), negative: true) == "PT0S")
        #expect(ICalendarValue.localDateTime(WallTime(seconds: -1)) == "19691231T235959")
        #expect(ICalendarValue.date(DayNumber(20_788)) == "20261201")
    }

    /// What the writer writes reads back as the value written.
    @Test(arguments: [-86_400 * 700_000, -1, 0, 59, 3_599, 86_399, 1_796_000_000, 86_400 * 200_000 + 3_723])
    func timesComeBack(_ seconds: Int) {
        let wall = WallTime(seconds: seconds)
        #expect(ICalendarValue.time(ICalendarValue.localDateTime(wall)) == .local(wall.local))
        #expect(ICalendarValue.time(ICalendarValue.utcDateTime(Instant(secondsSince1970: seconds))) == .utc(wall.local))
        #expect(ICalendarValue.time(ICalendarValue.date(wall.day)) == .date(wall.day.date))
    }

    @Test(arguments: [(0, 0), (0, 900), (1, 5_400), (14, 0), (3, 0), (0, 86_399), (400, 59)])
    func durationsComeBack(_ days: Int, _ seconds: Int) {
        let duration = NominalDuration(days: days, seconds: seconds)
        for negative in [false, true] {
            let read = ICalendarValue.duration(ICalendarValue.duration(duration, negative: negative))
            let sign = negative && !duration.isZero ? -1 : 1
            #expect(read?.days == sign * days && read?.seconds == sign * seconds, "\(duration) \(negative)")
        }
    }

    @Test(arguments: [0, 3_600, -12_600, 37_800, 3_208, -50_400, 50_400])
    func offsetsComeBack(_ seconds: Int) {
        #expect(ICalendarValue.utcOffset(ICalendarValue.utcOffset(seconds)) == seconds)
    }

    /// Other writers' forms: lower-case `t` and `z`, spaces, a leap second;
    /// and what is no value.
    @Test func readsOtherWritersForms() {
        let nine = LocalDateTime(date: CivilDate(year: 2026, month: 12, day: 1), time: CivilTime(hour: 9, minute: 0))
        #expect(ICalendarValue.time(" 20261201t090000z ") == .utc(nine))
        #expect(
            ICalendarValue.time("20261201T235960")
                == .local(
                    LocalDateTime(
                        date: CivilDate(year: 2026, month: 12, day: 1),
                        time: CivilTime(hour: 23, minute: 59, second: 59))))
        for text in ["2026120", "20261301", "20260230", "20261201T2460000", "20261201T090000+01", "20261201 090000", ""] {
            #expect(ICalendarValue.time(text) == nil, "\(text)")
        }
        #expect(ICalendarValue.duration("+P1W")?.days == 7)
        for text in ["P", "PT", "P1H", "PT1D", "1D", "-", "P9999999999D"] {
            #expect(ICalendarValue.duration(text) == nil, "\(text)")
        }
        for text in ["0100", "+01", "+0160", "+01:00", "+010060"] {
            #expect(ICalendarValue.utcOffset(text) == nil, "\(text)")
        }
    }
}
