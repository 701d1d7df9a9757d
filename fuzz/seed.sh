#!/usr/bin/env bash
# Seeds the fuzz targets' corpora from every sample of every game: the records under
# samples/, tests/ and fuzz/extra-seeds/ (STN), the matches of other programs (.mat, .gam, .sgf), their JSON and
# the position strings of their boards. Usage: fuzz/seed.sh [OUT [SOUMILLE]]; OUT defaults to
# fuzz/seeds (committed), SOUMILLE to target/debug/soumille (for the JSON and the positions).
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-fuzz/seeds}"
bin="${2:-target/debug/soumille}"
rm -rf "$out"
mkdir -p "$out"/{stn,games,stream,interop,json,position}
name() { echo "$1" | sed 's|^\./||; s|/|__|g'; }
# the first byte of a `games` input picks a game (0x7f: the record's own), of a `stream` input
# the size of each read; of a `position` input the game (its place in the games' declaration,
# src/declare.rs; 0 grand-trictrac)
game_byte() {
  local tag
  tag="$(grep -m1 -io '^\[\(game\|jeu\) "[a-z-]*"' "$1" | sed 's/.*"\(.*\)"/\1/' | tr A-Z a-z)"
  grep -o 'name: "[a-z-]*"' src/declare.rs | sed 's/.*"\(.*\)"/\1/' | awk -v t="$tag" '$1 == t { print NR - 1; found = 1 } END { if (!found) print 0 }'
}
mapfile -t stn < <(find samples tests/data tests/fuzz-regressions fuzz/extra-seeds -type f \( -name '*.stn' -o -name '*.bin' \) | sort)
mapfile -t matches < <(find samples tests/data -type f \( -name '*.mat' -o -name '*.gam' -o -name '*.sgf' \) | sort)
mapfile -t json < <(find tests/data -type f -name '*.json' | sort)
for f in "${stn[@]}"; do
  n=$(name "$f")
  cp "$f" "$out/stn/$n"
  { printf '\x7f'; cat "$f"; } > "$out/games/$n"
  # reads of 1 to 64 bytes, or of a whole chunk (0), by the file's name
  step=$(($(printf %s "$n" | cksum | cut -d' ' -f1) % 65))
  { printf "\\x$(printf %02x "$step")"; cat "$f"; } > "$out/stream/$n"
  if grep -qi '^\[\(game\|jeu\) "backgammon"' "$f"; then cp "$f" "$out/interop/$n"; fi
done
for f in "${matches[@]}"; do cp "$f" "$out/interop/$(name "$f")"; done
for f in "${json[@]}"; do cp "$f" "$out/json/$(name "$f")"; done
if [ -x "$bin" ]; then
  for f in "${stn[@]}"; do
    n=$(name "$f")
    "$bin" json "$f" > "$out/json/$n.json" 2>/dev/null || rm -f "$out/json/$n.json"
    g=$(game_byte "$f")
    dice=(6-5 3-3 2-1 5-4)
    i=0
    for at in 0 1 4 9; do
      p=$("$bin" show "$f" --at "$at" --format position 2>/dev/null) || continue
      { printf "\\x$(printf %02x "$g")"; printf '%s\n%s\n' "$p" "${dice[$i]}"; } > "$out/position/$n.$at"
      i=$((i + 1))
    done
  done
  # empty JSON files (records that did not read) say nothing; the largest slow the fuzzer
  find "$out/json" \( -empty -o -size +24k \) -delete
else
  echo "fuzz/seed.sh: no $bin: the json and position seeds are not made (cargo build first)" >&2
fi
for d in "$out"/*; do echo "$(ls "$d" | wc -l) seeds in $d"; done
