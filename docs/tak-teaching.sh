#!/usr/bin/env bash
# The Tak evaluation's whole fitting path (docs/ai.md, "Issue 44"): random
# openings, games, tiltak's labels, the fit, and the built-in weights file.
#
#   TILTAK=/path/to/tiltak/tei docs/tak-teaching.sh 6 2 WORKDIR
#
# SIZE KOMI WORKDIR. TILTAK is tiltak's TEI binary (github.com/MortenLohne/
# tiltak, `cargo build --release --bin tei --features smol`; not part of
# this repository). TAKTABLE defaults to target/release/taktable. Every
# step is seeded: the same binaries give the same files. Steps already
# done (their file present in WORKDIR) are skipped, so a stopped run goes
# on where it stopped; delete a file to redo its step.
#
# Knobs (environment): SEED (of the openings book, 4401 on 6x6 and 4402
# on 5x5; never a seed of the books matches are measured on), GAMES (per
# kind of game, 600), NODES (our engine's nodes a move in the games,
# 20000), TILTAK_GAME (tiltak's visits a move in the games, 1000), VISITS
# (tiltak's visits per label, 2000), SHARE (the label's part of a target,
# 0.8), EPOCHS (of the network's fit, 30), JOBS (labelling processes side
# by side, 2), INSTALL (1: copy the fitted weights over
# src/games/tak/search/weights/<six|five>.txt).
set -euo pipefail
size=${1:?usage: docs/tak-teaching.sh SIZE KOMI WORKDIR}
komi=${2:?komi}
work=${3:?workdir}
tiltak=${TILTAK:?TILTAK must name tiltak\'s TEI binary}
taktable=${TAKTABLE:-target/release/taktable}
seed=${SEED:-$([ "$size" = 5 ] && echo 4402 || echo 4401)}
games=${GAMES:-600}
nodes=${NODES:-20000}
tiltak_game=${TILTAK_GAME:-1000}
visits=${VISITS:-2000}
share=${SHARE:-0.8}
epochs=${EPOCHS:-30}
jobs=${JOBS:-2}
mkdir -p "$work"
run() { echo "+ $*" >&2; "$@"; }
common=(--size "$size" --komi "$komi" --a 10 --b 10)

# 1. Openings of 4, 6 and 8 random flat placements: the first GAMES/2
#    lines open the games against tiltak (a line a pair), the next GAMES
#    our own games (a line a game: a pair of the same player would repeat
#    one game; earlier versions played it twice, and half of these
#    games were repeats).
book=$work/book.txt
[ -s "$book" ] || run "$taktable" openings --size "$size" --plies 4,6,8 \
  --count $((games + games)) --seed "$seed" > "$book"

# 2. Games: ours at NODES a move against tiltak at TILTAK_GAME visits, and
#    ours against ourselves, side by side (one core each); every position
#    after the opening is recorded.
games_against_tiltak() {
  [ -s "$work/games_tiltak.txt" ] && return
  rm -f "$work/positions_tiltak.rec"
  run "$taktable" selfplay "${common[@]}" --nodes "$nodes" --games "$games" \
    --book "$book" --engine "$tiltak" --engine-go "nodes $tiltak_game" \
    --record "$work/positions_tiltak.rec" > "$work/games_tiltak.tmp"
  mv "$work/games_tiltak.tmp" "$work/games_tiltak.txt"
}
games_against_ourselves() {
  [ -s "$work/games_self.txt" ] && return
  rm -f "$work/positions_self.rec"
  run "$taktable" selfplay "${common[@]}" --nodes "$nodes" --games "$games" \
    --book "$book" --book-start $((games / 2)) --seed "$seed" \
    --record "$work/positions_self.rec" > "$work/games_self.tmp"
  mv "$work/games_self.tmp" "$work/games_self.txt"
}
games_against_tiltak & against_tiltak=$!
games_against_ourselves & against_ourselves=$!
wait $against_tiltak
wait $against_ourselves

# 3. Labels: tiltak searches every position (VISITS visits); the target is
#    SHARE of its winning chance and the rest the game's result. The
#    distinct positions are cut in JOBS parts labelled side by side.
if [ ! -s "$work/labelled.rec" ]; then
  cat "$work/positions_tiltak.rec" "$work/positions_self.rec" \
    | awk '!seen[$0]++' > "$work/positions.rec"
  lines=$(wc -l < "$work/positions.rec")
  per_job=$(( (lines + jobs - 1) / jobs ))
  # A stopped run's parts would be labelled again and appended to.
  rm -f "$work"/positions.part*
  split -d -l "$per_job" "$work/positions.rec" "$work/positions.part"
  pids=()
  for part in "$work"/positions.part[0-9][0-9]; do
    run "$taktable" selfplay "${common[@]}" --label "$part" \
      --engine "$tiltak" --engine-go "nodes $visits" --teacher-share "$share" \
      --record "$part.labelled" > "$part.out" &
    pids+=($!)
  done
  for pid in "${pids[@]}"; do wait "$pid"; done
  cat "$work"/positions.part*.out
  cat "$work"/positions.part*.labelled > "$work/labelled.tmp"
  rm -f "$work"/positions.part*
  mv "$work/labelled.tmp" "$work/labelled.rec"
fi

# 4. The fit: the linear weights from the built-in ones, then a network on
#    top of them, both trained together.
[ -s "$work/linear.txt" ] || run "$taktable" selfplay "${common[@]}" \
  --tune "$work/labelled.rec" --tune-steps 2000 --tune-out "$work/linear.txt" \
  > "$work/linear_fit.txt"
[ -s "$work/network.txt" ] || run "$taktable" selfplay "${common[@]}" \
  --tune "$work/labelled.rec" --tune-from "$work/linear.txt" \
  --tune-network-epochs "$epochs" --seed "$seed" --tune-out "$work/network.txt" \
  > "$work/network_fit.txt"

if [ "${INSTALL:-0}" = 1 ]; then
  name=$([ "$size" = 5 ] && echo five || echo six)
  run cp "$work/network.txt" "src/games/tak/search/weights/$name.txt"
fi
