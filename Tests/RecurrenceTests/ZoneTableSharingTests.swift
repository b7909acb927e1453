import Foundation
import Testing
@testable import Recurrence

@Suite struct ZoneTableSharingTests {
    @Test func aZoneTableIsSharedByTheReadersOfTheZone() throws {
        let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
        #expect(ZoneTransitions.shared(for: berlin) === ZoneTransitions.shared(for: berlin))
        let first = Schedule(
            start: LocalDateTime(date: CivilDate(year: 2026, month: 12, day: 1), time: CivilTime(hour: 9, minute: 0)),
            placement: .zone(berlin)
        ).firstOccurrence
        #expect(first.offset == 3_600)
    }
}
