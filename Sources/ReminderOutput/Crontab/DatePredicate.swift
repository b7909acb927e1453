import Recurrence

/// The date parts of a rule as cron fields where cron can say them exactly,
/// and guard conditions where it cannot.
///
/// Cron's own day fields cannot say "a weekday *and* a day of the month" (if
/// both are restricted, either matches), nth or last weekdays, days from the
/// end of the month, or intervals; those go to the guard.
struct DatePredicate {
    let rule: RecurrenceRule
    /// The start's day (days since 1970), for intervals.
    let startDay: Int

    init(rule: RecurrenceRule, startDay: Int) {
        self.rule = rule
        self.startDay = startDay
    }

    /// Adds the fields (when `fieldsAllowed`: the guard reads the machine's
    /// clock) and the conditions for the rule's dates to `entry`.
    func apply(to entry: inout CronEntry, fieldsAllowed: Bool) throws(CrontabWriter.Inexact) {
        var needs = Set<String>()
        var conditions: [String] = []
        let months = rule.byMonth.map(\.number)
        if !months.isEmpty {
            if fieldsAllowed {
                entry.month = CronShell.list(months)
            } else {
                conditions.append(CrontabWriter.membership("m", months))
                needs.insert("numbers")
            }
        }
        let plain = rule.byDay.filter { $0.ordinal == nil }.map { $0.weekday.rawValue }
        let ordinals = rule.byDay.filter { $0.ordinal != nil }
        let monthDays = rule.byMonthDay
        if !ordinals.isEmpty && !(rule.frequency == .monthly || (rule.frequency == .yearly && !rule.byMonth.isEmpty)) {
            throw CrontabWriter.Inexact(reason: "cron cannot count weekdays through a year (nth weekday without months)")
        }
        if !monthDays.isEmpty {
            if fieldsAllowed && monthDays.allSatisfy({ $0 > 0 }) {
                entry.dayOfMonth = CronShell.list(monthDays)
            } else {
                let tests = monthDays.map { $0 > 0 ? "d==\($0)" : "l-d+1==\(-$0)" }
                conditions.append("[ $((\(tests.joined(separator: "||")))) -eq 1 ]")
                needs.insert("numbers")
                if monthDays.contains(where: { $0 < 0 }) { needs.insert("length") }
            }
        }
        if !rule.byDay.isEmpty {
            if fieldsAllowed && ordinals.isEmpty && (monthDays.isEmpty || entry.dayOfMonth == "*") && monthDays.isEmpty {
                entry.dayOfWeek = CronShell.list(plain.map { $0 % 7 })
            } else {
                var tests = plain.map { "$6==\($0)" }
                for day in ordinals {
                    let ordinal = day.ordinal!
                    let position = ordinal > 0 ? "(d-1)/7+1==\(ordinal)" : "(l-d)/7+1==\(-ordinal)"
                    tests.append("($6==\(day.weekday.rawValue)&&\(position))")
                    if ordinal < 0 { needs.insert("length") }
                }
                conditions.append("[ $((\(tests.joined(separator: "||")))) -eq 1 ]")
                needs.insert("numbers")
            }
        }
        if rule.interval > 1 {
            let start = CivilDate(daysSinceEpoch: startDay)
            switch rule.frequency {
            case .daily:
                conditions.append("[ \(CronShell.modulo("j-\(CronShell.julianDay(of: startDay))", rule.interval)) -eq 0 ]")
                needs.insert("julian")
            case .weekly:
                let weekdayIndex = ((startDay % 7) + 7 + 3) % 7
                let weekStart = startDay - (weekdayIndex - (rule.weekStart.rawValue - 1) + 7) % 7
                conditions.append("[ \(CronShell.modulo("(j-\(CronShell.julianDay(of: weekStart)))/7", rule.interval)) -eq 0 ]")
                needs.insert("julian")
            case .monthly where fieldsAllowed && 12 % rule.interval == 0 && entry.month == "*":
                // Every 2, 3, 4 or 6 months: the months themselves.
                entry.month = CronShell.list((1...12).filter { ($0 - start.month + 12) % rule.interval == 0 })
            case .monthly:
                conditions.append("[ \(CronShell.modulo("$1*12+m-\(start.year * 12 + start.month)", rule.interval)) -eq 0 ]")
                needs.insert("numbers")
            case .yearly:
                conditions.append("[ \(CronShell.modulo("$1-\(start.year)", rule.interval)) -eq 0 ]")
            default:
                break
            }
        }
        add(needs, to: &entry)
        entry.conditions += conditions
    }

    /// Makes `j` (and the numbers it needs) available to the entry's conditions.
    func needJulianDay(_ entry: inout CronEntry) {
        add(["julian"], to: &entry)
    }

    private func add(_ needs: Set<String>, to entry: inout CronEntry) {
        func ensure(_ assignment: String) {
            if !entry.assignments.contains(assignment) { entry.assignments.append(assignment) }
        }
        if !needs.isEmpty { ensure(CronShell.numbers) }
        if needs.contains("julian") { ensure(CronShell.julianDay) }
        if needs.contains("length") { ensure(CronShell.monthLength) }
    }
}
