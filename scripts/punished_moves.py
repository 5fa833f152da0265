#!/usr/bin/env python3
"""The moves an opponent punished, and how often an engine still plays them (not CI).

    scripts/punished_moves.py collect SET.json GAMES.pgn [...] [--me chatrang] [--rise 150]
                              [--within 300]
    scripts/punished_moves.py rate SET.json ENGINE "GO ARGS" [--variant V] [OPTION=VALUE ...]

collect: from `chatrang match` games of any variant (scores in the move comments), every position
where the engine named `--me` moved and its opponent's next score rose by more than `--rise`
centipawns over its previous one, which was within ±`--within`: the position (start FEN and
moves) and the move played.

rate: each position searched from a fresh table (`ucinewgame`, one thread, Hash 64) with
`go GO ARGS`; prints how many times the engine chooses the punished move and its mean depth.
`--variant` is sent as UCI_Variant (default: the games' Variant tag); OPTION=VALUE pairs as
`setoption`, e.g. `VariantOptions=castling=three` or `SearchParams=rfp_depth=1`. The positions
were picked by one engine's choices, so its own rate near the games' depth is high by selection;
another engine's rate is the yardstick (docs/eval.md, "Capablanca: the moves Fairy-Stockfish
punishes").
"""
import json
import re
import subprocess
import sys

SCORE = re.compile(r"([+-]?)(M?)([\d.]+)/(\d+)")


def comment_score(text):
    """Centipawns of a `+1.23/12 0.5s` comment (mates as ±3000), or None."""
    m = SCORE.match(text)
    if not m:
        return None
    v = 3000 if m.group(2) else min(3000, round(float(m.group(3)) * 100))
    return -v if m.group(1) == "-" else v


def collect(out, files, me, rise, within):
    found = []
    for path in files:
        for g in open(path).read().split("[Event ")[1:]:
            tag = lambda name: (re.search(r'\[%s "([^"]*)"\]' % name, g) or [None, None])[1]
            body = g.split("\n\n", 1)[1] if "\n\n" in g else ""
            items = re.findall(r"(\S+)\s*\{([^}]*)\}", body)
            moves = [m for m, _ in items]
            scores = [comment_score(c) for _, c in items]
            white_is_me = tag("White") == me
            for i in range(1, len(items) - 1):
                mine = (i % 2 == 0) == white_is_me
                before, after = scores[i - 1], scores[i + 1]
                if not mine or before is None or after is None or scores[i] is None:
                    continue
                if abs(before) <= within and after - before > rise:
                    found.append({"variant": tag("Variant") or "chess", "fen": tag("FEN"),
                                  "moves": moves[:i], "played": moves[i]})
    json.dump(found, open(out, "w"))
    print("%d positions" % len(found))


def rate(path, engine, go, variant, options):
    positions = json.load(open(path))
    p = subprocess.Popen([engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                         bufsize=1)

    def send(cmd):
        p.stdin.write(cmd + "\n")

    send("uci")
    send("setoption name UCI_Variant value %s" % (variant or positions[0]["variant"]))
    send("setoption name Hash value 64")
    for o in options:
        name, value = o.split("=", 1)
        send("setoption name %s value %s" % (name, value))
    same, depths = 0, []
    for pos in positions:
        send("ucinewgame")
        start = "fen " + pos["fen"] if pos["fen"] else "startpos"
        send("position %s moves %s" % (start, " ".join(pos["moves"])))
        send("go " + go)
        depth = 0
        for line in p.stdout:
            words = line.split()
            if words[:2] == ["info", "depth"] and "pv" in words:
                depth = int(words[2])
            if words[:1] == ["bestmove"]:
                same += words[1] == pos["played"]
                break
        depths.append(depth)
    send("quit")
    p.wait()
    print("%d of %d punished moves played, mean depth %.1f"
          % (same, len(positions), sum(depths) / max(1, len(depths))))


def main():
    args = sys.argv[1:]
    flags = {}
    rest = []
    i = 0
    while i < len(args):
        if args[i].startswith("--"):
            flags[args[i][2:]] = args[i + 1]
            i += 2
        else:
            rest.append(args[i])
            i += 1
    if rest[:1] == ["collect"] and len(rest) >= 3:
        collect(rest[1], rest[2:], flags.get("me", "chatrang"), int(flags.get("rise", 150)),
                int(flags.get("within", 300)))
    elif rest[:1] == ["rate"] and len(rest) >= 4:
        rate(rest[1], rest[2], rest[3], flags.get("variant"), rest[4:])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
