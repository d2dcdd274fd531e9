#!/bin/sh
# The /analyze sample of docs/analyze.md: plays the main line of a PTN file
# (by default tests/data/tak/games/ptn-ninja-branches.ptn) through
# `taktable local` as alice (Player1) and bob (Player2), asks /analyze, and
# copies the graph to docs/analyze-sample.png. The reply is printed.
#   sh docs/analyze-sample.sh [GAME.ptn]
# Run from the repository's root; it builds the release binary.
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
cargo build --release --quiet
TAKTABLE_NOW=2026-01-17T19:42:05Z target/release/taktable local --db "$tmp/db" --out "$tmp/out" --echo < "$tmp/in" |
    sed -n '/^> \/analyze/,$p'
cp "$tmp/out/game-1-analysis.png" docs/analyze-sample.png
