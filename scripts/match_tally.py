#!/usr/bin/env python3
"""Tally cutechess-cli match logs for chatrang (not CI).

    scripts/match_tally.py LOG [LOG ...]

For each log (cutechess's "Finished game" lines): chatrang's wins, losses and draws, its score and
Elo difference with a 95% interval, the endings, and the same tally with the games the opponent
lost by a false claim (calling a legal move illegal, or claiming a result the referee does not
see, such as shamax's draw claims under rules cutechess's shatranj lacks) counted as draws: the
conservative reading.
"""
import math
import re
import sys

FIN = re.compile(r"^Finished game \d+ \((.+) vs (.+)\): (\S+) \{(.*)\}")


def elo(w, l, d):
    n = w + l + d
    if n == 0:
        return "n/a"
    s = (w + d / 2) / n
    if s <= 0 or s >= 1:
        return "+inf" if s >= 1 else "-inf"
    e = -400 * math.log10(1 / s - 1)
    var = (w * (1 - s) ** 2 + l * s**2 + d * (0.5 - s) ** 2) / n
    se = math.sqrt(var / n)
    lo, hi = s - 1.96 * se, s + 1.96 * se
    f = lambda x: -400 * math.log10(1 / min(max(x, 1e-6), 1 - 1e-6) - 1)
    return f"{e:+.0f} [{f(lo):+.0f}, {f(hi):+.0f}]"


def tally(path):
    wld = [0, 0, 0]
    clean = [0, 0, 0]
    ends = {}
    for line in open(path, errors="replace"):
        m = FIN.match(line)
        if not m:
            continue
        white, black, res, why = m.groups()
        us_white = white == "chatrang"
        if res == "1/2-1/2":
            k = 2
        elif (res == "1-0") == us_white:
            k = 0
        else:
            k = 1
        wld[k] += 1
        short = re.sub(r"^(White|Black)( wins by)? ", "", why).split(":")[0]
        reason = why.split(": ", 1)[-1] if "adjudication" in why else short
        ends[reason] = ends.get(reason, 0) + 1
        false_claim = "Invalid result claim" in why or "claims illegal move" in why
        clean[2 if false_claim and k == 0 else k] += 1
    w, l, d = wld
    n = w + l + d
    print(f"{path}: {n} games, chatrang +{w} -{l} ={d}, score {(w + d / 2) / max(n, 1):.3f}, Elo {elo(w, l, d)}")
    cw, cl, cd = clean
    if clean != wld:
        print(f"  the opponent's false claims counted as draws: +{cw} -{cl} ={cd}, Elo {elo(cw, cl, cd)}")
    print("  endings: " + ", ".join(f"{k} {v}" for k, v in sorted(ends.items(), key=lambda x: -x[1])))


for p in sys.argv[1:]:
    tally(p)
