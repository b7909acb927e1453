import CalDAV
import Delivery
import FileSystem
import Foundation
import Publish
import Recurrence
import ReminderCheck
import ReminderModel
import ReminderOutput
import ReminderViews
import Support

/// `remindc publish`: keeps a CalDAV calendar in step with the reminder
/// files, one way: one resource per UID, written only when it changed,
/// and the publisher's resources that no reminder has any more deleted.
enum PublishCommand: Command {
    static let dryRun = OptionSpec(names: ["--dry-run"], valueName: nil, help: "Print the plan and change nothing.")
    static let user = OptionSpec(
        names: ["--user"], valueName: "user", help: "The login; the password is REMINDC_PASSWORD (default: from ~/.netrc).")
    static let name = OptionSpec(
        names: ["--name"], valueName: "name",
        help: "Whose resources these are: what is marked so is updated and deleted.", defaultValue: "remindc")
    static let deleteOthers = OptionSpec(
        names: ["--delete-others"], valueName: nil, help: "Also delete (or replace) members this publisher did not write.")
    static let keepServerEdits = OptionSpec(
        names: ["--keep-server-edits"], valueName: nil, help: "Leave members edited on the server as they are.")
    static let insecure = OptionSpec(names: ["--insecure"], valueName: nil, help: "Allow plain http to a host other than this one.")
    static let caFile = OptionSpec(
        names: ["--ca-file"], valueName: "file",
        help: "Check HTTPS certificates against the authorities of this PEM file (default: the system's).")
    static let timeout = OptionSpec(
        names: ["--timeout"], valueName: "seconds", help: "Give up on a request after this long.", defaultValue: "30")
    static let connections = OptionSpec(
        names: ["--connections"], valueName: "n", help: "Writes in flight at once (1 to 32).",
        defaultValue: "\(Publisher.Options.defaultConcurrency)")
    static let soundBase = OptionSpec(
        names: ["--sound-base"], valueName: "url", help: "Alarm sounds as this URL followed by each sound's path.")
    static let calendar = OptionSpec(
        names: ["--calendar"], valueName: "name",
        help: "The calendar of this name (or path) in the account's calendar home the URL leads to; made when missing.")

    static let spec = CommandSpec(
        name: "publish",
        abstract: "Keep a CalDAV calendar in step with reminder files, alarms included.",
        discussion: """
            Publishes every reminder of the files as one resource of the calendar collection URL (created with \
            MKCALENDAR, named after the files' 'name:', where it does not exist). With --calendar NAME, URL is \
            any address of the account (the server's, e.g. https://cloud.example.com, its principal's or its \
            calendar home's): the calendar home is found as RFC 6764 and RFC 4791 say (the address's or \
            /.well-known/caldav's current-user-principal, then its calendar-home-set; redirects followed on the \
            address's own scheme, host and port only), and in it the calendar whose display name, or else path \
            segment, is NAME, made (named NAME) when there is none. Each resource is \
            a VCALENDAR with its VEVENT or \
            VTODO, alarms and the VTIMEZONEs it uses, marked X-REMINDC-PUBLISHER (--name) and X-REMINDC-DIGEST. \
            Members are found by UID (a calendar-query REPORT, or where the server offers it only the changes \
            since the last run on this machine, whose sync token is kept in $XDG_STATE_HOME/remindc/publish), created with If-None-Match: *, and updated or \
            deleted with If-Match, only when what they hold differs; the publisher's members that no reminder \
            has any more are deleted; others' are left alone unless --delete-others. A member edited on the \
            server since it was published is overwritten and reported, or kept with --keep-server-edits. \
            Prints per reminder id what it did (or, with --dry-run, would do, changing nothing). The password \
            comes from REMINDC_PASSWORD with --user, or from ~/.netrc; it is never printed, and goes only to \
            the calendar's own scheme, host and port: no redirect is followed. HTTPS certificates are checked \
            against the system's store or --ca-file. Plain http is refused, except to this machine, without \
            --insecure. Exits with 0 on success, 1 when a file has an \
            error or a resource could not be published (the others are), and 2 for a usage error, a server that \
            does not answer, or a refused login.
            """,
        options: [
            calendar, dryRun, user, name, deleteOthers, keepServerEdits, insecure, caFile, timeout, connections, soundBase,
            TimeOptions.zoneOption, TimeOptions.nowOption,
        ],
        leading: (
            name: "url",
            help:
                "The calendar collection, e.g. https://cloud.example.com/remote.php/dav/calendars/me/reminders/; with --calendar, any address of the account, e.g. https://cloud.example.com."
        ),
        argument: CommandSpec.paths
    )

    struct Options {
        var time: TimeOptions
        var target: URL
        /// `--calendar`: the calendar's name in the account `target` leads to.
        var calendarName: String?
        var publisher: String
        var timeout: Double
        var connections: Int
        var soundBase: String?
        /// `--ca-file`, absolute.
        var authorities: String?
        var credentials: HTTPClient.Credentials?
        /// What `~/.netrc` made remindc warn of.
        var netrcWarning: String
        var dryRun: Bool
        var deleteOthers: Bool
        var keepServerEdits: Bool
        var paths: [String]
    }

    static func options(from arguments: ParsedArguments, invocation: Invocation) throws(UsageError) -> Options {
        let time = try TimeOptions.read(arguments, invocation: invocation, command: spec.name)
        let target: URL
        do {
            target = try CalendarAccess.collectionURL(arguments.positionals[0], insecure: arguments.flag(insecure))
        } catch {
            throw usageError(error.message)
        }
        let calendarName = arguments.value(calendar)
        if let calendarName, calendarName.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty || calendarName.contains("/") {
            throw usageError("--calendar takes a calendar's name, not '\(TerminalText.visible(calendarName))'")
        }
        if calendarName == nil && (target.path.isEmpty || target.path == "/" || target.path.hasPrefix("/.well-known/")) {
            throw usageError(
                "\(TerminalText.visible(target.absoluteString)) is a server's address, not a calendar's: "
                    + "give --calendar NAME to find (or make) the calendar NAME of the account")
        }
        let publisher = arguments.value(name) ?? "remindc"
        guard PlainName.isPlain(publisher) else {
            throw usageError("--name must be letters, digits, '.', '_' and '-'")
        }
        let seconds =
            try arguments.value(timeout).map { text throws(UsageError) -> Double in
                guard let seconds = Double(text), seconds > 0, seconds <= 3600 else {
                    throw usageError("--timeout takes seconds between 0 and 3600, not '\(text)'")
                }
                return seconds
            } ?? 30
        let count =
            try arguments.value(connections).map { text throws(UsageError) -> Int in
                guard let count = Int(text), (1...32).contains(count) else {
                    throw usageError("--connections takes a number from 1 to 32, not '\(text)'")
                }
                return count
            } ?? Publisher.Options.defaultConcurrency
        let base = try IcsCommand.validSoundBase(arguments.value(soundBase), command: spec.name)
        let authorities = try arguments.value(caFile).map { path throws(UsageError) -> String in
            var status = stat()
            guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG, access(path, R_OK) == 0 else {
                throw usageError("--ca-file '\(TerminalText.visible(path))' is not a file remindc can read")
            }
            return path.hasPrefix("/") ? path : invocation.workingFolder + "/" + path
        }
        let (credentials, netrcWarning): (HTTPClient.Credentials?, String)
        do {
            (credentials, netrcWarning) = try CalendarAccess.credentials(
                for: target, user: arguments.value(user), environment: invocation.environment)
        } catch {
            throw usageError(error.message)
        }
        return Options(
            time: time, target: target, calendarName: calendarName, publisher: publisher, timeout: seconds, connections: count,
            soundBase: base,
            authorities: authorities, credentials: credentials, netrcWarning: netrcWarning, dryRun: arguments.flag(dryRun),
            deleteOthers: arguments.flag(deleteOthers), keepServerEdits: arguments.flag(keepServerEdits),
            paths: Array(arguments.positionals.dropFirst()))
    }

    static func run(_ given: Options, invocation: Invocation) -> Outcome {
        let (time, publisher, credentials, netrcWarning) = (given.time, given.publisher, given.credentials, given.netrcWarning)
        var loaded: LoadedFiles
        // What `check --for caldav` reports. A calendar holds one resource
        // per UID: a UID of two files' reminders is refused too, as `check`
        // refuses it.
        switch LoadedFiles.load(
            given.paths, floatingZone: time.zone,
            check: { _, scheduled, _ in
                scheduled.map {
                    $0.scheduleDiagnostics()
                        + OutputTarget.caldav.findings(in: $0, hostZone: time.zone, now: time.now, workingFolder: invocation.workingFolder)
                } ?? []
            })
        {
        case .success(let files): loaded = files
        case .failure(let error): return error.outcome
        }
        if !loaded.hasErrors { loaded.insert(AcrossFiles.duplicateUIDs(loaded.files)) }
        if loaded.hasErrors { return loaded.failure }
        let files = loaded.files
        let writer = ICalendarWriter(
            options: .init(
                now: time.now, soundBase: given.soundBase,
                workingFolder: invocation.workingFolder, parallelism: Remindc.parallelism))
        let wanted = CalendarResource.resources(writer.objects(files), publisher: publisher)

        var options = Publisher.Options(publisher: publisher, calendarName: given.calendarName ?? files.lazy.compactMap(\.file.name).first)
        options.dryRun = given.dryRun
        options.deleteOthers = given.deleteOthers
        options.keepServerEdits = given.keepServerEdits
        options.concurrency = given.connections
        let http = HTTPClient(
            credentials: credentials, timeout: given.timeout, connections: given.connections, authorities: given.authorities)
        var target = given.target
        if let name = given.calendarName {
            switch CalendarDiscovery(http: http).calendar(named: name, from: given.target) {
            case .failure(let failure):
                let reason =
                    failure.refusedLogin != nil
                    ? credentials.map {
                        "the server refused the login (401, \(http.loginScheme)) of user '\(TerminalText.visible($0.user))'"
                    }
                        ?? "the server refused the login (401); give --user and REMINDC_PASSWORD, or a ~/.netrc entry"
                    : TerminalText.visible(failure.description)
                return Outcome(
                    stderr: netrcWarning + loaded.report + "Error: cannot find the calendar '\(TerminalText.visible(name))': \(reason)\n",
                    status: 2)
            case .success(let found):
                target = found.url
            }
        }
        let collection = CalendarCollection(url: target, http: http)
        let shown = TerminalText.visible(collection.url.absoluteString)
        let stateFile = PublishState(folders: UserFolders(environment: invocation.environment), url: collection.url, publisher: publisher)
        // Each resource's line as its request completes, in the plan's
        // order; on a terminal, a count of them on standard error.
        var output = OutputBuffer(channel: invocation.standardOutput)
        let counter = ProgressCounter(showing: invocation.standardOutput != nil && isatty(2) == 1)
        let published = Publisher(collection: collection, options: options).publish(wanted, state: stateFile.load(), total: counter.start) {
            done in
            counter.advance { output.append(Array(line(for: done).utf8)) }
        }
        counter.finish()
        switch published {
        case .failure(let stop):
            let reason: String =
                switch stop {
                case .unreachable(let message): "cannot reach the calendar \(shown): \(TerminalText.visible(message))"
                case .authentication(let status):
                    credentials.map {
                        "the server refused the login (\(status), \(http.loginScheme)) of user '\(TerminalText.visible($0.user))'"
                    }
                        ?? "the server refused the login (\(status)); give --user and REMINDC_PASSWORD, or a ~/.netrc entry"
                case .notACalendar:
                    "\(shown) is not a calendar collection"
                        + (given.calendarName == nil ? "; give --calendar NAME to use the calendar NAME of the account" : "")
                case .cannotCreate(let message):
                    "the calendar \(shown) does not exist and cannot be created: \(TerminalText.visible(message))"
                }
            return Outcome(stderr: netrcWarning + loaded.report + "Error: \(reason)\n", status: 2)
        case .success(let report):
            var warnings = netrcWarning + loaded.report + outsideWarning(report.outside, url: shown) + sharedWarning(report.plan.sharedUIDs)
            if !options.dryRun {
                do {
                    try stateFile.save(report.state)
                } catch {
                    warnings += "warning: cannot keep the calendar's sync state in \(stateFile.file.path): \(error.localizedDescription)\n"
                }
            }
            return summary(report, stdout: output.finish(), url: shown, dryRun: options.dryRun, warnings: warnings)
        }
    }

    /// A step's line: what was done (or would be) to the reminder's
    /// resource, or why it failed.
    static func line(for done: Publisher.Done) -> String {
        let id = TerminalText.visible(done.step.reminderID)
        let (word, note) = words(for: done.step)
        if let failure = done.failure { return "failed     \(id): \(word): \(TerminalText.visible(failure))\n" }
        return word.padding(toLength: 11, withPad: " ", startingAt: 0) + id + note + "\n"
    }

    /// A step's word in the summary and the note its line adds.
    static func words(for step: PublishPlan.Step) -> (word: String, note: String) {
        switch step {
        case .create: ("create", "")
        case .update(_, _, let edited): ("update", edited ? " (edited on the server since it was published; overwritten)" : "")
        case .unchanged: ("unchanged", "")
        case .keptEdit: ("kept", " (edited on the server since it was published; kept)")
        case .taken: ("taken", "")
        case .delete(_, let owned): ("delete", owned ? "" : " (another's, --delete-others)")
        }
    }

    /// The totals of what was done (or would be), after `stdout`, its lines
    /// as they were printed.
    static func summary(_ report: Publisher.Report, stdout: String, url: String, dryRun: Bool, warnings: String) -> Outcome {
        var counts: [String: Int] = [:]
        var failed = 0
        for done in report.done {
            if done.failure != nil {
                failed += 1
            } else {
                counts[words(for: done.step).word, default: 0] += 1
            }
        }
        let words =
            dryRun
            ? [("create", "to create"), ("update", "to update"), ("delete", "to delete"), ("unchanged", "unchanged"), ("kept", "to keep")]
            : [("create", "created"), ("update", "updated"), ("delete", "deleted"), ("unchanged", "unchanged"), ("kept", "kept")]
        var totals = words.compactMap { key, word in counts[key].map { "\($0) \(word)" } }
        if failed > 0 { totals.append("\(failed) failed") }
        if report.plan.othersLeft > 0 { totals.append("\(report.plan.othersLeft) of others left alone") }
        let what = totals.isEmpty ? "nothing to publish" : totals.joined(separator: ", ")
        var created = report.createdCollection ? (dryRun ? "would create the calendar; " : "created the calendar; ") : ""
        switch report.listing {
        case .full: break
        case .changes(let count): created += "changes since the last run (\(count) read); "
        case .refusedToken: created += "the server no longer knew the last run's sync token, so listed in full; "
        case .unusableChanges: created += "the server's answer to the last run's sync token could not be used, so listed in full; "
        }
        let stderr =
            dryRun
            ? "remindc: dry run for \(url): \(created)\(what); nothing was changed\n"
            : "remindc: published to \(url): \(created)\(what)\n"
        return Outcome(stdout: stdout, stderr: warnings + stderr, status: failed > 0 ? 1 : 0)
    }

    /// The warning for members the server listed outside the collection:
    /// the first five by href, and how many more.
    static func outsideWarning(_ hrefs: [String], url: String) -> String {
        firstFive(hrefs, more: "members listed outside \(url), left alone") { href in
            "the server listed \(TerminalText.visible(String(href.prefix(300)))) as a member, but it is not inside \(url); "
                + "left alone (nothing is read, written or deleted there)"
        }
    }

    /// The warning for resources of others that hold the UID of one of the
    /// publisher's beside it (a server that takes a second resource of a
    /// UID): the first five, and how many more.
    static func sharedWarning(_ shared: [PublishPlan.SharedUID]) -> String {
        firstFive(shared, more: "resources of others share a reminder's UID") { pair in
            "'\(TerminalText.visible(pair.reminderID))' shares its UID with \(TerminalText.visible(String(pair.href.prefix(300)))), "
                + "which this publisher did not write: calendars show both (--delete-others removes it)"
        }
    }

    /// A warning line for each of the first five `items`, then one that
    /// says how many `more` there are.
    private static func firstFive<Item>(_ items: [Item], more: String, _ line: (Item) -> String) -> String {
        var text = items.prefix(5).map { "warning: " + line($0) + "\n" }.joined()
        if items.count > 5 { text += "warning: and \(items.count - 5) more \(more)\n" }
        return text
    }
}

/// A count of the resources published so far, redrawn in place on
/// standard error when it is a terminal ("12 of 1000"), and erased at the
/// end; nothing otherwise, so a log or a CI job gets the lines alone.
final class ProgressCounter: @unchecked Sendable {
    private let showing: Bool
    private var total = 0
    private var done = 0

    init(showing: Bool) {
        self.showing = showing
    }

    func start(_ total: Int) {
        self.total = total
    }

    /// One more done: the count erased, `printing` (a line on standard
    /// output), and the count drawn again. Called one at a time.
    func advance(_ printing: () -> Void) {
        done += 1
        guard showing, total > 1 else { return printing() }
        if done > 1 { _ = FileDescriptor.writeAll(Array("\r\u{1B}[K".utf8), to: 2) }
        printing()
        _ = FileDescriptor.writeAll(Array("\(done) of \(total)".utf8), to: 2)
    }

    func finish() {
        guard showing, total > 1, done > 0 else { return }
        _ = FileDescriptor.writeAll(Array("\r\u{1B}[K".utf8), to: 2)
    }
}
