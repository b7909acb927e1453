import Recurrence
import Support
import Testing
@testable import ReminderModel

/// The built-in holiday table read back whole: every region's every
/// holiday, listed as scripts/holidays-table.py listed python-holidays'
/// answers, has the checksum the script wrote; so the table is the
/// library's, day for day and name for name.
struct HolidayTableTests {
    @Test func everyRegionReadsBackAsPythonHolidaysListedIt() throws {
        var listing = SHA256()
        var regions = 0, days = 0
        for code in HolidayTable.codes {
            let region = try #require(HolidayTable.region(code), "\(code)")
            for (day, name) in region.days.sorted(by: { $0.key < $1.key }) {
                listing.update(Array("\(code) \(day.date) \(name)\n".utf8))
                days += 1
            }
            regions += 1
        }
        #expect(listing.finish().map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined() == HolidayTable.source.checksum)
        #expect(regions > 800)
        #expect(days > 400_000)
    }

    @Test func aRegionItsYearsAndItsSubdivisions() throws {
        let england = try #require(HolidayTable.region("gb-eng"))
        #expect(england.code == "GB-ENG")
        #expect(england.years == 2020...2060)
        let day = { (text: String) in
            CivilDate(year: Int(text.prefix(4))!, month: Int(text.dropFirst(5).prefix(2))!, day: Int(text.suffix(2))!).dayNumber
        }
        #expect(england.days[day("2027-12-27")] == "Christmas Day (observed)")
        #expect(england.days[day("2027-03-17")] == nil)
        // Northern Ireland adds St Patrick's Day to the country's days.
        #expect(HolidayTable.region("GB-NIR")?.days[day("2027-03-17")] == "Saint Patrick's Day")
        #expect(HolidayTable.region("GB")?.days[day("2027-03-17")] == nil)
        #expect(HolidayTable.region("XX") == nil)
        #expect(HolidayTable.years(of: "US-NY") == 2020...2060)
    }
}
