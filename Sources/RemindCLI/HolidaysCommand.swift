import Recurrence
import ReminderModel
import ReminderOutput

/// `remindc holidays`: a region's public holidays in the built-in table.
enum HolidaysCommand: Command {
    static let spec = CommandSpec(
        name: "holidays",
        abstract: "List a region's public holidays from remindc's built-in table.",
        discussion: """
            A region is a country (GB) or one of its subdivisions (GB-ENG, US-NY, DE-BY), as ISO 3166 names them; \
            'holidays: {region: GB-ENG}' in a file makes them its days off. --list prints every region the table holds, \
            with its years. The table comes from python-holidays; 'remindc holidays --source' says which release.
            """,
        options: [yearOption, listOption, sourceOption, TimeOptions.nowOption],
        argument: (name: "region", help: "The region: GB, GB-ENG, US-NY, ...", repeating: false),
        argumentIsOptional: true
    )

    static let yearOption = OptionSpec(names: ["--year"], valueName: "year", help: "The year to list (default: this year).")
    static let listOption = OptionSpec(names: ["--list"], valueName: nil, help: "List every region the table holds, with its years.")
    static let sourceOption = OptionSpec(names: ["--source"], valueName: nil, help: "Say where the table comes from, and its years.")

    enum Request {
        case region(HolidayTable.Region, year: Int)
        case list
        case source
    }

    static func options(from arguments: ParsedArguments, invocation: Invocation) throws(UsageError) -> Request {
        let time = try TimeOptions.read(arguments, invocation: invocation, command: spec.name)
        if arguments.flag(listOption) { return .list }
        if arguments.flag(sourceOption) { return .source }
        guard let code = arguments.positionals.first else {
            throw usageError("Name a region (GB, GB-ENG, US-NY), or give --list for every region")
        }
        guard let region = HolidayTable.region(code) else {
            let suggestion = closest(to: code.uppercased(), in: HolidayTable.codes)
            throw usageError(
                "remindc's table has no holidays for '\(TerminalText.visible(code))'" + (suggestion.map { ". Did you mean '\($0)'?" } ?? "")
                    + " ('remindc holidays --list' lists every region)")
        }
        var year = time.now.wallTime(offset: time.zone.secondsFromGMT()).day.date.year
        if let text = arguments.value(yearOption) {
            guard let given = Int(text), (1...9999).contains(given) else {
                throw usageError("--year must be a year such as 2027, not '\(text)'")
            }
            year = given
        }
        guard region.years.contains(year) else {
            throw usageError(
                "remindc's table holds the holidays of \(region.code) from \(region.years.lowerBound) "
                    + "through \(region.years.upperBound), not \(year)")
        }
        return .region(region, year: year)
    }

    static func run(_ request: Request, invocation: Invocation) -> Outcome {
        switch request {
        case .source:
            let source = HolidayTable.source
            return Outcome(
                stdout: "\(source.library), \(source.years.lowerBound) through \(source.years.upperBound), "
                    + "\(HolidayTable.codes.count) regions\n")
        case .list:
            return Outcome(
                stdout: HolidayTable.codes.compactMap { code in
                    HolidayTable.years(of: code).map { "\(code) \($0.lowerBound)-\($0.upperBound)\n" }
                }.joined())
        case .region(let region, let year):
            let first = CivilDate(year: year, month: 1, day: 1).dayNumber
            let last = CivilDate(year: year, month: 12, day: 31).dayNumber
            let days = region.days.filter { $0.key >= first && $0.key <= last }.sorted { $0.key < $1.key }
            return Outcome(
                stdout: days.map { day, name in
                    "\(day.date)  \(day.weekday.name.capitalized.prefix(3))  \(TerminalText.visible(name))\n"
                }.joined())
        }
    }
}
