#!/usr/bin/env python3
"""Random openings as EPD for cutechess-cli (not CI): N distinct positions reached from the start
by PLIES random quiet moves (no captures), for games without an opening book (makruk).
A capture is a move onto an occupied square, read from the FEN (asking pyffish for each move's
SAN took 84 ms a ply in capablanca, this 15).

  scripts/random_openings.py VARIANT N [PLIES] [SEED] > openings.epd

Needs pyffish (Fairy-Stockfish's move generator); VARIANT is its name for the game.
"""
import random
import re
import sys

import pyffish


def occupied(fen):
    """The occupied squares of a FEN's board, in UCI's names (files a.., ranks 1..)."""
    ranks = fen.split()[0].split("[")[0].split("/")
    cells = set()
    for r, row in enumerate(ranks):
        rank = len(ranks) - r
        f = 0
        for tok in re.findall(r"\d+|\+?[A-Za-z]~?|\*", row):
            if tok[0].isdigit():
                f += int(tok)
            else:
                cells.add(f"{chr(ord('a') + f)}{rank}")
                f += 1
    return cells


def is_capture(move, board):
    """A move onto an occupied square (en passant, rare in a few random plies, passes as quiet)."""
    if "@" in move:
        return False
    to = re.findall(r"[a-z]\d+", move)[-1]
    return to in board


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
            board = occupied(pyffish.get_fen(variant, start, moves))
            quiet = [m for m in pyffish.legal_moves(variant, start, moves)
                     if not is_capture(m, board)]
            if not quiet:
                break
            moves.append(random.choice(quiet))
        else:
            out.add(pyffish.get_fen(variant, start, moves))
    print("\n".join(sorted(out)))


if __name__ == "__main__":
    main()
