"""Test vectors for soumille's backgammon move generator, from GNU Backgammon.

Run inside gnubg (its embedded Python):

    BG_OUT=tests/data/bg-vectors.jsonl BG_SEED=1982 BG_COUNT=3000 \
        gnubg -t -q -p tests/oracle/gnubg_vectors.py

Writes one JSON object a line:

    {"id": "4HPwATDgc/ABMA", "board": [[25 ints], [25 ints]], "dice": [3, 1],
     "plays": ["8.6/5.5", ...]}

* `id`: gnubg's Position ID of the position (the seat on roll is the second array).
* `board`: gnubg's own board arrays as `gnubg.board()` gives them: `board[0]` the player
  not on roll, `board[1]` the player on roll, index i = the player's own point i + 1
  (1..24, counted from his home), index 24 = his bar.  Men not on the board are borne off.
* `dice`: the roll, higher first.
* `plays`: every legal play that gnubg's `hint` lists (money play, cube ignored), in a
  canonical form independent of the order of the moves: the net origins of the mover's
  men, highest first, joined by `.`, then `/`, the net destinations likewise (25 = bar,
  0 = borne off), then, when the play hits, `*` and the mover's points where it hit.
  `8.6/5.5` = one man from 8 and one from 6 to 5; `24/14*18` = 24 to 14 hitting on 18;
  the empty string is a pass.  Sorted.

Positions: the 21 rolls of the opening, then positions reached by random play from the
opening (gnubg's legal plays, one chosen at random) and random scatters (men on the bar,
bear-offs, prime-like walls), one random roll each.
"""

import json
import os
import random

import gnubg

OUT = os.environ.get("BG_OUT", "bg-vectors.jsonl")
SEED = int(os.environ.get("BG_SEED", "1982"))
COUNT = int(os.environ.get("BG_COUNT", "3000"))


def parse_play(text):
    """gnubg's move text -> (net origins, net destinations, hit points), mover's numbers."""
    delta = {}
    hits = []
    for token in text.split():
        times = 1
        if token.endswith(")"):
            token, _, k = token[:-1].rpartition("(")
            times = int(k)
        parts = token.split("/")
        pts = []
        for part in parts:
            hit = part.endswith("*")
            part = part.rstrip("*")
            n = 25 if part == "bar" else 0 if part == "off" else int(part)
            pts.append(n)
            if hit:
                hits.append(n)
        for _ in range(times):
            delta[pts[0]] = delta.get(pts[0], 0) - 1
            delta[pts[-1]] = delta.get(pts[-1], 0) + 1
    froms, tos = [], []
    for n, d in delta.items():
        froms += [n] * max(0, -d)
        tos += [n] * max(0, d)
    return sorted(froms, reverse=True), sorted(tos, reverse=True), sorted(set(hits), reverse=True)


def canon(text):
    froms, tos, hits = parse_play(text)
    if not froms:
        return ""
    s = ".".join(map(str, froms)) + "/" + ".".join(map(str, tos))
    if hits:
        s += "*" + ".".join(map(str, hits))
    return s


def apply_play(board, text):
    """The board after the mover's play `text`, seen by the other player (turn passed)."""
    opp, me = list(board[0]), list(board[1])
    for token in text.split():
        times = 1
        if token.endswith(")"):
            token, _, k = token[:-1].rpartition("(")
            times = int(k)
        pts = []
        for part in token.split("/"):
            hit = part.endswith("*")
            part = part.rstrip("*")
            n = 25 if part == "bar" else 0 if part == "off" else int(part)
            pts.append((n, hit))
        for _ in range(times):
            for (a, _), (b, hit) in zip(pts, pts[1:]):
                me[a - 1 if a < 25 else 24] -= 1
                if b > 0:
                    me[b - 1] += 1
                if hit and opp[25 - b - 1] > 0:  # `24/18*(2)`: one man is hit
                    opp[25 - b - 1] -= 1
                    opp[24] += 1
    return (tuple(me), tuple(opp))


def plays_of(board, dice):
    gnubg.command("set board " + gnubg.positionid(board))
    if gnubg.board() != board:
        raise SystemExit("gnubg did not take the board %r" % (board,))
    gnubg.command("set dice %d %d" % dice)
    try:
        hint = gnubg.hint(5000)["hint"]
    except Exception:  # noqa: BLE001 (gnubg raises when nothing can be played)
        hint = []
    return [m["move"] for m in hint]


def scatter(rng):
    """A random legal-looking position: 15 men a side, some on the bar or borne off."""
    while True:
        me, opp = [0] * 25, [0] * 25
        owner = [None] * 25  # by the mover's point number 1..24
        for side, arr in ((1, me), (0, opp)):
            kind = rng.random()
            left = 15
            if kind < 0.25:  # bearing off (or nearly): men home, some off
                off = rng.randint(0, 14)
                left -= off
                home = list(range(1, 7)) if rng.random() < 0.8 else list(range(1, 10))
            else:
                home = list(range(1, 25))
                off = rng.randint(0, 3) if rng.random() < 0.2 else 0
                left -= off
            bar = rng.choice([0, 0, 0, 1, 1, 2, 3]) if kind >= 0.25 else 0
            bar = min(bar, left)
            arr[24] = bar
            left -= bar
            tries = 0
            while left > 0 and tries < 1000:
                tries += 1
                n = rng.choice(home)
                mine = n if side == 1 else 25 - n
                if owner[mine] not in (None, side):
                    continue
                owner[mine] = side
                arr[n - 1] += 1
                left -= 1
            if left:
                break
        else:
            if sum(me) < 15 or sum(opp) < 15 or True:
                b = (tuple(opp), tuple(me))
                if sum(me) > 0 and sum(opp) > 0:
                    return b


def dice(rng):
    a, b = rng.randint(1, 6), rng.randint(1, 6)
    return (max(a, b), min(a, b))


def main():
    rng = random.Random(SEED)
    gnubg.command("set player 0 human")
    gnubg.command("set player 1 human")
    gnubg.command("set automatic roll off")
    gnubg.command("set evaluation chequerplay evaluation cubeful off")
    gnubg.command("new session")
    opening = tuple(gnubg.board())
    out = open(OUT, "w")
    count = 0

    def emit(board, d):
        nonlocal count
        moves = plays_of(board, d)
        rec = {
            "id": gnubg.positionid(board),
            "board": [list(board[0]), list(board[1])],
            "dice": list(d),
            "plays": sorted(set(canon(m) for m in moves)) if moves else [""],
        }
        if len(rec["plays"]) != max(1, len(moves)):
            raise SystemExit("two gnubg plays with one canonical form: %r" % (moves,))
        out.write(json.dumps(rec, separators=(",", ":")) + "\n")
        count += 1
        return moves

    for hi in range(1, 7):
        for lo in range(1, hi + 1):
            emit(opening, (hi, lo))
    while count < COUNT:
        if rng.random() < 0.6:
            # random play from the opening; each throw is a vector with probability 1/2
            board = opening
            for _ in range(rng.randint(1, 150)):
                if count >= COUNT:
                    break
                d = dice(rng)
                if rng.random() < 0.5:
                    moves = emit(board, d)
                else:
                    moves = plays_of(board, d)
                board = apply_play(board, rng.choice(moves)) if moves else (board[1], board[0])
                if sum(board[0]) == 0 or sum(board[1]) == 0:
                    break
        else:
            emit(scatter(rng), dice(rng))
    out.close()


main()
