import Recurrence

/// One crontab entry: five portable fields and a POSIX-sh guard that keeps
/// only the exact fire times, then the command.
///
/// Everything written into a line survives the three common daemons alike:
/// - `%` only as `\%` and only outside quotes: Debian's cron and cronie turn
///   `\%` into `%`; busybox crond leaves `\%`, and the shell removes the
///   backslash. Arithmetic, which cannot hold a backslash, uses `a-a/b*b`
///   instead of `a%b`.
/// - no `#` (busybox cuts the line there, even inside quotes), no `\\`
///   (Debian turns it into `\`), no newline;
/// - reminder text only as base64 (`A-Z a-z 0-9 + / =`), decoded when the
///   command runs.
///
/// The guard reads the clock once: `set -- $(date +\%Y\ \%m\ \%d\ \%H\ \%M\ \%u)`
/// leaves year, month, day, hour, minute and ISO weekday (1 Monday, 7
/// Sunday) in `$1` to `$6`, zero-padded, for the reminder's zone
/// (`TZ=Zone date` when it is not the machine's). Zero-padded numbers are
/// read as `$((1$2-100))`, never as `$2` (08 would be invalid octal).
struct CronEntry {
    var minute: String
    var hour: String
    var dayOfMonth = "*"
    var month = "*"
    var dayOfWeek = "*"
    /// Shell assignments the conditions need, in order.
    var assignments: [String] = []
    /// Conditions, each a complete shell test; all must hold.
    var conditions: [String] = []

    /// Whether cron treats the line as a fixed time for daylight saving:
    /// neither the minute nor the hour field starts with `*`.
    var isFixedTime: Bool { !minute.hasPrefix("*") && !hour.hasPrefix("*") }

    /// The five fields.
    var schedule: String { "\(minute) \(hour) \(dayOfMonth) \(month) \(dayOfWeek)" }

    /// The whole line, reading the clock in `zone` (nil: the machine's).
    func line(zone: String?, command: String) -> String {
        var parts: [String] = []
        if !conditions.isEmpty {
            parts.append("set -- $(\(zone.map { "TZ=\($0) " } ?? "")date +\\%Y\\ \\%m\\ \\%d\\ \\%H\\ \\%M\\ \\%u)")
            parts += assignments
        }
        let guardText = conditions.joined(separator: " && ")
        let body = guardText.isEmpty ? command : "\(guardText) && \(command)"
        return schedule + " " + (parts + [body]).joined(separator: "; ")
    }
}

/// Shell text for the guards: numbers, stamps and the day arithmetic.
enum CronShell {
    /// `m`, `d`, `h`, `n`: month, day, hour, minute as numbers.
    static let numbers = "m=$((1$2-100)); d=$((1$3-100)); h=$((1$4-100)); n=$((1$5-100))"
    /// `j`: the Julian day number of the date in `$1`, `m`, `d`.
    static let julianDay = "a=$(((14-m)/12)); y=$(($1+4800-a)); j=$((d+(153*(m+12*a-3)+2)/5+365*y+y/4-y/100+y/400-32045))"
    /// `l`: the length of the month.
    static let monthLength = "l=$((m==2?28+(($1-$1/4*4)==0&&(($1-$1/100*100)!=0||($1-$1/400*400)==0)):30+((m+m/8)-(m+m/8)/2*2)))"
    /// The wall-clock time as one number: `202612010900`.
    static let stamp = "$1$2$3$4$5"

    /// `value mod divisor` without `%`, for non-negative values.
    static func modulo(_ value: String, _ divisor: Int) -> String {
        "$(((\(value))-(\(value))/\(divisor)*\(divisor)))"
    }

    /// The Julian day number of a date, as the guard computes it.
    static func julianDay(of day: Int) -> Int {
        // 1970-01-01 is Julian day 2,440,588.
        day + 2_440_588
    }

    /// `202612010900` for naive seconds.
    static func stamp(_ wallClock: Int) -> String {
        let day = wallClock.floorDivided(by: 86_400)
        let date = CivilDate(daysSinceEpoch: day)
        let minutes = (wallClock - day * 86_400) / 60
        return "\(date.year)" + two(date.month) + two(date.day) + two(minutes / 60) + two(minutes % 60)
    }

    static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

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
}
