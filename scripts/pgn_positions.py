#!/usr/bin/env python3
"""Quiet chess positions from PGN games, as `chess;fen` lines for scripts/tune_label.py (not CI).

Keeps about one ply in two from the ninth on: positions not in check, not right after a capture
or a check, and whose next move in the game is no capture or promotion. Needs python-chess.

  scripts/pgn_positions.py GAMES.pgn... > positions.txt

docs/eval.md ("Fitting to the games lost to Fairy-Stockfish") used it on the games of
scripts/strength.sh against Fairy-Stockfish.
"""
import random
import sys

import chess.pgn


def main():
    random.seed(5)
    seen = set()
    for path in sys.argv[1:]:
        with open(path) as f:
            while (game := chess.pgn.read_game(f)) is not None:
                if game.headers.get("Variant", "chess").lower() not in ("chess", "standard"):
                    continue
                try:
                    board = game.board()
                except ValueError:
                    continue
                after_capture = True
                for i, move in enumerate(game.mainline_moves()):
                    quiet = not board.is_check() and not after_capture
                    quiet = quiet and not board.is_capture(move) and move.promotion is None
                    if i >= 8 and quiet and i % 2 == random.randint(0, 1):
                        key = board.board_fen() + str(board.turn)
                        if key not in seen:
                            seen.add(key)
                            print("chess;" + board.fen())
                    after_capture = board.is_capture(move) or board.gives_check(move)
                    board.push(move)


if __name__ == "__main__":
    main()
