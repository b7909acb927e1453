// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "remindc",
    products: [
        .executable(name: "remindc", targets: ["remindc"]),
        .library(name: "ReminderModel", targets: ["ReminderModel"]),
    ],
    targets: [
        // libyaml; only YAMLSyntax imports it.
        .systemLibrary(
            name: "CLibYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"])]
        ),
        // libcurl; only CalDAV's HTTPClient imports it.
        .systemLibrary(
            name: "CLibCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
        ),
        // What exists for speed alone, behind `package` access: work on every
        // core, a relay of values to one more thread, a value shared until
        // changed, a table read without locks. No public API shows it.
        .target(name: "Support"),
        // syncfs(2), which glibc declares only under _GNU_SOURCE: one flush
        // for the many files `systemd -o` writes at once.
        .target(name: "CFileSystem"),
        // Files and folders as remindc writes and reads them on this
        // machine: written whole or not at all, regular files only, the
        // user's folders from the environment. Knows no reminders.
        .target(name: "FileSystem", dependencies: ["Support", "CFileSystem"]),
        // libyaml events -> a node tree with positions, under fixed limits.
        .target(name: "YAMLSyntax", dependencies: ["CLibYAML"]),
        // Civil dates and times, recurrence rules (RFC 5545, RFC 7529). Knows no YAML.
        .target(name: "Recurrence", dependencies: ["Support"]),
        // The built-in public holidays: holidays.txt, one region per line,
        // written by scripts/holidays-table.py from python-holidays and
        // built into the binary as it is (table.c, `#embed`).
        .target(name: "CHolidayTable", exclude: ["holidays.txt"]),
        // The reminder file model, its decoding from nodes, and the diagnostics catalogue.
        .target(name: "ReminderModel", dependencies: ["Support", "YAMLSyntax", "Recurrence", "CHolidayTable"]),
        // Writers (iCalendar, crontab, systemd units, occurrences) and what
        // each refuses; reporters of diagnostics as text, JSON, SARIF, GitHub.
        .target(name: "ReminderOutput", dependencies: ["Support", "YAMLSyntax", "Recurrence", "ReminderModel"]),
        // The checker: a catalogue of rules, each describing and testing
        // itself, and what `check` means, whole (the outputs' own checks included).
        .target(name: "ReminderCheck", dependencies: ["Support", "YAMLSyntax", "Recurrence", "ReminderModel", "ReminderOutput"]),
        // What `remindc agenda` and `remindc calendar` show: the occurrences
        // of a span of days, with the checker's findings at their alerts.
        .target(name: "ReminderViews", dependencies: ["Support", "Recurrence", "ReminderModel", "ReminderOutput", "ReminderCheck"]),
        // CalDAV (RFC 4791, RFC 6578) over libcurl: a calendar collection's
        // members, read and written under ETag conditions. Knows no reminders.
        .target(name: "CalDAV", dependencies: ["CLibCurl"]),
        // `remindc publish`: the .ics writer's calendar objects marked as the
        // publisher's, the plan that brings a collection in step with them,
        // and carrying it out; the collection's address, its login (from
        // the environment or ~/.netrc) and where plain http may go.
        .target(name: "Publish", dependencies: ["Support", "ReminderModel", "ReminderOutput", "CalDAV", "FileSystem"]),
        // What acts on this machine for the user: the crontab and systemd
        // installs, desktop alerts (notify, due, resume), their state under
        // $XDG_STATE_HOME, the programs run.
        .target(name: "Delivery", dependencies: ["Support", "FileSystem", "Recurrence", "ReminderModel", "ReminderOutput"]),
        // `remindc import`: iCalendar files read with their lines' places,
        // mapped to reminders, written as one reminder file.
        .target(name: "CalendarImport", dependencies: ["Recurrence", "ReminderModel", "ReminderOutput", "YAMLSyntax"]),
        // Commands declared once: parse the arguments, call the libraries, print.
        .target(
            name: "RemindCLI",
            dependencies: [
                "Support", "FileSystem", "Recurrence", "ReminderModel", "ReminderCheck", "ReminderOutput", "ReminderViews", "CalDAV",
                "Publish",
                "Delivery", "CalendarImport",
            ]),
        // The commit the binary is built from, for `remindc --version`
        // (scripts/build-info.sh, before each build).
        .plugin(name: "BuildInfo", capability: .buildTool(), path: "Plugins/BuildInfo"),
        .executableTarget(name: "remindc", dependencies: ["RemindCLI"], plugins: ["BuildInfo"]),

        .executableTarget(
            name: "CheckBenchmark",
            dependencies: ["CLibYAML", "YAMLSyntax", "Recurrence", "ReminderModel", "ReminderCheck"],
            path: "Benchmarks/CheckBenchmark"
        ),

        .executableTarget(
            name: "ExpandBenchmark",
            dependencies: ["Recurrence"],
            path: "Benchmarks/ExpandBenchmark"
        ),

        .executableTarget(
            name: "ViewsBenchmark",
            path: "Benchmarks/ViewsBenchmark"
        ),

        .executableTarget(
            name: "ImportBenchmark",
            dependencies: ["CalendarImport", "Recurrence", "ReminderModel", "ReminderOutput"],
            path: "Benchmarks/ImportBenchmark"
        ),

        // The repository's reminder files, for tests that run over all of them.
        .target(name: "RepositoryFiles", dependencies: ["ReminderModel"], path: "Tests/RepositoryFiles"),
        .testTarget(
            name: "CalendarImportTests",
            dependencies: ["CalendarImport", "ReminderModel", "ReminderOutput", "Recurrence", "YAMLSyntax", "RepositoryFiles"],
            exclude: ["Corpus"]),
        .testTarget(name: "SupportTests", dependencies: ["Support", "YAMLSyntax"]),
        .testTarget(name: "CalDAVTests", dependencies: ["CalDAV"], exclude: ["Exchanges"]),
        .testTarget(
            name: "PublishTests", dependencies: ["Publish", "CalDAV", "ReminderOutput", "ReminderModel", "Recurrence", "YAMLSyntax"]),
        .testTarget(name: "DeliveryTests", dependencies: ["Delivery", "FileSystem", "ReminderModel", "ReminderOutput", "Recurrence"]),
        .testTarget(name: "FileSystemTests", dependencies: ["FileSystem"]),
        .testTarget(name: "YAMLSyntaxTests", dependencies: ["YAMLSyntax"]),
        .testTarget(name: "RecurrenceTests", dependencies: ["Recurrence"], exclude: ["Oracles"]),
        .testTarget(name: "ReminderModelTests", dependencies: ["Support", "YAMLSyntax", "Recurrence", "ReminderModel", "RepositoryFiles"]),
        .testTarget(name: "ReminderOutputTests", dependencies: ["Support", "YAMLSyntax", "Recurrence", "ReminderModel", "ReminderOutput"]),
        .testTarget(
            name: "ReminderViewsTests",
            dependencies: [
                "Support", "Recurrence", "ReminderModel", "ReminderOutput", "ReminderCheck", "ReminderViews",
                "RepositoryFiles",
            ],
            exclude: ["Golden", "Oracles"]),
        .testTarget(
            name: "ReminderCheckTests", dependencies: ["YAMLSyntax", "Recurrence", "ReminderModel", "ReminderCheck", "ReminderOutput"]),
        .testTarget(
            name: "RemindCLITests",
            dependencies: [
                "RemindCLI", "remindc", "Recurrence", "ReminderModel", "ReminderCheck", "ReminderOutput", "ReminderViews", "Delivery",
                "CalendarImport", "Publish", "FileSystem",
                "RepositoryFiles",
            ],
            exclude: ["Golden", "Fixtures", "Oracles"]
        ),
    ]
)
