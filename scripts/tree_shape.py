#!/usr/bin/env python3
"""Where two engines' trees spend their nodes (not CI): each searches every position of a FEN file
to one depth from a fresh table, one thread, and prints its tree's shape (`debug on`); the sums are
set side by side by remaining depth (0: quiescence), with the cutoff counts and the counts of each
pruning, reduction and extension (the events of src/search/shape.rs).

    scripts/tree_shape.py DEPTH FENS ENGINE [ENGINE ...]

An ENGINE is chatrang (`target/release/chatrang`) or a Fairy-Stockfish built by
scripts/fsf_tree_shape.sh, which prints the same `info string tree ...` line. Options may follow
an engine's path after commas: `path,UCI_Variant=shatranj`. Driven by blunders.py's UCI driver:
one thread, Hash 16 MB unless an option says otherwise.
"""
import sys

import blunders


def shape(e, fen, depth):
    """Engine E's `tree` line after `go depth DEPTH` on FEN, as (nodes by depth, cut counts)."""
    e.send("ucinewgame")
    e.send(f"position fen {fen}")
    e.sync()
    e.send(f"go depth {depth}")
    tree = None
    for line in e.until("bestmove"):
        if line.startswith("info string tree nodes"):
            tree = line.split()[4:]
    if tree is None:
        sys.exit(f"no tree line for {fen} (chatrang, or fsf_tree_shape.sh's build?)")
    cuts = tree.index("cuts")
    nodes = [int(x) for x in tree[:cuts]]
    rest = tree[cuts:]
    counts = {rest[i]: int(rest[i + 1]) for i in range(0, len(rest), 2)}
    return nodes, counts


def padded_sum(a, b):
    """Two lists of counts by depth added, the shorter one padded with zeros."""
    n = max(len(a), len(b))
    return [x + y for x, y in zip(a + [0] * (n - len(a)), b + [0] * (n - len(b)))]


def ratio(vals):
    """The ratio cell for two engines (empty for any other number)."""
    if len(vals) != 2:
        return ""
    return f" | {vals[0] / vals[1]:.2f}" if vals[1] else " | -"


def header(first, names):
    """A table's header: the first column's title, one column per engine, a ratio for two."""
    print(f"| {first} | " + " | ".join(names) + (" | ratio |" if len(names) == 2 else " |"))
    print("|---" * (len(names) + 1 + (len(names) == 2)) + "|")


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    depth = int(sys.argv[1])
    fens = [l.strip() for l in open(sys.argv[2]) if l.strip() and not l.startswith("#")]
    engines = [arg.split(",") for arg in sys.argv[3:]]
    totals = []
    for path, *opts in engines:
        try:
            e = blunders.Engine(path, ["Hash=16", *opts])
        except OSError as err:
            sys.exit(f"cannot run {path}: {err.strerror}")
        e.send("debug on")
        nodes, counts = [], {}
        for fen in fens:
            n, c = shape(e, fen, depth)
            nodes = padded_sum(nodes, n)
            for k, v in c.items():
                counts[k] = counts.get(k, 0) + v
        e.quit()
        totals.append((nodes, counts))
    names = [p for p, *_ in engines]
    print(f"{len(fens)} positions, depth {depth}")
    header("remaining depth", names)
    rows = max(len(n) for n, _ in totals)
    for d in range(rows):
        vals = [n[d] if d < len(n) else 0 for n, _ in totals]
        print(f"| {d} | " + " | ".join(f"{v:,}" for v in vals) + ratio(vals) + " |")
    sums = [sum(n) for n, _ in totals]
    print("| all | " + " | ".join(f"{v:,}" for v in sums) + ratio(sums) + " |")
    print()
    header("event", names)
    events = [k for k in totals[0][1] if k not in ("cuts", "first", "quiet", "quietmoves")]
    for k in events:
        vals = [c.get(k, 0) for _, c in totals]
        print(f"| {k} | " + " | ".join(f"{v:,}" for v in vals) + ratio(vals) + " |")
    for name, (_, c) in zip(names, totals):
        first = c["first"] / c["cuts"] if c.get("cuts") else 0
        qi = c["quietmoves"] / c["quiet"] if c.get("quiet") else 0
        print(f"{name}: {c.get('cuts', 0):,} cutoffs, {100 * first:.1f}% by the first move; "
              f"a quiet move that cut was on average move {qi:.2f}")


if __name__ == "__main__":
    main()
