import ReminderModel

/// `remindc schema`: the format as a JSON Schema, for editors and validators.
enum SchemaCommand: Command {
    static let spec = CommandSpec(
        name: "schema",
        abstract: "Print the reminder file format as a JSON Schema (draft-07).",
        discussion: """
            Editors with a YAML language server validate and complete a reminder file against it: \
            start the file with '# yaml-language-server: $schema=PATH' naming a copy of it. \
            The schema checks the shape of a file; 'remindc check' checks the rest.
            """,
        options: [],
        argument: nil
    )

    static func options(from arguments: ParsedArguments, invocation: Invocation) {}

    static func run(_ options: Void, invocation: Invocation) -> Outcome {
        Outcome(stdout: FormatSchema.text)
    }
}
