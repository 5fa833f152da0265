#!/usr/bin/env python3
"""Label sampled positions with a reference engine's search score (not CI).

Reads `variant;fen` lines (from `chatrang tune sample`), asks a UCI engine (Fairy-Stockfish by
default) for a fixed-depth search of each, and writes `variant;fen;score` lines with the score in
centipawns for the side to move. Lines of `chatrang tune pgn` (`variant;fen;score;result`) keep
their result: `variant;fen;score;result`, for `chatrang tune net`. Positions the engine scores as
mate are left out; so are those it rejects, and with `--quiet-best` those whose best move
captures or promotes (a search score there is the capture's, which a net called at quiescence's
quiet leaves should not learn). Work is split over several engine processes, each
searching its share in order with what its table and histories kept from the positions before;
`--fresh` clears them (`ucinewgame`) before each position, so a label does not depend on its
neighbours, at over twice the time a position (Fairy-Stockfish at depth 6: 131 positions a second
against 312 on a loaded machine).

  scripts/tune_label.py IN OUT [--engine PATH] [--depth 8] [--hash 1] [--fresh] [--quiet-best]
                        [--jobs 2]

Then: `chatrang tune fit OUT` (docs/eval.md, "Tuning"), or `chatrang tune net OUT`.
"""
import argparse
import functools
import multiprocessing
import re
import subprocess

from mirror_positions import cells

# Our game id -> (FSF UCI_Variant, VariantOptions of ours the FEN assumes).
FSF_VARIANT = {"chess": "chess", "shatranj": "shatranj", "courier": "courier",
               "capablanca": "capablanca", "makruk": "makruk", "thai": "makruk",
               "xiangqi": "xiangqi", "janggi": "janggi", "shogi": "shogi"}


def occupied(fen, square):
    """Whether `square` (a coordinate such as e4 or a10) holds a man in the FEN's board."""
    rows = fen.split()[0].split("[")[0].split("/")
    file, rank = ord(square[0]) - ord("a"), int(square[1:])
    if not 1 <= rank <= len(rows):
        return False
    row = cells(rows[len(rows) - rank])
    return file < len(row) and row[file] is not None


def quiet_best(fen, move):
    """Whether best move `move` (UCI coordinates) neither captures nor promotes."""
    m = re.fullmatch(r"([a-z])(\d+)([a-z])(\d+)(\S*)", move)
    if not m:
        return "@" in move  # a drop is quiet; anything else unknown is not
    return not m.group(5) and not occupied(fen, m.group(3) + m.group(4))


def label(lines, engine, depth, hash_mb, fresh, quiet=False):
    p = subprocess.Popen([engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                         bufsize=1)

    def send(cmd):
        p.stdin.write(cmd + "\n")

    def wait(token):
        out = []
        while True:
            line = p.stdout.readline()
            if not line:
                raise RuntimeError("engine exited")
            out.append(line.strip())
            if line.startswith(token):
                return out

    send("uci")
    wait("uciok")
    send("setoption name Hash value %d" % hash_mb)
    current = None
    result = []
    for line in lines:
        fields = line.split(";")
        game, fen = fields[0], fields[1]
        # A `tune pgn` line keeps its game's result after the new score.
        tail = ";" + fields[3] if len(fields) == 4 else ""
        if game not in FSF_VARIANT:
            continue
        if game != current:
            send("setoption name UCI_Variant value " + FSF_VARIANT[game])
        if fresh or game != current:
            send("ucinewgame")
        current = game
        send("position fen " + fen)
        send("go depth %d" % depth)
        score = None
        for out in wait("bestmove"):
            words = out.split()
            if words[0] == "bestmove" and quiet and not quiet_best(fen, words[1]):
                score = None
            if words[:1] == ["info"] and "score" in words:
                i = words.index("score")
                score = int(words[i + 2]) if words[i + 1] == "cp" else None
            if out.startswith("info string") and "rror" in out:
                score = None
        if score is not None:
            result.append("%s;%s;%d%s" % (game, fen, score, tail))
    send("quit")
    p.wait()
    return result


def label_file(inp, out, jobs, work, header=None):
    """Labels the position lines of file `inp` into `out` with `jobs` processes, each calling
    `work(lines)` on one contiguous share (a game's positions stay together, as the held-out
    blocks of `chatrang tune net` want)."""
    lines = [l.strip() for l in open(inp) if l.strip() and not l.startswith("#")]
    n = max(1, jobs)
    size = (len(lines) + n - 1) // n
    with multiprocessing.Pool(n) as pool:
        parts = pool.map(work, [lines[k * size:(k + 1) * size] for k in range(n)])
    with open(out, "w") as f:
        if header:
            f.write("# %s\n" % header)
        for part in parts:
            for l in part:
                f.write(l + "\n")
    print("%d of %d positions labelled" % (sum(map(len, parts)), len(lines)))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("input")
    ap.add_argument("output")
    ap.add_argument("--engine", default="fairy-stockfish-lb")
    ap.add_argument("--depth", type=int, default=8)
    ap.add_argument("--hash", type=int, default=1, help="the engine's table, MB")
    ap.add_argument("--fresh", action="store_true",
                    help="clear the engine's table and histories before each position")
    ap.add_argument("--quiet-best", action="store_true",
                    help="leave out positions whose best move captures or promotes")
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    label_file(args.input, args.output, args.jobs,
               functools.partial(label, engine=args.engine, depth=args.depth,
                                 hash_mb=args.hash, fresh=args.fresh, quiet=args.quiet_best),
               "labelled by %s at depth %d%s%s" % (args.engine, args.depth,
                                                  ", fresh" if args.fresh else "",
                                                  ", quiet best moves" if args.quiet_best
                                                  else ""))


if __name__ == "__main__":
    main()
