#!/usr/bin/env python3
"""Keep the balanced openings of an EPD file (not CI): those Fairy-Stockfish scores within a margin.

    scripts/balanced_openings.py FSF IN.epd N [MARGIN] [DEPTH] [VARIANT] > OUT.epd

FSF is a Fairy-Stockfish binary; each position of IN.epd (e.g. from scripts/random_openings.py)
is searched to DEPTH (default 9) and kept when |score| <= MARGIN centipawns (default 60), until N
are kept. With both engines at a fixed number of nodes a game is a function of its opening, so a
paired comparison (scripts/fsf_odds.sh with OUR_NODES, scripts/odds_pair.py) needs as many
distinct openings as it has game pairs; random ones must then be filtered so that the score
measures play rather than the opening.
"""
import subprocess
import sys


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    fsf_bin, path, want = sys.argv[1], sys.argv[2], int(sys.argv[3])
    margin = int(sys.argv[4]) if len(sys.argv) > 4 else 60
    depth = int(sys.argv[5]) if len(sys.argv) > 5 else 9
    variant = sys.argv[6] if len(sys.argv) > 6 else "chess"
    fsf = subprocess.Popen([fsf_bin], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                           text=True, bufsize=1)

    def send(line):
        fsf.stdin.write(line + "\n")

    def wait_for(prefix):
        for line in fsf.stdout:
            if line.startswith(prefix):
                return line
        sys.exit(f"{fsf_bin} closed before '{prefix}'")

    send("uci")
    wait_for("uciok")
    send(f"setoption name UCI_Variant value {variant}")
    send("isready")
    wait_for("readyok")
    kept = 0
    with open(path, encoding="utf-8") as f:
        for line in f:
            epd = line.strip()
            if not epd:
                continue
            fen = epd.split(" ;")[0]
            if len(fen.split()) == 4:
                fen += " 0 1"
            send(f"position fen {fen}")
            send(f"go depth {depth}")
            score = None
            for out in fsf.stdout:
                if " score cp " in out:
                    score = int(out.split(" score cp ")[1].split()[0])
                elif " score mate " in out:
                    score = None
                if out.startswith("bestmove"):
                    break
            if score is not None and abs(score) <= margin:
                print(epd)
                kept += 1
                if kept >= want:
                    break
    send("quit")
    fsf.wait()
    print(f"kept {kept}", file=sys.stderr)


if __name__ == "__main__":
    main()
