import Foundation
import ReminderCheck

/// `remindc completions SHELL`: a completion script for bash, zsh or fish,
/// made from the same command specs as `--help`, so that a new option
/// completes as soon as it exists.
enum CompletionsCommand: Command {
    enum Shell: String, CaseIterable {
        case bash, zsh, fish
    }

    static let spec = CommandSpec(
        name: "completions",
        abstract: "Print a shell completion script for bash, zsh or fish.",
        discussion: """
            bash: 'source <(remindc completions bash)' in ~/.bashrc. \
            zsh: 'remindc completions zsh > ~/.zfunc/_remindc' with ~/.zfunc in fpath before compinit. \
            fish: 'remindc completions fish > ~/.config/fish/completions/remindc.fish'.
            """,
        options: [],
        argument: (name: "shell", help: "bash, zsh or fish.", repeating: false)
    )

    static func options(from arguments: ParsedArguments, invocation: Invocation) throws(UsageError) -> Shell {
        let name = arguments.positionals.first ?? ""
        guard arguments.positionals.count == 1, let shell = Shell(rawValue: name) else {
            throw usageError("name one shell: bash, zsh or fish" + (name.isEmpty ? "" : ", not '\(name)'"))
        }
        return shell
    }

    static func run(_ shell: Shell, invocation: Invocation) -> Outcome {
        Outcome(stdout: script(for: shell))
    }

    static func script(for shell: Shell) -> String {
        let commands = Remindc.specs + [Remindc.helpSpec]
        switch shell {
        case .bash: return bash(commands)
        case .zsh: return zsh(commands)
        case .fish: return fish(commands)
        }
    }

    /// What completes a command's positional arguments.
    enum Positional {
        case paths, words([String]), nothing
    }

    static func positional(of command: CommandSpec) -> Positional {
        switch command.name {
        case "help": .words(Remindc.specs.map(\.name) + ["help"])
        case "rules": .words(Rules.descriptors.map(\.id))
        case "completions": .words(Shell.allCases.map(\.rawValue))
        default: command.argument?.name == "path" ? .paths : .nothing
        }
    }

    /// What completes an option's value.
    enum Value {
        case words([String]), file, folder, anything
    }

    static func value(of option: OptionSpec) -> Value? {
        guard let name = option.valueName else { return nil }
        if let allowed = option.allowed { return .words(allowed) }
        return switch name {
        case "file": .file
        case "folder": .folder
        default: .anything
        }
    }

    /// The first sentence of a help text, for a completion's description.
    static func summary(_ help: String) -> String {
        let sentence = help.split(separator: ". ", maxSplits: 1).first.map(String.init) ?? help
        return sentence.hasSuffix(".") ? String(sentence.dropLast()) : sentence
    }

    // MARK: bash

    static func bash(_ commands: [CommandSpec]) -> String {
        var text = """
            # bash completion for remindc; written by 'remindc completions bash'.
            _remindc() {
                local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}"
                if [[ $COMP_CWORD -eq 1 ]]; then
                    COMPREPLY=($(compgen -W "\(commands.map(\.name).joined(separator: " ")) --help --version" -- "$cur"))
                    return
                fi
                case "${COMP_WORDS[1]}" in

            """
        for command in commands {
            text += "        \(command.name))\n"
            let valued = command.options.filter { $0.valueName != nil }
            if !valued.isEmpty {
                text += "            case \"$prev\" in\n"
                for option in valued {
                    let reply =
                        switch value(of: option)! {
                        case .words(let words): "COMPREPLY=($(compgen -W \"\(words.joined(separator: " "))\" -- \"$cur\"))"
                        case .file: "compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- \"$cur\"))"
                        case .folder: "compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -d -- \"$cur\"))"
                        case .anything: "COMPREPLY=()"
                        }
                    text += "                \(option.names.joined(separator: "|"))) \(reply); return ;;\n"
                }
                text += "            esac\n"
            }
            let names = (command.options + [CommandSpec.helpOption]).flatMap(\.names)
            text += "            if [[ \"$cur\" == -* ]]; then\n"
            text += "                COMPREPLY=($(compgen -W \"\(names.joined(separator: " "))\" -- \"$cur\"))\n"
            switch positional(of: command) {
            case .paths:
                text += "            else\n"
                text += "                compopt -o filenames 2>/dev/null\n"
                text +=
                    "                COMPREPLY=($(compgen -d -- \"$cur\") $(compgen -f -X '!*.yaml' -- \"$cur\") $(compgen -f -X '!*.yml' -- \"$cur\"))\n"
            case .words(let words):
                text += "            else\n"
                text += "                COMPREPLY=($(compgen -W \"\(words.joined(separator: " "))\" -- \"$cur\"))\n"
            case .nothing:
                break
            }
            text += "            fi\n            ;;\n"
        }
        text += """
                esac
            }
            complete -F _remindc remindc

            """
        return text
    }

    // MARK: zsh

    /// Text inside a single-quoted zsh word, and inside `[...]` of `_arguments`.
    private static func zshQuoted(_ text: String) -> String {
        text.replacingOccurrences(of: "'", with: "'\\''").replacingOccurrences(of: "[", with: "(")
            .replacingOccurrences(of: "]", with: ")").replacingOccurrences(of: ":", with: " -")
    }

    static func zsh(_ commands: [CommandSpec]) -> String {
        var text = """
            #compdef remindc
            # zsh completion for remindc; written by 'remindc completions zsh'.
            _remindc() {
                local -a commands
                commands=(

            """
        for command in commands {
            text += "        '\(command.name):\(zshQuoted(summary(command.abstract)))'\n"
        }
        text += """
                )
                if (( CURRENT == 2 )); then
                    _describe 'command' commands
                    return
                fi
                local command=$words[2]
                shift words
                (( CURRENT-- ))
                case $command in

            """
        for command in commands {
            var specs: [String] = []
            for option in command.options + [CommandSpec.helpOption] {
                let exclusive = option.names.count > 1 ? "(\(option.names.joined(separator: " ")))" : ""
                let names = option.names.count > 1 ? "{\(option.names.joined(separator: ","))}" : option.names[0]
                var spec = "'\(exclusive)'\(names)'[\(zshQuoted(summary(option.help)))]"
                if let value = value(of: option) {
                    let action =
                        switch value {
                        case .words(let words): "(\(words.joined(separator: " ")))"
                        case .file: "_files"
                        case .folder: "_files -/"
                        case .anything: " "
                        }
                    spec += ":\(option.valueName!):\(action)"
                }
                specs.append(spec + "'")
            }
            switch positional(of: command) {
            case .paths: specs.append("'*:path:_files -g \"*.(yaml|yml)(-.)\"'")
            case .words(let words): specs.append("'*:\(command.argument?.name ?? "word"):(\(words.joined(separator: " ")))'")
            case .nothing: if let argument = command.argument { specs.append("'*:\(argument.name): '") }
            }
            if let leading = command.leading { specs.insert("'1:\(leading.name): '", at: 0) }
            text += "        \(command.name))\n            _arguments \\\n"
            text += specs.map { "                \($0)" }.joined(separator: " \\\n") + "\n            ;;\n"
        }
        text += """
                esac
            }
            _remindc "$@"

            """
        return text
    }

    // MARK: fish

    private static func fishQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }

    static func fish(_ commands: [CommandSpec]) -> String {
        var text = """
            # fish completion for remindc; written by 'remindc completions fish'.
            complete -c remindc -f
            complete -c remindc -n __fish_use_subcommand -l help -s h -d 'Show help information'
            complete -c remindc -n __fish_use_subcommand -l version -d 'Show the version'

            """
        for command in commands {
            text += "complete -c remindc -n __fish_use_subcommand -a \(command.name) -d \(fishQuoted(summary(command.abstract)))\n"
        }
        for command in commands {
            let when = "-n '__fish_seen_subcommand_from \(command.name)'"
            for option in command.options + [CommandSpec.helpOption] {
                var line = "complete -c remindc \(when)"
                for name in option.names {
                    line += name.hasPrefix("--") ? " -l \(name.dropFirst(2))" : " -s \(name.dropFirst())"
                }
                if let value = value(of: option) {
                    switch value {
                    case .words(let words): line += " -x -a \(fishQuoted(words.joined(separator: " ")))"
                    case .file: line += " -r -F"
                    case .folder: line += " -x -a '(__fish_complete_directories)'"
                    case .anything: line += " -x"
                    }
                }
                text += line + " -d \(fishQuoted(summary(option.help)))\n"
            }
            switch positional(of: command) {
            case .paths: text += "complete -c remindc \(when) -F\n"
            case .words(let words): text += "complete -c remindc \(when) -a \(fishQuoted(words.joined(separator: " ")))\n"
            case .nothing: break
            }
        }
        return text
    }
}
