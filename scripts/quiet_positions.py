#!/usr/bin/env python3
"""Keep the quiet chess positions of a labelled file (not CI; needs python-chess).

Reads `variant;fen;score;result` lines (`scripts/tune_label.py` on `chatrang tune pgn --all`
output) and writes those whose mover has no capture of a dearer or undefended man and no
promotion: a search score there is the position's own, not the capture a random detour move gave
away (docs/eval.md, "Networks").

  scripts/quiet_positions.py IN OUT [--jobs 2]
"""
import argparse
import multiprocessing

import chess

VALUE = {chess.PAWN: 100, chess.KNIGHT: 300, chess.BISHOP: 300, chess.ROOK: 500,
         chess.QUEEN: 900, chess.KING: 0}


def quiet(line):
    board = chess.Board(line.split(";")[1])
    for m in board.generate_legal_captures():
        victim = board.piece_at(m.to_square)
        # En passant: the victim is a pawn off the target cell.
        gain = VALUE[victim.piece_type] if victim else VALUE[chess.PAWN]
        if gain > VALUE[board.piece_at(m.from_square).piece_type] \
                or not board.is_attacked_by(not board.turn, m.to_square):
            return None
    last_ranks = chess.BB_RANK_1 | chess.BB_RANK_8
    if any(m.promotion for m in board.generate_legal_moves(chess.BB_ALL, last_ranks)):
        return None
    return line


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("inp")
    ap.add_argument("out")
    ap.add_argument("--jobs", type=int, default=2)
    a = ap.parse_args()
    lines = [l for l in open(a.inp) if l.strip() and not l.startswith("#")]
    with multiprocessing.Pool(max(1, a.jobs)) as pool:
        kept = [l for l in pool.map(quiet, lines, chunksize=5000) if l]
    with open(a.out, "w") as f:
        f.writelines(kept)
    print("%d of %d positions kept" % (len(kept), len(lines)))


if __name__ == "__main__":
    main()
