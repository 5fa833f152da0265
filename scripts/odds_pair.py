#!/usr/bin/env python3
"""Compare two builds that met the same openings (not CI): paired by round, from cutechess PGNs.

    scripts/odds_pair.py ENGINE A.pgn B.pgn [A2.pgn B2.pgn ...]

A and B are runs of scripts/fsf_odds.sh (or any cutechess match) with the same seed, so round n
played the same opening in both. For each round, ENGINE's points in A minus its points in B; the
mean per game with a 95% interval, and the Elo it amounts to near an even score. Pairing takes out
the openings' share of the variance, which between two unpaired 800-game runs is as large as the
changes measured (docs/eval.md, "Pawn shelter at a quarter of that weight").
"""
import math
import re
import statistics
import sys

POINTS = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}


def rounds(path, engine):
    """Round number -> ENGINE's points in that round's games."""
    out = {}
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
    except OSError as e:
        sys.exit(f"cannot read {path}: {e.strerror}")
    for game in text.split("\n\n[Event"):
        rnd = re.search(r'\[Round "(\d+)', game)
        res = re.search(r'\[Result "([^"]+)"', game)
        white = re.search(r'\[White "([^"]+)"', game)
        black = re.search(r'\[Black "([^"]+)"', game)
        if not (rnd and res and white and black) or res.group(1) not in POINTS:
            continue
        if engine not in (white.group(1), black.group(1)):
            continue
        p = POINTS[res.group(1)]
        if white.group(1) != engine:
            p = 1.0 - p
        r = int(rnd.group(1))
        out.setdefault(r, [0.0, 0])
        out[r][0] += p
        out[r][1] += 1
    return out


def main():
    args = sys.argv[1:]
    if len(args) < 3 or len(args) % 2 == 0:
        sys.exit(__doc__)
    engine, files = args[0], args[1:]
    diffs = []
    for a_path, b_path in zip(files[0::2], files[1::2]):
        a, b = rounds(a_path, engine), rounds(b_path, engine)
        common = [r for r in a if r in b and a[r][1] == b[r][1]]
        d = [(a[r][0] - b[r][0]) / a[r][1] for r in common]
        diffs += d
        if len(d) > 1:
            print(f"{a_path} - {b_path}: {len(d)} rounds, {statistics.mean(d):+.4f} a game")
    if len(diffs) < 2:
        sys.exit("fewer than two common rounds")
    mean = statistics.mean(diffs)
    se = statistics.stdev(diffs) / math.sqrt(len(diffs))
    # Near a 0.5 score, d(Elo)/d(score) = 1600 / ln(10) ≈ 695.
    print(
        f"all: {len(diffs)} rounds, A - B = {mean:+.4f} ± {1.96 * se:.4f} a game "
        f"(about {695 * mean:+.1f} ± {695 * 1.96 * se:.1f} Elo)"
    )


if __name__ == "__main__":
    main()
