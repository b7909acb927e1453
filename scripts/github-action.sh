#!/usr/bin/env bash
# The steps of the GitHub Action (action.yml), one per argument:
#   install  build remindc from this checkout as the README's Install says,
#            into $REMINDC_PREFIX (default $RUNNER_TEMP/remindc), and put it
#            on the job's PATH;
#   check    check $REMINDC_PATHS: format github (annotations) or sarif
#            (written to $REMINDC_SARIF_FILE, its path the step's output
#            sarif-file, the text report in the log); $REMINDC_STRICT,
#            $REMINDC_FOR as check's --strict and --for;
#   publish  publish $REMINDC_PATHS to $REMINDC_PUBLISH_URL as
#            $REMINDC_PUBLISH_USER, the password in $REMINDC_PASSWORD.
# The inputs come in the environment, never in the script's text, so no
# input can run as a command. Tests/RemindCLITests/ActionTests.swift runs
# each step as the action does.
set -euo pipefail

action_path=$(cd "$(dirname "$0")/.." && pwd)
prefix=${REMINDC_PREFIX:-${RUNNER_TEMP:-/tmp}/remindc}
remindc="$prefix/bin/remindc"
# Spaces or lines between the paths (`paths: |` in a workflow); read to
# the end, which read reports as a failure.
IFS=$' \t\n' read -r -d '' -a paths <<< "${REMINDC_PATHS:-}" || true

# A value inside a workflow command (`::error ...::VALUE`), escaped as
# GitHub's toolkit does, so that a line break in an input cannot start a
# command of its own.
command_value() {
    local value=${1//%/%25}
    value=${value//$'\r'/%0D}
    printf '%s' "${value//$'\n'/%0A}"
}

# Appends NAME=VALUE to $GITHUB_OUTPUT in the multi-line form GitHub
# documents, behind a delimiter no value can hold.
set_output() {
    [ -n "${GITHUB_OUTPUT:-}" ] || return 0
    local delimiter
    delimiter="remindc_$(od -An -tx1 -N16 /dev/urandom | tr -d ' \n')"
    printf '%s<<%s\n%s\n%s\n' "$1" "$delimiter" "$2" "$delimiter" >> "$GITHUB_OUTPUT"
}

needs_paths() {
    if [ "${#paths[@]}" -eq 0 ]; then
        echo "::error title=remindc::the input 'paths' names no reminder files" >&2
        exit 2
    fi
}

case "${1:-}" in
install)
    if ! pkg-config --exists yaml-0.1 libcurl 2>/dev/null; then
        sudo apt-get update -qq
        sudo apt-get install -y -qq libyaml-dev libcurl4-openssl-dev pkg-config
    fi
    (
        cd "$action_path"
        swift build -c release --static-swift-stdlib --product remindc
        install -D -m 755 -s .build/release/remindc "$prefix/bin/remindc"
    )
    "$remindc" --version
    if [ -n "${GITHUB_PATH:-}" ]; then echo "$prefix/bin" >> "$GITHUB_PATH"; fi
    ;;
check)
    needs_paths
    options=()
    if [ "${REMINDC_STRICT:-false}" = true ]; then options+=(--strict); fi
    if [ -n "${REMINDC_FOR:-}" ]; then options+=(--for "$REMINDC_FOR"); fi
    case "${REMINDC_FORMAT:-github}" in
    github)
        "$remindc" check --format github "${options[@]}" -- "${paths[@]}"
        ;;
    sarif)
        sarif=${REMINDC_SARIF_FILE:-remindc.sarif}
        if [[ "$sarif" == *$'\n'* || "$sarif" == *$'\r'* ]]; then
            echo "::error title=remindc::the input 'sarif-file' holds a line break: name one file" >&2
            exit 2
        fi
        status=0
        "$remindc" check --format sarif "${options[@]}" -- "${paths[@]}" > "$sarif" || status=$?
        set_output sarif-file "$sarif"
        # The same findings for the job's log.
        if [ "$status" -ne 0 ]; then "$remindc" check --format text "${options[@]}" -- "${paths[@]}" || true; fi
        exit "$status"
        ;;
    *)
        echo "::error title=remindc::the input 'format' is '$(command_value "$REMINDC_FORMAT")': write github or sarif" >&2
        exit 2
        ;;
    esac
    ;;
publish)
    needs_paths
    options=()
    if [ -n "${REMINDC_PUBLISH_USER:-}" ]; then options+=(--user "$REMINDC_PUBLISH_USER"); fi
    if [ -n "${REMINDC_PUBLISH_CALENDAR:-}" ]; then options+=(--calendar "$REMINDC_PUBLISH_CALENDAR"); fi
    "$remindc" publish "${options[@]}" -- "$REMINDC_PUBLISH_URL" "${paths[@]}"
    ;;
*)
    echo "usage: $0 install | check | publish" >&2
    exit 2
    ;;
esac
