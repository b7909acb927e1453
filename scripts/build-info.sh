#!/bin/sh
# Writes OUTPUT/BuildInfo.swift: the commit remindc is built from, its date,
# and whether the checkout had changes ("+changes"), for `remindc --version`.
# Run by the BuildInfo package plugin before each build; the file is
# rewritten only when its text changes, so an unchanged build compiles
# nothing again. Outside a git checkout (a source archive) both are "unknown".
set -eu
package=$1
output=$2
mkdir -p "$output"
commit=unknown
date=unknown
if command -v git >/dev/null 2>&1 && git -C "$package" rev-parse --git-dir >/dev/null 2>&1; then
    commit=$(git -C "$package" rev-parse --short=12 HEAD 2>/dev/null || echo unknown)
    date=$(git -C "$package" log -1 --format=%cs 2>/dev/null || echo unknown)
    if [ "$commit" != unknown ] && [ -n "$(git -C "$package" status --porcelain --untracked-files=no -- Sources Package.swift 2>/dev/null)" ]; then
        commit="$commit+changes"
    fi
fi
text="// Written by scripts/build-info.sh before each build; not kept in git.
let buildCommit = \"$commit\"
let buildCommitDate = \"$date\"
"
if [ ! -f "$output/BuildInfo.swift" ] || [ "$(cat "$output/BuildInfo.swift")
" != "$text" ]; then
    printf '%s' "$text" > "$output/BuildInfo.swift"
fi
