#!/usr/bin/env python3
"""The moves an opponent punished, and how often an engine still plays them (not CI).

    scripts/punished_moves.py collect SET.json GAMES.pgn [...]
    scripts/punished_moves.py rate SET.json ENGINE "GO ARGS" [OPTION=VALUE ...]

collect: from `chatrang match` games of any variant (scores in the move comments), every position
where chatrang (the engine named ME in the environment, default chatrang) moved and its
opponent's next score rose by more than 1.5 pawns over its previous one, which was within ±3:
the position (start FEN and moves), the move played and the game's Variant tag.

rate: each position searched from a fresh table (`ucinewgame`; blunders.py's UCI driver, one
thread, Hash 64) with `go GO ARGS`, UCI_Variant set from the set's first position; prints how
many times the engine chooses the punished move and the mean depth of its last completed
iteration. OPTION=VALUE pairs go to `setoption`, e.g. `VariantOptions=castling=three` or
`SearchParams=rfp_depth=1`. The positions
were picked by one engine's choices, so its own rate near the games' depth is high by selection;
another engine's rate is the yardstick (docs/eval.md, "Capablanca: the moves Fairy-Stockfish
punishes").
"""
import json
import os
import re
import sys

from tt_reuse import Engine

SCORE = re.compile(r"([+-]?)(M?)([\d.]+)/\d+")
# A punished move: the opponent's score rose by more than RISE from within ±WITHIN.
RISE, WITHIN = 150, 300


def comment_score(text):
    """Centipawns of a `+1.23/12 0.5s` comment (mates as ±3000), or None."""
    m = SCORE.match(text)
    if not m:
        return None
    v = 3000 if m.group(2) else min(3000, round(float(m.group(3)) * 100))
    return -v if m.group(1) == "-" else v


def tag(game, name):
    m = re.search(r'\[%s "([^"]*)"\]' % name, game)
    return m.group(1) if m else None


def collect(out, files):
    me = os.environ.get("ME", "chatrang")
    found = []
    for path in files:
        for g in open(path).read().split("[Event ")[1:]:
            body = g.split("\n\n", 1)[1] if "\n\n" in g else ""
            items = re.findall(r"(\S+)\s*\{([^}]*)\}", body)
            moves = [m for m, _ in items]
            scores = [comment_score(c) for _, c in items]
            # Our moves are the even plies when we are White; each lies between two of theirs.
            first = 0 if tag(g, "White") == me else 1
            for i in range(max(first, 2 - first), len(items) - 1, 2):
                before, after = scores[i - 1], scores[i + 1]
                if None in (before, scores[i], after):
                    continue
                if abs(before) <= WITHIN and after - before > RISE:
                    found.append({"variant": tag(g, "Variant") or "chess",
                                  "fen": tag(g, "FEN") or "startpos",
                                  "moves": moves[:i], "played": moves[i]})
    with open(out, "w") as f:
        json.dump(found, f)
    print("%d positions" % len(found))


def rate(path, cmd, limit, options):
    positions = json.load(open(path))
    if not positions:
        sys.exit(f"no positions in {path}")
    e = Engine(cmd, ["UCI_Variant=" + positions[0]["variant"], *options])
    same, depths = 0, 0
    for pos in positions:
        e.send("ucinewgame")
        best, depth, _ = e.go(pos["fen"], pos["moves"], limit)
        same += best == pos["played"]
        depths += depth
    e.quit()
    print("%d of %d punished moves played, mean depth %.1f"
          % (same, len(positions), depths / len(positions)))


def main(argv):
    if len(argv) >= 4 and argv[1] == "collect":
        collect(argv[2], argv[3:])
    elif len(argv) >= 5 and argv[1] == "rate":
        rate(argv[2], argv[3], argv[4], argv[5:])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
