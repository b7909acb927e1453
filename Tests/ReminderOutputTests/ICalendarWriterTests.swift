import Foundation
import ReminderModel
import Testing
@testable import ReminderOutput

@Suite struct ICalendarWriterTests {
    /// A large file's components are written a piece at a time on every
    /// core: each reminder's component comes once, in file order, and the
    /// calendar is the one a file of one reminder at a time gives.
    @Test func aLargeFileIsWrittenInOrder() throws {
        var text = "timezone: Europe/Berlin\nreminders:\n"
        let count = ICalendarWriter.piece * ICalendarWriter.piecesPerRound + 300
        for index in 0..<count {
            text += "  - {id: r\(index), title: Reminder \(index), at: 2026-12-01 09:\(10 + index % 50), repeat: daily}\n"
        }
        let file = try #require(ReminderFile.load(Array(text.utf8), path: "large.yaml").file)
        let writer = ICalendarWriter(options: .init(now: 1_796_040_000, floatingZone: TimeZone(identifier: "UTC")!))
        let calendar = String(decoding: writer.write([file]), as: UTF8.self)
        let ids = calendar.split(separator: "\r\n").filter { $0.hasPrefix("X-REMINDC-ID:") }.map { $0.dropFirst(13) }
        #expect(ids == (0..<count).map { "r\($0)"[...] })

        // Each component as a file of its own reminder writes it.
        var single = file
        single.reminders = [file.reminders[count - 1]]
        let alone = String(decoding: writer.write([single]), as: UTF8.self)
        let component = { (text: String) in text.components(separatedBy: "BEGIN:VEVENT").last!.components(separatedBy: "END:VEVENT")[0] }
        #expect(component(calendar) == component(alone))
    }
}
