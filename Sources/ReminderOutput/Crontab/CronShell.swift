import Recurrence

/// Shell text for the guards: the clock, numbers, day arithmetic and
/// cron's field syntax.
///
/// Everything here survives Debian's cron, cronie and busybox crond alike:
/// `%` only as `\%` and only outside quotes (Debian's cron and cronie turn
/// `\%` into `%`; busybox leaves it and the shell removes the backslash),
/// no `#` (busybox cuts the line there), no `\\`, no newline. Arithmetic,
/// which cannot hold a backslash, says `a-a/b*b` for `a%b`. Zero-padded
/// numbers are read as `$((1$2-100))`, never as `$2` (08 is invalid octal).
enum CronShell {
    /// Reads the clock once: year, month, day, hour, minute, ISO weekday (1
    /// Monday, 7 Sunday) and seconds since 1970 in `$1` to `$7`, in `zone`
    /// (nil: the machine's).
    static func readClock(zone: String?) -> String {
        "set -- $(\(zone.map { "TZ=\($0) " } ?? "")date +\\%Y\\ \\%m\\ \\%d\\ \\%H\\ \\%M\\ \\%u\\ \\%s)"
    }

    /// The wall-clock time as one number: `202612010900`.
    static let stamp = "$1$2$3$4$5"

    /// `y`, `m`, `d`, `w`: year, month, day and ISO weekday of the clock as numbers.
    static let dateNumbers = "y=$1; m=$((1$2-100)); d=$((1$3-100)); w=$6"

    /// `h`, `n`: hour and minute of the clock as numbers.
    static let clockNumbers = "h=$((1$4-100)); n=$((1$5-100))"

    /// `j`: the Julian day number of `y`, `m`, `d`.
    static let julianDay = "q=$(((14-m)/12)); r=$((y+4800-q)); j=$((d+(153*(m+12*q-3)+2)/5+365*r+r/4-r/100+r/400-32045))"

    /// `y`, `m`, `d` and `w` of the Julian day number `j` (Richards' inverse).
    static let civilDate =
        "q=$((j+32044)); r=$(((4*q+3)/146097)); q=$((q-146097*r/4)); p=$(((4*q+3)/1461)); q=$((q-1461*p/4)); m=$(((5*q+2)/153)); d=$((q-(153*m+2)/5+1)); y=$((100*r+p-4800+m/10)); m=$((m+3-12*(m/10))); w=$((j-j/7*7+1))"

    /// 1 in a leap year `y`, else 0.
    static let leap = "(y/4*4==y&&(y/100*100!=y||y/400*400==y))"

    /// `l`: the length of month `m` of year `y`.
    static let monthLength = "l=$((m==2?28+\(leap):30+((m+m/8)-(m+m/8)/2*2)))"

    /// `s`: the length of year `y`; `t`: the day of the year of `m`, `d`
    /// (1 January is 1; March on, the days before the month less 306).
    static let yearDay = "s=$((365+\(leap))); t=$((m>2?(153*m-457)/5+d+s-306:d+31*m-31))"

    /// `y`, `m`, `d`, `w` moved `days` (1 to 27) on, through the end of the
    /// month or the year, without the Julian day number; `l` the length of
    /// the month it starts in.
    static func later(days: Int) -> String {
        // A whole number of weeks leaves the weekday as it is; nothing is
        // written for it (an empty command would end the line's syntax).
        "\(monthLength); e=$((d+\(days)>l)); d=$((e?d+\(days)-l:d+\(days))); y=$((y+(e&&m==12))); m=$((e?m-m/12*12+1:m))"
            + (days % 7 == 0 ? "" : "; w=$(((w+\(days - 1))-(w+\(days - 1))/7*7+1))")
    }

    /// `k`: the week number of `j` (week 1 holds at least four days of the
    /// year, weeks start on `weekStart`), as RFC 5545's BYWEEKNO counts.
    static func weekNumber(weekStart: Weekday) -> String {
        // The week's fourth day decides its year: before 1 January it is the
        // last year's (whose 1 January is `b` less that year's length).
        let shift = "(w-\(weekStart.rawValue)+7)"
        return "p=$((j-\(shift)+\(shift)/7*7+3)); b=$((j-t+1)); "
            + "k=$((p<b?(p-b+365+\(leap.replacingOccurrences(of: "y", with: "(y-1)")))/7+1:p>=b+s?1:(p-b)/7+1))"
    }

    /// `value mod divisor` without `%`, for values of either sign: zero
    /// exactly when `divisor` divides `value`.
    static func modulo(_ value: String, _ divisor: Int) -> String {
        "((\(value))-(\(value))/\(divisor)*\(divisor))"
    }

    /// The Julian day number of a day counted from 1970-01-01.
    static func julianDay(of day: Int) -> Int {
        // 1970-01-01 is Julian day 2,440,588.
        day + 2_440_588
    }

    /// `202612010900` for a wall-clock reading.
    static func stamp(_ wallClock: WallTime) -> String {
        let date = wallClock.day.date
        let minutes = wallClock.secondOfDay / 60
        return "\(date.year)" + zeroPadded(date.month) + zeroPadded(date.day) + zeroPadded(minutes / 60) + zeroPadded(minutes % 60)
    }

    /// A cron list of numbers, with runs as ranges: `1-5,7`.
    static func list(_ values: [Int]) -> String {
        let sorted = Array(Set(values)).sorted()
        var parts: [String] = []
        var index = 0
        while index < sorted.count {
            var end = index
            while end + 1 < sorted.count && sorted[end + 1] == sorted[end] + 1 { end += 1 }
            if end - index >= 2 {
                parts.append("\(sorted[index])-\(sorted[end])")
            } else {
                parts += sorted[index...end].map(String.init)
            }
            index = end + 1
        }
        return parts.joined(separator: ",")
    }

    /// A field of values from `range`: `*` for all of them, `*/5` or `2-59/5`
    /// for a step through the whole range, else a list.
    static func field(_ values: [Int]?, range: ClosedRange<Int>) -> String {
        guard let values else { return "*" }
        let sorted = Array(Set(values)).sorted()
        if sorted.count == range.count { return "*" }
        if sorted.count >= 2, let first = sorted.first {
            let step = sorted[1] - first
            if step > 1 && range.count % step == 0 && sorted.count == range.count / step && first - range.lowerBound < step
                && zip(sorted, sorted.dropFirst()).allSatisfy({ $1 - $0 == step })
            {
                return first == range.lowerBound ? "*/\(step)" : "\(first)-\(range.upperBound)/\(step)"
            }
        }
        return list(sorted)
    }

    /// A test that `variable` is one of `values`.
    static func membership(_ variable: String, _ values: [Int]) -> String {
        let sorted = Array(Set(values)).sorted()
        if sorted.count == 1 { return "[ $\(variable) -eq \(sorted[0]) ]" }
        return "{ case $\(variable) in \(sorted.map(String.init).joined(separator: "|"))) ;; *) false;; esac; }"
    }
}
