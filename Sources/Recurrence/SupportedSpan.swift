/// The span of time remindc works in: the years 1900 through 2582, inside
/// its zone tables (`ZoneTransitions`, to 2600) and the years libical (the
/// reader behind Evolution and several CalDAV servers) iterates a rule
/// from: it refuses any RRULE whose DTSTART is after 2582. Times in files, `--now`,
/// `SOURCE_DATE_EPOCH`, `--from` and `--to` outside it are refused with a
/// message, so no arithmetic on them can overflow and every year written
/// out has four digits.
public enum SupportedSpan {
    public static let firstYear = 1900
    public static let lastYear = 2582

    /// Instants: 1900-01-01T00:00:00Z up to 2583-01-01T00:00:00Z.
    public static let instants: Range<Instant> =
        CivilDate(year: firstYear, month: 1, day: 1).dayNumber.midnight.instant(
            offset: 0)..<CivilDate(year: lastYear + 1, month: 1, day: 1).dayNumber.midnight.instant(offset: 0)

    /// The seconds from the span's start to its end: the longest duration.
    public static let seconds = instants.upperBound.seconds(since: instants.lowerBound)

    /// The span as people read it, for messages.
    public static let description = "\(firstYear)-01-01T00:00:00Z to \(lastYear)-12-31T23:59:59Z"
}
