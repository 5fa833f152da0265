#!/usr/bin/env python3
"""Random openings as EPD for cutechess-cli (not CI): N distinct positions reached from the start
by PLIES random quiet moves (no captures), for games without an opening book (makruk).

  scripts/random_openings.py VARIANT N [PLIES] [SEED] > openings.epd

Needs pyffish (Fairy-Stockfish's move generator); VARIANT is its name for the game.
"""
import random
import sys

import pyffish


def main():
    variant, n = sys.argv[1], int(sys.argv[2])
    plies = int(sys.argv[3]) if len(sys.argv) > 3 else 8
    random.seed(int(sys.argv[4]) if len(sys.argv) > 4 else 7)
    start = pyffish.start_fen(variant)
    out = set()
    tries = 0
    while len(out) < n and tries < 100 * n:
        tries += 1
        moves = []
        for _ in range(plies):
            fen = pyffish.get_fen(variant, start, moves)
            quiet = [m for m in pyffish.legal_moves(variant, start, moves)
                     if "x" not in pyffish.get_san(variant, fen, m)]
            if not quiet:
                break
            moves.append(random.choice(quiet))
        else:
            out.add(pyffish.get_fen(variant, start, moves))
    print("\n".join(sorted(out)))


if __name__ == "__main__":
    main()
