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

With `--own` the engine is chatrang (`--engine target/release/chatrang`), whose `eval` command
gives its own static evaluation; `--options` passes its `VariantOptions` and `--weights` its
`EvalWeights`. With `--weights net_terms=500` a game's net and its hand-made terms count half and
half: the mix capablanca's and courier's nets were trained on to, so that each judges alone
(docs/eval.md, "The mix distilled into the net").

  scripts/fsf_static_label.py IN OUT [--engine PATH] [--scale X] [--jobs 2]
                              [--own [--options O] [--weights W]]
"""
import argparse
import functools
import subprocess

from tune_label import FSF_VARIANT, label_file

CHUNK = 5000


class Fsf:
    """Fairy-Stockfish's (or Stockfish's) `eval`: "Final evaluation +0.25 (white side)", pawns."""
    marker = "Final evaluation"

    def __init__(self, scale):
        self.scale = scale

    def setup(self, game):
        if game not in FSF_VARIANT:
            return None
        return ["setoption name UCI_Variant value " + FSF_VARIANT[game]]

    def score(self, line, fen):
        try:
            pawns = float(line.split()[2])
        except (IndexError, ValueError):
            return None
        cp = round(pawns * 100 * self.scale)
        return -cp if fen.split()[1] == "b" else cp


class Own:
    """chatrang's `eval`: "info string eval N (side to move)", centipawns, our game ids."""
    marker = "info string eval "

    def __init__(self, options, weights):
        self.options = options
        self.weights = weights

    def setup(self, game):
        cmds = ["setoption name UCI_Variant value " + game]
        if self.options:
            cmds.append("setoption name VariantOptions value " + self.options)
        if self.weights:
            cmds.append("setoption name EvalWeights value " + self.weights)
        return cmds

    def score(self, line, fen):
        return int(line.split()[3])


def label(lines, engine, kind):
    out = []
    for i in range(0, len(lines), CHUNK):
        part = lines[i:i + CHUNK]
        cmds = ["uci"]
        current = None
        kept = []
        for line in part:
            game, fen, _, result = line.split(";")
            setup = kind.setup(game)
            if setup is None:
                continue
            if game != current:
                cmds += setup
                current = game
            cmds.append("position fen " + fen)
            cmds.append("eval")
            kept.append((game, fen, result))
        cmds.append("quit")
        text = subprocess.run([engine], input="\n".join(cmds) + "\n", capture_output=True,
                              text=True).stdout
        finals = [l for l in text.splitlines() if l.startswith(kind.marker)]
        if len(finals) != len(kept):
            raise RuntimeError("expected %d evaluations, got %d" % (len(kept), len(finals)))
        for (game, fen, result), f in zip(kept, finals):
            cp = kind.score(f, fen)
            if cp is not None:
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
    ap.add_argument("--own", action="store_true",
                    help="the engine is chatrang: label with its own static evaluation")
    ap.add_argument("--options", default="", help="with --own: its VariantOptions")
    ap.add_argument("--weights", default="", help="with --own: its EvalWeights")
    a = ap.parse_args()
    kind = Own(a.options, a.weights) if a.own else Fsf(a.scale)
    label_file(a.inp, a.out, a.jobs, functools.partial(label, engine=a.engine, kind=kind))


if __name__ == "__main__":
    main()
