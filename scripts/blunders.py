#!/usr/bin/env python3
"""How many nodes an engine needs to stop playing its own blunders, or to find a test suite's
best moves (not CI).

    scripts/blunders.py collect SET.json GAMES.pgn [...]    (needs python-chess and FSF)
    scripts/blunders.py avoid SET.json ENGINE NODES OUT.json [OPTION=VALUE ...]
    scripts/blunders.py solve SUITE.epd ENGINE NODES OUT.json [OPTION=VALUE ...]   (python-chess)
    scripts/blunders.py summary OUT.json [...]

collect: from cutechess games of chatrang against Fairy-Stockfish (scores in the comments, as
scripts/fsf_depth.sh writes them), every position where chatrang moved and Fairy-Stockfish's
next score rose by 1.5 or more both over its previous score and over chatrang's, and its previous
one was within ±2.5; kept where Fairy-Stockfish at depth 16 scores its own best move there 1.5 or
more above chatrang's move (the blunder). FSF names its binary (default
/usr/local/bin/fairy-stockfish-lb).

avoid: each position searched from a fresh table with `go nodes NODES` (one thread, Hash 64);
the position counts as avoided from the first completed iteration after which neither the
principal variation nor the best move starts with the blunder; OUT records that iteration's
depth and nodes. Any UCI engine will do, so Fairy-Stockfish (or a build of
scripts/fsf_ablate.sh behind a wrapper) gives the yardstick on the same set.

solve: the same measure turned round on a chess test suite of EPD lines with `bm` moves in SAN
(e.g. Win at Chess): the nodes until the engine settles on one of them for good.

summary: per file, the positions settled (blunder avoided, or best move found), those settled
from depth 1 (the evaluation alone decides) and the geometric mean of the nodes it took (twice
NODES where never).
"""
import json
import math
import os
import re
import shlex
import subprocess
import sys

FSF = os.environ.get("FSF", "/usr/local/bin/fairy-stockfish-lb")


class Engine:
    def __init__(self, cmd, options=()):
        self.p = subprocess.Popen(shlex.split(cmd), stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("uci")
        self.until("uciok")
        for o in ("Hash=64", "Threads=1", *options):
            name, _, value = o.partition("=")
            self.send(f"setoption name {name} value {value}")
        self.sync()

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def until(self, token):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                sys.exit(f"engine ended before '{token}'")
            lines.append(line.strip())
            if line.startswith(token):
                return lines

    def sync(self):
        self.send("isready")
        self.until("readyok")

    def go(self, fen, limit):
        """The completed iterations (depth, nodes, first move, score) and the best move."""
        self.send("ucinewgame")
        self.send("position fen " + fen)
        self.sync()
        self.send("go " + limit)
        lines = self.until("bestmove")
        iters = []
        for line in lines:
            t = line.split()
            if not t or t[0] != "info" or "pv" not in t or "score" not in t:
                continue
            if "lowerbound" in t or "upperbound" in t:
                continue
            if "multipv" in t and t[t.index("multipv") + 1] != "1":
                continue
            k = t.index("score")
            score = int(t[k + 2]) if t[k + 1] == "cp" else (1 if int(t[k + 2]) > 0 else -1) * 100000
            iters.append((int(t[t.index("depth") + 1]), int(t[t.index("nodes") + 1]),
                          t[t.index("pv") + 1], score))
        return iters, lines[-1].split()[1]

    def quit(self):
        self.send("quit")
        self.p.wait()


def collect(out, pgns):
    import chess.pgn

    cand = []
    for path in pgns:
        with open(path) as f:
            while (g := chess.pgn.read_game(f)) is not None:
                us = chess.WHITE if g.headers["White"] == "chatrang" else chess.BLACK
                b = g.board()
                prev = ours = before = blunder = None
                for node in g.mainline():
                    m = re.match(r"([+-]?[\d.]+)/\d+", node.comment)
                    score = float(m.group(1)) if m else None
                    if b.turn == us:
                        ours, before, blunder = score, b.fen(), node.move.uci()
                    else:
                        if None not in (score, ours, prev, before) and abs(prev) < 2.5 \
                                and score - prev >= 1.5 and score + ours >= 1.5:
                            cand.append(dict(fen=before, blunder=blunder, ours=ours))
                        prev = score
                    b.push(node.move)
    fsf = Engine(FSF)
    kept = []
    for c in cand:
        it, best = fsf.go(c["fen"], "depth 16")
        it2, _ = fsf.go(c["fen"], "depth 16 searchmoves " + c["blunder"])
        loss = it[-1][3] - it2[-1][3]
        if best != c["blunder"] and loss >= 150:
            kept.append(dict(c, best=best, loss=loss))
    fsf.quit()
    with open(out, "w") as f:
        json.dump(kept, f, indent=0)
    print(f"{len(cand)} candidates, {len(kept)} blunders kept in {out}")


def settle(e, fen, nodes, good):
    """Searches `fen`; the first iteration from which every first move and the best move are
    `good`, as a result record."""
    iters, best = e.go(fen, f"nodes {nodes}")
    k = len(iters)
    while k > 0 and good(iters[k - 1][2]):
        k -= 1
    if not good(best) or k == len(iters):
        return dict(settled=False, depth=None, nodes=None, best=best)
    return dict(settled=True, depth=iters[k][0], nodes=iters[k][1], best=best)


def measure(cmd, nodes, out, options, cases):
    """`cases`: (label, fen, good) triples, each settled from a fresh table."""
    e = Engine(cmd, options)
    res = []
    for i, (label, fen, good) in enumerate(cases):
        r = settle(e, fen, nodes, good)
        res.append(r)
        print(i, label, r["best"], r["depth"], r["nodes"], flush=True)
    e.quit()
    with open(out, "w") as f:
        json.dump(dict(nodes=nodes, results=res), f)


def avoid(path, cmd, nodes, out, options):
    cases = [(p["blunder"], p["fen"], lambda m, b=p["blunder"]: m != b)
             for p in json.load(open(path))]
    measure(cmd, nodes, out, options, cases)


def solve(path, cmd, nodes, out, options):
    import chess

    cases = []
    for line in open(path):
        m = re.search(r"\bbm ([^;]+);", line)
        if not m:
            continue
        fen = " ".join(line.split()[:4]) + " 0 1"
        b = chess.Board(fen)
        sols = {b.parse_san(x).uci() for x in m.group(1).split()}
        cases.append((m.group(1), fen, lambda mv, s=sols: mv in s))
    measure(cmd, nodes, out, options, cases)


def summary(paths):
    for path in paths:
        d = json.load(open(path))
        res, cap = d["results"], 2 * d["nodes"]
        logs = [math.log(r["nodes"] if r["settled"] else cap) for r in res]
        print(f"{path}: settled {sum(r['settled'] for r in res)}/{len(res)}, "
              f"from depth 1 {sum(r['settled'] and r['depth'] <= 1 for r in res)}, "
              f"geometric mean nodes {math.exp(sum(logs) / len(logs)):.0f}")


def main(argv):
    if len(argv) >= 3 and argv[1] == "collect":
        collect(argv[2], argv[3:])
    elif len(argv) >= 6 and argv[1] == "avoid":
        avoid(argv[2], argv[3], int(argv[4]), argv[5], argv[6:])
    elif len(argv) >= 6 and argv[1] == "solve":
        solve(argv[2], argv[3], int(argv[4]), argv[5], argv[6:])
    elif len(argv) >= 3 and argv[1] == "summary":
        summary(argv[2:])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
