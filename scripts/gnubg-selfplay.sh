#!/bin/sh
# Makes the gnubg self-play corpus of tests/data/gnubg-selfplay/ again (docs/games.md §I;
# tests/selfplay.rs reads it): GNU Backgammon plays itself at 0 ply, with a fixed seed,
# matches of 1 to 15 points with the Crawford rule and money sessions (Jacoby off, no
# beavers), then writes each match as gnubg writes it: `export match mat` (NAME.mat) and
# `save match` (NAME.sgf, its evaluations cleared with `analyse clear match`, so that the
# file stays small; the moves, cube actions, resignations and results are kept).
#
#   scripts/gnubg-selfplay.sh [OUT_DIR]      (default tests/data/gnubg-selfplay)
#
# gnubg's random generator is seeded, so the same gnubg version plays the same games; the
# files also hold the day they were made (`EventDate`, `DT`).
set -eu
GNUBG=${GNUBG:-$(command -v gnubg || echo /usr/games/gnubg)}
OUT=${1:-tests/data/gnubg-selfplay}
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)

# play NAME SEED NEW_COMMANDS: one gnubg run, then the .mat and the SGF
play() {
    name=$1 seed=$2 new=$3
    {
        cat <<CMDS
set player 0 gnubg
set player 1 gnubg
set player 0 chequerplay evaluation plies 0
set player 1 chequerplay evaluation plies 0
set player 0 cubedecision evaluation plies 0
set player 1 cubedecision evaluation plies 0
set jacoby off
set beavers 0
set seed $seed
CMDS
        printf '%b\n' "$new"
        cat <<CMDS
analyse clear match
export match mat $OUT/$name.mat
save match $OUT/$name.sgf
CMDS
    } | "$GNUBG" -t -q >/dev/null 2>&1
    test -s "$OUT/$name.mat" && test -s "$OUT/$name.sgf"
    echo "$name: $(grep -c '^ Game ' "$OUT/$name.mat") games"
}

# matches of 1 to 15 points, Crawford rule on; gnubg plays the games one after the other
for n in 1 2 3 5 7 9 11 13 15; do
    play "match$n" "$((100 + n))" "set automatic game on\nset crawford on\nnew match $n"
done
# money sessions: `new session`, then one `new game` per further game
for s in 1 2; do
    # without `automatic game off`, a session never ends
    games="set automatic game off\nnew session"
    i=1
    while [ $i -lt 12 ]; do games="$games\nnew game"; i=$((i + 1)); done
    play "money$s" "$((200 + s))" "$games"
done
