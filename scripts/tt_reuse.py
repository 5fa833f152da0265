#!/usr/bin/env python3
"""What the hash table left by one move's search is worth to the next (not CI).

    scripts/tt_reuse.py play ENGINE LIMIT PLIES GAME.txt [OPTION=VALUE ...]
    scripts/tt_reuse.py measure ENGINE LIMIT GAME.txt [OPTION=VALUE ...]

play: the engine plays itself from the standard position (or from the FEN in the environment
variable FEN) for PLIES plies, one `go LIMIT` per move, and writes the start and the moves to
GAME.txt, so that several engines can be measured on the same positions.

measure: every position of GAME.txt searched with `go LIMIT` (e.g. "depth 11" or "movetime
400"), once as in a game (the table and the histories kept from move to move) and once fresh
(`ucinewgame` before each move). Prints per mode the total nodes and the mean depth of the last
completed iteration, and the kept/fresh ratio of nodes. One thread, Hash 64 unless an option
says otherwise.
"""
import os
import sys

import blunders


class Engine(blunders.Engine):
    """blunders.py's UCI driver (one thread, Hash 64 unless an option says otherwise), searching
    a game's positions in turn."""

    def go(self, start, moves, limit):
        """(best move, depth of the last completed iteration, nodes of the whole search)."""
        pos = "startpos" if start == "startpos" else "fen " + start
        self.send(f"position {pos}" + (" moves " + " ".join(moves) if moves else ""))
        self.send("go " + limit)
        lines = self.until("bestmove")
        depth = nodes = 0
        for line in lines:
            t = line.split()
            if t and t[0] == "info" and "nodes" in t:
                nodes = int(t[t.index("nodes") + 1])
                bound = "lowerbound" in t or "upperbound" in t
                if "depth" in t and "pv" in t and not bound:
                    depth = int(t[t.index("depth") + 1])
        return lines[-1].split()[1], depth, nodes


def play(cmd, limit, plies, out, options):
    start = os.environ.get("FEN", "startpos")
    e = Engine(cmd, options)
    e.send("ucinewgame")
    moves = []
    for _ in range(plies):
        best, _, _ = e.go(start, moves, limit)
        if best in ("(none)", "0000"):
            break
        moves.append(best)
    e.quit()
    with open(out, "w") as f:
        f.write(start + "\n" + " ".join(moves) + "\n")


def measure(cmd, limit, path, options):
    with open(path) as f:
        start, moves = f.readline().strip(), f.readline().split()
    e = Engine(cmd, options)
    totals = {}
    for mode in ("kept", "fresh"):
        e.send("ucinewgame")
        e.sync()
        nodes = depths = 0
        for k in range(len(moves)):
            if mode == "fresh":
                e.send("ucinewgame")
                e.sync()
            _, d, n = e.go(start, moves[:k], limit)
            nodes += n
            depths += d
        totals[mode] = nodes
        print(f"{mode:5}  positions {len(moves)}  nodes {nodes:,}  "
              f"mean depth {depths / max(len(moves), 1):.2f}")
    e.quit()
    print(f"kept/fresh nodes {totals['kept'] / max(totals['fresh'], 1):.3f}")


def main(argv):
    if len(argv) >= 6 and argv[1] == "play":
        play(argv[2], argv[3], int(argv[4]), argv[5], argv[6:])
    elif len(argv) >= 5 and argv[1] == "measure":
        measure(argv[2], argv[3], argv[4], argv[5:])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
