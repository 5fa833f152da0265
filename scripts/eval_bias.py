#!/usr/bin/env python3
"""How far our static evaluation strays from a reference engine's search on our games (not CI).

    scripts/eval_bias.py ENGINE GAMES.pgn [...] [--depth 6] [--every 6] [--option NAME=VALUE ...]

Every EVERY-th position from ply 16 of `chatrang match` games of one variant (its Variant and
VariantOptions tags): ENGINE's `eval` and Fairy-Stockfish's (the environment's FSF) `go depth
DEPTH` score, both for the side of the engine named ME in the games (default chatrang; White's
side where it did not play), clipped at ±10 pawns, mates left out. Prints by stretch of plies the
positions, the mean difference (ours minus the reference: positive where we think our side
better off than the reference does) and the mean absolute difference.

On our games against the reference, a positive mean says our search steers into positions our
evaluation overrates; on the reference's games against itself the mean absolute difference is
the evaluation's error where it was trained (docs/eval.md, "Courier: the positions our search
steers into").
"""
import argparse
import os
import re
import statistics

from blunders import FSF, Engine
from punished_moves import tag
from tune_label import FSF_VARIANT

START, STRETCHES = 16, ((16, 40), (40, 70), (70, 100), (100, 10**6))
CLIP = 1000


def fsf_score(e, position, depth):
    """The reference's last exact score in centipawns for the side to move, or None for mate."""
    e.send("ucinewgame")
    e.send(position)
    e.send(f"go depth {depth}")
    score = None
    for line in e.until("bestmove"):
        t = line.split()
        if "score" in t and "pv" in t and "bound" not in line:
            k = t.index("score")
            score = int(t[k + 2]) if t[k + 1] == "cp" else None
    return score


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("engine")
    ap.add_argument("games", nargs="+")
    ap.add_argument("--depth", type=int, default=6)
    ap.add_argument("--every", type=int, default=6)
    ap.add_argument("--option", action="append", default=[],
                    help="a setoption for ENGINE, e.g. EvalFile=net.nnue")
    a = ap.parse_args()
    me = os.environ.get("ME", "chatrang")
    games = [g for path in a.games for g in open(path).read().split("[Event ")[1:]]
    if not games:
        raise SystemExit("no games")
    variant = tag(games[0], "Variant") or "chess"
    ours = Engine(a.engine, ["UCI_Variant=" + variant,
                             "VariantOptions=" + (tag(games[0], "VariantOptions") or ""),
                             *a.option])
    ref = Engine(FSF, ["UCI_Variant=" + FSF_VARIANT.get(variant, variant)])
    rows = []
    played = any(me in (tag(g, "White"), tag(g, "Black")) for g in games)
    for g in games:
        fen = tag(g, "FEN")
        start = f"position fen {fen}" if fen else "position startpos"
        white_to_move = not fen or fen.split()[1] == "w"
        mine_white = tag(g, "Black") != me
        moves = re.findall(r"(\S+)\s*\{", g.split("\n\n", 1)[1] if "\n\n" in g else "")
        for i in range(START, len(moves), a.every):
            position = start + " moves " + " ".join(moves[:i])
            ours.send(position)
            ours.send("eval")
            mine = int(ours.until("info string eval")[-1].split()[3])
            theirs = fsf_score(ref, position, a.depth)
            if theirs is None:
                continue
            sign = 1 if (white_to_move == (i % 2 == 0)) == mine_white else -1
            rows.append((i, sign * max(-CLIP, min(CLIP, mine)),
                         sign * max(-CLIP, min(CLIP, theirs))))
    ours.quit()
    ref.quit()
    side = f"{me}'s side" if played else "White's side"
    print(f"{variant}: {len(rows)} positions of {len(games)} games, for {side}")
    print("plies      positions  ours-ref  |ours-ref|  ours  ref")
    for lo, hi in STRETCHES:
        part = [(m, t) for i, m, t in rows if lo <= i < hi]
        if part:
            print("%-10s %9d %9.0f %11.0f %5.0f %4.0f" % (
                f"{lo}-{hi - 1}" if hi < 10**6 else f"{lo}-", len(part),
                statistics.mean(m - t for m, t in part),
                statistics.mean(abs(m - t) for m, t in part),
                statistics.mean(m for m, _ in part), statistics.mean(t for _, t in part)))


if __name__ == "__main__":
    main()
