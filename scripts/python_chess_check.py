#!/usr/bin/env python3
"""Drive chatrang through python-chess (`pip install chess`), the way a Python user would.

Checks, for chess:
  * the UCI handshake, options and `configure` (Hash, Threads, MultiPV);
  * `analyse` of a few positions with a depth and a MultiPV limit: scores and PVs are legal;
  * `play` of whole games against itself with a time control, every move checked by
    python-chess's own move generator, until the game ends or a ply limit;
  * `play` with a ponder and `info` request, and `quit`.

Usage: scripts/python_chess_check.py [engine path] [games]
       (default target/release/chatrang, 2 games). Exit status 0 = every check passed.
"""

import os
import sys
import time

import chess
import chess.engine

ENGINE = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
    os.path.dirname(__file__), "..", "target", "release", "chatrang")
GAMES = int(sys.argv[2]) if len(sys.argv) > 2 else 2

POSITIONS = [
    chess.STARTING_FEN,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",  # Kiwipete
    "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",  # mate in 1: Rd8#
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
]


def fail(msg):
    print("FAIL:", msg)
    sys.exit(1)


def check_pv(board, pv, what):
    b = board.copy()
    for m in pv:
        if m not in b.legal_moves:
            fail(f"{what}: illegal PV move {m} in {b.fen()}")
        b.push(m)


def main():
    eng = chess.engine.SimpleEngine.popen_uci(os.path.abspath(ENGINE))
    print("engine:", eng.id.get("name"), "| options:", ", ".join(sorted(eng.options)))
    for opt in ("Hash", "Threads", "MultiPV"):
        if opt not in eng.options:
            fail(f"option {opt} not advertised")
    eng.configure({"Hash": 32, "Threads": 1})

    for fen in POSITIONS:
        board = chess.Board(fen)
        infos = eng.analyse(board, chess.engine.Limit(depth=8), multipv=3)
        if not infos:
            fail(f"no analysis for {fen}")
        for info in infos:
            if "pv" not in info or "score" not in info:
                fail(f"analysis without pv/score for {fen}: {info}")
            check_pv(board, info["pv"], fen)
        best = infos[0]
        print(f"analyse {fen[:40]:40} depth {best.get('depth')} "
              f"score {best['score'].white()} pv {' '.join(m.uci() for m in best['pv'][:6])}")
    mate = eng.analyse(chess.Board(POSITIONS[2]), chess.engine.Limit(depth=4))
    if mate["score"].white().mate() != 1 or mate["pv"][0].uci() != "d1d8":
        fail(f"mate in 1 not found: {mate}")

    for g in range(GAMES):
        board = chess.Board()
        t0 = time.time()
        while not board.is_game_over(claim_draw=True) and board.ply() < 160:
            res = eng.play(board, chess.engine.Limit(white_clock=2, black_clock=2,
                                                     white_inc=0.02, black_inc=0.02),
                           ponder=(g % 2 == 1), info=chess.engine.INFO_ALL)
            if res.move is None or res.move not in board.legal_moves:
                fail(f"illegal or missing move {res.move} in {board.fen()}")
            board.push(res.move)
        outcome = board.outcome(claim_draw=True)
        print(f"game {g + 1}: {board.ply()} plies, "
              f"{outcome.result() if outcome else 'unfinished (ply limit)'}, {time.time() - t0:.1f}s")
    eng.quit()
    print("OK: python-chess analysed and played chess with chatrang")


if __name__ == "__main__":
    main()
