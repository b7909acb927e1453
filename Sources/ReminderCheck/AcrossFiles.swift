import Foundation
import Recurrence
import ReminderModel
import YAMLSyntax

/// The checks that need every file of one run at once, for a folder of
/// reminder files that go to one calendar or one desktop: a UID two files
/// give their reminders (`duplicate-uid`), alerts of different files that
/// fire together (`same-time`) or closer than `lint.min-gap` (`too-close`),
/// more alerts of all the files in an hour than a file's
/// `lint.max-per-hour` (`too-many-per-hour`), and alerts of a file without
/// quiet hours inside the quiet hours the other files agree on
/// (`quiet-hours`). What one file holds on its own, its own check reports.
package enum AcrossFiles {
    /// The findings across `files` (each as far as it decoded, its
    /// reminders' times as written), in no particular order; none for one
    /// file. Without `sweeping`, the warnings of the sweep are not looked for.
    package static func check(_ files: [ScheduledFile], options: Checker.Options, sweeping: Bool = true) -> [Diagnostic] {
        guard files.count > 1 else { return [] }
        return duplicateUIDs(files) + (sweeping ? conflicts(files, options: options) : [])
    }

    /// Where a reminder of one of the files was written, for notes.
    static func place(_ file: ReminderFile, _ span: SourceSpan) -> String {
        "\(file.path):\(span.start.line):\(span.start.column)"
    }

    /// Each reminder whose UID a reminder of an earlier file has, with a
    /// note naming the first (a UID repeated within one file is its
    /// `duplicate-id`).
    package static func duplicateUIDs(_ files: [ScheduledFile]) -> [Diagnostic] {
        var first: [String: (file: Int, reminder: Int)] = [:]
        var found: [Diagnostic] = []
        for (fileIndex, scheduled) in files.enumerated() {
            let file = scheduled.file
            for (index, reminder) in file.reminders.enumerated() {
                let uid = file.uid(of: reminder)
                guard let earlier = first[uid] else {
                    first[uid] = (fileIndex, index)
                    continue
                }
                guard earlier.file != fileIndex else { continue }
                let other = files[earlier.file].file
                found.append(
                    Diagnostic(
                        .duplicateUID(uid), file: file.path, span: reminder.spans.id,
                        notes: [
                            Diagnostic.Note(
                                "'\(uid)' is first the UID of the reminder at \(place(other, other.reminders[earlier.reminder].spans.id))",
                                at: other.reminders[earlier.reminder].spans.id, in: other.path)
                        ]))
            }
        }
        return found
    }

    /// One sweep over every file's alerts, pairing only reminders of
    /// different files. Two reminders are too close when their gap is under
    /// the `lint.min-gap` of either one's file; a rule a file disables, or a
    /// reminder ignores, is not reported for it.
    static func conflicts(_ files: [ScheduledFile], options: Checker.Options) -> [Diagnostic] {
        let (found, cut) = conflictFindings(files, options: options)
        return found.map(\.finding.diagnostic) + (cut.map { [$0] } ?? [])
    }

    /// Every file's reminders as one file's, each reminder's file (a group
    /// of the sweep) and its index there: lint settings as the files
    /// together ask (the largest `min-gap`, the quiet hours every file that
    /// has them agrees on, the lowest limit of alerts per hour).
    static func merged(_ files: [ScheduledFile], options: Checker.Options) -> (CheckContext, owners: [(file: Int, index: Int)]) {
        var reminders: [Reminder] = [], schedules: [Schedule] = [], owners: [(file: Int, index: Int)] = []
        for (fileIndex, scheduled) in files.enumerated() {
            reminders += scheduled.file.reminders
            schedules += scheduled.schedules
            owners += scheduled.file.reminders.indices.map { (fileIndex, $0) }
        }
        let gaps = files.compactMap { $0.file.lint.minimumGap.map { $0.days * secondsPerDay + $0.seconds } }
        let quietHours = Set(files.compactMap(\.file.lint.quietHours))
        var merged = files[0].file
        merged.path = ""
        merged.reminders = reminders
        merged.categories = []
        merged.lint = LintSettings()
        merged.lint.minimumGap = gaps.max().map { NominalDuration(seconds: $0) }
        merged.lint.quietHours = quietHours.count == 1 ? quietHours.first : nil
        merged.lint.maximumPerHour = files.compactMap(\.file.lint.maximumPerHour).min()
        let scheduled = ScheduledFile(merged, schedules: schedules, floatingZone: options.floatingZone, parallelism: options.parallelism)
        return (CheckContext(scheduled, now: options.now, horizon: options.horizon), owners)
    }

    /// `conflicts(_:options:)` as findings, each with the file it is in
    /// (its `reminder` is the reminder's index in that file), and what a
    /// sweep cut short says.
    static func conflictFindings(
        _ files: [ScheduledFile], options: Checker.Options
    )
        -> (findings: [(finding: Finding, file: Int)], cut: Diagnostic?)
    {
        let (context, owners) = merged(files, options: options)
        let reminders = context.file.reminders, merged = context.file
        let quietFile = files.first { $0.file.lint.quietHours != nil }?.file
        let groups = owners.map { Int32($0.file) }
        let sweep = Sweep(context, groups: groups)

        func reports(_ rule: String, _ index: Int, _ other: Int) -> Bool {
            [index, other].allSatisfy { position in
                let file = files[owners[position].file].file
                return !file.lint.disabledRules.contains(rule) && !reminders[position].ignoredRules.contains(rule)
            }
        }
        func note(_ other: Int) -> Diagnostic.Note {
            let file = files[owners[other].file].file
            return Diagnostic.Note(
                "'\(reminders[other].id)' is at \(place(file, reminders[other].spans.start))", at: reminders[other].spans.start,
                in: file.path)
        }
        var found: [(finding: Finding, file: Int)] = []
        func add(_ message: Message, _ index: Int, alert: Instant, notes: [Diagnostic.Note]) {
            let owner = owners[index]
            let diagnostic = Diagnostic(message, file: files[owner.file].file.path, span: reminders[index].spans.start, notes: notes)
            found.append((Finding(diagnostic, reminder: owner.index, alert: alert), owner.file))
        }
        for (index, hit) in sweep.sameTime.sorted(by: { $0.key < $1.key }) where reports(SameTimeRule.descriptor.id, index, hit.other) {
            let reminder = reminders[index]
            add(
                SameTimeRule.sameTime(reminder.id, reminders[hit.other].id, first: Clock.text(hit.instant, reminder, context)), index,
                alert: hit.instant, notes: [note(hit.other)])
        }
        for (index, hit) in sweep.tooClose.sorted(by: { $0.key < $1.key }) where reports(TooCloseRule.descriptor.id, index, hit.other) {
            let reminder = reminders[index], file = files[owners[index].file].file
            let asked = [file, files[owners[hit.other].file].file].compactMap {
                $0.lint.minimumGap.map { $0.days * secondsPerDay + $0.seconds }
            }
            guard let gap = asked.max(), hit.gap < gap else { continue }
            add(
                TooCloseRule.tooClose(
                    reminder.id, reminders[hit.other].id, gap: hit.gap, first: Clock.text(hit.instant, reminder, context)), index,
                alert: hit.instant, notes: [note(hit.other)])
        }
        for (index, first) in sweep.quiet.sorted(by: { $0.key < $1.key }) {
            let file = files[owners[index].file].file
            guard file.lint.quietHours == nil, let quietFile, reports(QuietHoursRule.descriptor.id, index, index) else { continue }
            let reminder = reminders[index]
            add(
                QuietHoursRule.inQuietHours(reminder.id, first: "\(first.shown.date) at \(first.shown.time.description.prefix(5))"), index,
                alert: first.instant,
                notes: [
                    Diagnostic.Note(
                        "the quiet hours are the lint.quiet-hours of "
                            + (quietFile.lint.span.map { place(quietFile, $0) } ?? quietFile.path))
                ])
        }
        var cutShort: Diagnostic?
        if let cut = sweep.cut {
            let owner = files[owners[cut.busiest].file].file
            var diagnostic = Checker.horizonCut(cut, sweep: sweep, reminders: reminders, path: owner.path, context: context)
            diagnostic.notes = [Diagnostic.Note("counting the alerts of all \(files.count) files checked together")]
            cutShort = diagnostic
        }
        if let hit = sweep.overLimit, let maximum = merged.lint.maximumPerHour,
            reports(TooManyPerHourRule.descriptor.id, hit.reminder, hit.reminder)
        {
            let reminder = reminders[hit.reminder]
            add(
                TooManyPerHourRule.tooMany(
                    hit.count, endingWith: reminder.id, at: Clock.text(hit.instant, reminder, context), maximum: maximum),
                hit.reminder, alert: hit.instant,
                notes: [Diagnostic.Note("counting the alerts of all \(files.count) files checked together")])
        }
        return (found, cutShort)
    }
}
