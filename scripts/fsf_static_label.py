#!/usr/bin/env python3
"""Label positions with an engine's static evaluation (not CI).

Reads `variant;fen;score;result` lines (from `chatrang tune pgn --all`), asks the engine's `eval`
command for each position's static evaluation (its "Final evaluation" line), and writes the lines
with the score replaced by it times `--scale`, in centipawns for the side to move. A position the
engine cannot evaluate is left out. Thousands of positions a second per process, against a
search's few: the positions of many games can be labelled, for a net that learns the static
evaluation (`chatrang tune net --wdl 0`; docs/eval.md, "Networks").

The engine is Fairy-Stockfish (its classical evaluation, any of its variants) or, for chess,
Stockfish 15.1 (Debian's `stockfish`: its NNUE evaluation, a far better teacher), whose pawn is
about two thirds of Fairy-Stockfish's: `--scale 1.5` puts its scores on Fairy-Stockfish's scale,
which the search's margins were tuned on.

  scripts/fsf_static_label.py IN OUT [--engine PATH] [--scale X] [--jobs 2]
"""
import argparse
import functools
import subprocess

from tune_label import FSF_VARIANT, label_file

CHUNK = 5000


def label(lines, engine, scale):
    out = []
    for i in range(0, len(lines), CHUNK):
        part = lines[i:i + CHUNK]
        cmds = ["uci"]
        current = None
        kept = []
        for line in part:
            game, fen, _, result = line.split(";")
            if game not in FSF_VARIANT:
                continue
            if game != current:
                cmds.append("setoption name UCI_Variant value " + FSF_VARIANT[game])
                current = game
            cmds.append("position fen " + fen)
            cmds.append("eval")
            kept.append((game, fen, result))
        cmds.append("quit")
        text = subprocess.run([engine], input="\n".join(cmds) + "\n", capture_output=True,
                              text=True).stdout
        finals = [l for l in text.splitlines() if l.startswith("Final evaluation")]
        if len(finals) != len(kept):
            raise RuntimeError("expected %d evaluations, got %d" % (len(kept), len(finals)))
        for (game, fen, result), f in zip(kept, finals):
            words = f.split()
            try:
                pawns = float(words[2])
            except (IndexError, ValueError):
                continue
            cp = round(pawns * 100 * scale)
            if fen.split()[1] == "b":
                cp = -cp
            out.append("%s;%s;%d;%s" % (game, fen, cp, result))
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("inp")
    ap.add_argument("out")
    ap.add_argument("--engine", default="fairy-stockfish-lb")
    ap.add_argument("--scale", type=float, default=1.0,
                    help="multiply every score by this (1.5 for Stockfish 15.1)")
    ap.add_argument("--jobs", type=int, default=2)
    a = ap.parse_args()
    label_file(a.inp, a.out, a.jobs, functools.partial(label, engine=a.engine, scale=a.scale))


if __name__ == "__main__":
    main()
