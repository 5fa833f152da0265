#!/usr/bin/env python3
"""SPSA tuning of the search's margins (the `SearchParams` UCI option) by self-play.

Each iteration draws a sign +1/-1 for every tuned number, plays the set theta + c*sign against
theta - c*sign (`chatrang match`, fixed nodes, a few openings from the book with colours
swapped), and moves theta by lr_k * c * (wins - losses of the plus side) * sign. The state is
kept in a JSON file after every iteration, so a run can be stopped and resumed; the last line
printed is the set as a `SearchParams` value.

    scripts/spsa.py --state /tmp/spsa.json --iterations 200 --nodes 20000
    scripts/spsa.py --state /tmp/spsa.json --show        # the set so far

Numbers and their perturbations (c) default to TUNED below; `--params name:c,...` picks others
(names and ranges: src/search/params.rs).
"""
import argparse
import json
import os
import random
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

# name: (engine default, perturbation c, lowest, highest), as in src/search/params.rs.
TUNED = {
    "aspiration": (25, 5, 5, 200),
    "rfp_margin": (80, 12, 20, 300),
    "rfp_improving": (20, 6, 0, 100),
    "nmp_eval_div": (200, 30, 50, 1000),
    "probcut_margin": (200, 30, 50, 600),
    "hist_prune": (4000, 600, 500, 16000),
    "futility_base": (100, 15, 0, 400),
    "futility_mul": (100, 15, 20, 400),
    "see_quiet": (40, 6, 5, 200),
    "see_capture": (150, 25, 20, 500),
    "lmr_base": (50, 15, -100, 200),
    "lmr_div": (190, 20, 100, 400),
    "lmr_history": (10000, 1500, 2000, 40000),
    "qs_delta": (200, 30, 0, 600),
}


def assignments(theta, shift=None, sign=1):
    """The `SearchParams` value of theta (shifted by sign * c * shift[name] when given)."""
    out = []
    for name, v in sorted(theta.items()):
        _, c, lo, hi = TUNED[name]
        if shift is not None:
            v += sign * c * shift[name]
        out.append(f"{name}={min(hi, max(lo, round(v)))}")
    return ",".join(out)


def play(engine, sets, variant, book, nodes, openings, seed, concurrency):
    """Wins minus losses of the set `sets[0]` against `sets[1]` over 2 * openings games."""
    rng = random.Random(seed)
    lines = rng.sample(book, openings)
    with tempfile.TemporaryDirectory() as d:
        epd = os.path.join(d, "openings.epd")
        with open(epd, "w") as f:
            f.write("\n".join(lines) + "\n")
        pgn = os.path.join(d, "games.pgn")
        cmd = [
            engine, "match",
            "--engine", f"cmd={engine}", "name=plus", f"option.SearchParams={sets[0]}",
            "--engine", f"cmd={engine}", "name=minus", f"option.SearchParams={sets[1]}",
            "--variant", variant, "--nodes", str(nodes), "--games", "2",
            "--rounds", str(openings), "--openings", epd, "--concurrency", str(concurrency),
            "--resign-score", "1000", "--resign-moves", "4",
            "--draw-score", "8", "--draw-moves", "10", "--draw-after", "60",
            "--pgn", pgn,
        ]
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        score = 0
        with open(pgn) as f:
            text = f.read()
        for game in text.split("[Event ")[1:]:
            white = re.search(r'\[White "([^"]*)"\]', game).group(1)
            result = re.search(r'\[Result "([^"]*)"\]', game).group(1)
            s = {"1-0": 1, "0-1": -1}.get(result, 0)
            score += s if white == "plus" else -s
        return score


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--state", required=True, help="JSON file kept between iterations")
    ap.add_argument("--iterations", type=int, default=200, help="iterations in all (with resumes)")
    ap.add_argument("--nodes", type=int, default=20000)
    ap.add_argument("--openings", type=int, default=4, help="openings per iteration (2 games each)")
    ap.add_argument("--lr", type=float, default=0.03, help="step per point of result, in c")
    ap.add_argument("--variant", default="chess")
    ap.add_argument("--book", default=os.path.join(HERE, "openings_chess_balanced.epd"))
    ap.add_argument("--engine", default=os.path.join(ROOT, "target", "release", "chatrang"))
    ap.add_argument("--concurrency", type=int, default=2)
    ap.add_argument("--params", help="name:c,... (default: every number of TUNED)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--show", action="store_true", help="print the set so far and stop")
    a = ap.parse_args()

    if os.path.exists(a.state):
        with open(a.state) as f:
            st = json.load(f)
    else:
        names = TUNED.keys()
        if a.params:
            names = []
            for item in a.params.split(","):
                name, c = item.split(":")
                d, _, lo, hi = TUNED[name]
                TUNED[name] = (d, float(c), lo, hi)
                names.append(name)
        st = {
            "theta": {n: float(TUNED[n][0]) for n in names},
            "c": {n: TUNED[n][1] for n in names},
            "k": 0,
            "log": [],
        }
    for n, c in st["c"].items():
        d, _, lo, hi = TUNED[n]
        TUNED[n] = (d, c, lo, hi)
    if a.show:
        print(assignments(st["theta"]))
        return
    with open(a.book) as f:
        book = [l.strip() for l in f if l.strip()]
    big_a = a.iterations / 10
    while st["k"] < a.iterations:
        k = st["k"] + 1
        rng = random.Random(a.seed * 1_000_003 + k)
        shift = {n: rng.choice((-1, 1)) for n in st["theta"]}
        sets = (assignments(st["theta"], shift, 1), assignments(st["theta"], shift, -1))
        r = play(a.engine, sets, a.variant, book, a.nodes, a.openings, a.seed * 7919 + k,
                 a.concurrency)
        lr = a.lr * ((big_a + 1) / (big_a + k)) ** 0.602
        for n in st["theta"]:
            d, c, lo, hi = TUNED[n]
            st["theta"][n] = min(hi, max(lo, st["theta"][n] + lr * c * r * shift[n]))
        st["k"] = k
        st["log"].append(r)
        tmp = a.state + ".tmp"
        with open(tmp, "w") as f:
            json.dump(st, f, indent=1)
        os.replace(tmp, a.state)
        total = sum(st["log"])
        print(f"iteration {k}: {r:+d} (sum {total:+d}) {assignments(st['theta'])}", flush=True)
    print(assignments(st["theta"]))


if __name__ == "__main__":
    sys.exit(main())
