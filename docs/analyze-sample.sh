#!/bin/sh
# The /analyze sample of docs/analyze.md: plays the main line of a PTN file
# (by default tests/data/tak/games/ptn-ninja-branches.ptn) through
# `taktable local` as alice (Player1) and bob (Player2), asks /analyze, and
# copies the graph to docs/analyze-sample.png. The reply is printed.
#   sh docs/analyze-sample.sh [GAME.ptn]
# Run from the repository's root; it builds the release binary (or runs
# the binary named by $TAKTABLE_BIN, e.g. another checkout's, to compare).
# The time /analyze took is printed last.
set -e
game=${1:-tests/data/tak/games/ptn-ninja-branches.ptn}
tag() { sed -n "s/^\[$1 \"\(.*\)\"\]/\1/p" "$game" | head -n 1; }
size=$(tag Size)
komi=$(tag Komi)
opening=$(tag Opening)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
{
    echo "/tak challenge opponent:@bob size:${size:-5} komi:${komi:-0} opening:${opening:-swap} color:white"
    echo ":user bob"
    echo "/accept"
    # The main line: numbered lines up to the first blank line after them,
    # without comments, numbers and the result.
    awk '/^[0-9]+\./ { moves = 1; print; next } moves && /^[[:space:]]*$/ { exit }' "$game" |
        sed 's/{[^}]*}//g' | tr ' ' '\n' |
        grep -v -e '^[0-9]*\.$' -e '^$' -e '^[RF01/2]*-[RF01/2]*$' |
        awk '{ print (NR % 2 ? ":user alice" : ":user bob"); print "/move notation:" $0 }'
    echo "/analyze"
} > "$tmp/in"
bin=${TAKTABLE_BIN:-target/release/taktable}
[ -n "$TAKTABLE_BIN" ] || cargo build --release --quiet
run() { TAKTABLE_NOW=2026-01-17T19:42:05Z "$bin" local --db "$tmp/db" --out "$tmp/out" --echo; }
now() { date +%s%N; }
# The game, then /analyze alone against the same database, timed less a
# run that does nothing (the program's start).
head -n -1 "$tmp/in" | run > /dev/null
t0=$(now)
: | run > /dev/null
t1=$(now)
echo "/analyze" | run
t2=$(now)
echo "/analyze took $(( (t2 - t1 - (t1 - t0)) / 1000000 )) ms"
cp "$tmp/out/game-1-analysis.png" docs/analyze-sample.png
