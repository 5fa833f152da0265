#!/usr/bin/env python3
"""Fairy-Stockfish conventions check: does chatrang accept variant names, FENs and move strings
exactly as pyffish (Fairy-Stockfish's Python binding) writes them, for every game both play?

For each shared game (rules README column "FSF / perft", scripts/gen_vectors.py GAMES) it takes
the start FEN from pyffish (or our FEN where FSF only has the rules), plays a few seeded random
games with pyffish.legal_moves, and at every ply sends chatrang, over UCI,
    setoption name UCI_Variant value <id>   (+ VariantOptions where our defaults differ)
    position fen <pyffish FEN> moves <pyffish moves ...>       and    d
then checks that no `info string error` came back and that `d`'s FEN equals pyffish.get_fen.
Every pyffish FEN along the way is also sent alone (`position fen <fen>`), and the start position
as `position startpos moves ...` where our start FEN is FSF's. Separately, the FSF variant names
themselves are tried as UCI_Variant values.

    python3 scripts/fsf_conventions.py [--engine target/release/chatrang] [--games 3] [--plies 80]
                                       [--write tests/vectors/conventions/fsf_conventions.tsv]

Prints tables (names; per game: checks, accepted, FEN equal, mismatches) and exits 1 on any
rejection or position difference (spelling and halfmove-clock differences are reported only). --write stores the checked sequences (replayed by
tests/fsf_conventions.rs through the UCI layer): every 5th ply and the last of each game.
"""
import argparse
import random
import subprocess
import sys

import pyffish as sf

CHESS = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

# (our id, our VariantOptions, FSF variant, start FEN or None = pyffish's, relabel ours->FSF, note)
GAMES = [
    ("chess", "", "chess", None, None, ""),
    ("shatranj", "", "shatranj", None, None, ""),
    ("medieval", "", "shatranj", None, None, "FSF shatranj"),
    ("medieval", "arrangement=kinge", "shatranj",
     "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", None, "FSF shatranj + our FEN"),
    ("courier", "", "courier", None, None, ""),
    ("capablanca", "castling=three", "capablanca", None, None, ""),
    ("capablanca", "arrangement=bird,castling=three", "capablanca",
     "rnbcqkabnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBCQKABNR w KQkq - 0 1", None,
     "FSF capablanca + our FEN"),
    ("chancellor", "arrangement=foster", "chancellor", None, None, ""),
    ("pocketknight", "", "pocketknight", None, None, ""),
    ("reversed", "", "chess", "rbnqknbr/pppppppp/8/8/8/8/PPPPPPPP/RBNQKNBR w KQkq - 0 1", None,
     "FSF chess + our FEN"),
    ("littlechess", "", "chess", "4k3/5ppp/8/8/8/8/PPP5/3K4 w - - 0 1", None, "FSF chess + our FEN"),
    ("peasants", "", "chess", "1nn1knn1/4p3/8/8/8/8/PPPPPPPP/4K3 w - - 0 1", None,
     "FSF chess + our FEN"),
    ("peasants", "arrangement=knights3", "chess", "1nn1k1n1/4p3/8/8/8/8/PPPPPPPP/4K3 w - - 0 1",
     None, "FSF chess + our FEN"),
    ("knightedqueen", "", "amazon", None, {"q": "a"}, "relabelled: our q = FSF a"),
    ("faerychess", "", "fairy", "rnaqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKANR w KQkq - 0 1", None,
     "FSF fairy + our FEN"),
    ("thai", "firstmoves=off", "makruk", None, None, ""),
    ("shogi", "", "shogi", None, None, ""),
    ("sittuyin", "setup=fsf,promotion=fsf,stalemate=draw", "sittuyin", None, None, ""),
    ("xiangqi", "", "xiangqi", None, None, ""),
    ("janggi", "", "janggi", None, None, ""),
]

# FSF names a GUI would send, and the chatrang game they mean (for the name table).
FSF_NAMES = ["chess", "shatranj", "courier", "capablanca", "chancellor", "pocketknight", "amazon",
             "fairy", "makruk", "shogi", "sittuyin", "xiangqi", "janggi", "chaturanga",
             "antichess", "losers", "peasant"]


class Engine:
    def __init__(self, path):
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                  bufsize=1)
        self.ask("uci", "uciok")

    def ask(self, cmds, until="readyok"):
        if isinstance(cmds, str):
            cmds = [cmds]
        for c in cmds:
            self.p.stdin.write(c + "\n")
        if until == "readyok":
            self.p.stdin.write("isready\n")
        self.p.stdin.flush()
        out = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("engine exited")
            line = line.rstrip("\n")
            if line == until:
                return out
            out.append(line)

    def close(self):
        try:
            self.p.stdin.write("quit\n")
            self.p.stdin.flush()
        except OSError:
            pass
        self.p.wait(timeout=10)


def errors(lines):
    return [l for l in lines if l.startswith("info string error")]


def d_fen(lines):
    for l in lines:
        if l.startswith("Fen: "):
            return l[5:]
    return None


def translate(s, table):
    return s.translate(table) if table else s


def relabel_fen(fen, table):
    if not table:
        return fen
    first, _, rest = fen.partition(" ")
    return translate(first, table) + (" " + rest if rest else "")


def relabel_move(m, table):
    if not table:
        return m
    if "@" in m:
        return translate(m[0], table) + m[1:]
    # promotion suffix: trailing letters after the last digit
    i = len(m)
    while i > 0 and m[i - 1].isalpha():
        i -= 1
    return m[:i] + translate(m[i:], table)


def normal(fen):
    """The same position in either spelling: empty hand `[]` = `[-]`; castling and en-passant
    fields dropped when both are `-` (our shogi-family FEN omits them); men in hand sorted."""
    parts = fen.split()
    parts[0] = parts[0].replace("[-]", "[]")
    if "[" in parts[0]:  # men in hand in any order
        board, hand = parts[0].split("[", 1)
        parts[0] = board + "[" + "".join(sorted(hand.rstrip("]"))) + "]"
    if len(parts) == 6 and parts[2] == "-" and parts[3] == "-":
        parts = parts[:2] + parts[4:]
    return parts


def diff_kind(ours, theirs):
    if ours is None:
        return "no FEN"
    if ours == theirs:
        return "same"
    a, b = normal(ours), normal(theirs)
    if a == b:
        return "spelling"
    kinds = []
    if a[0] != b[0]:
        kinds.append("board")
    if len(a) == len(b) and all(x == y for i, (x, y) in enumerate(zip(a, b)) if i != len(a) - 2):
        kinds.append("halfmove clock %s vs %s" % (a[-2], b[-2]))
    elif a[1:] != b[1:]:
        kinds.append("fields %s vs %s" % (" ".join(a[1:]), " ".join(b[1:])))
    return "; ".join(kinds)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--engine", default="target/release/chatrang")
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--plies", type=int, default=80)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--write", default=None)
    args = ap.parse_args()
    eng = Engine(args.engine)
    bad = 0

    # 1. FSF variant names as UCI_Variant values.
    print("FSF name        accepted  start FEN equal to pyffish's")
    for name in FSF_NAMES:
        if name not in sf.variants():  # (start_fen of an unknown name crashes pyffish)
            continue
        fsf_start = sf.start_fen(name)
        out = eng.ask(["setoption name VariantOptions value <empty>",
                       "setoption name UCI_Variant value " + name, "d"])
        if errors(out):
            print("%-15s no        (%s)" % (name, errors(out)[0][len("info string error: "):]))
            continue
        ours = d_fen(out)
        print("%-15s yes       %s" % (name, "yes" if ours == fsf_start else
                                       "no: %s vs %s" % (ours, fsf_start)))
    print()

    rows = []
    print("%-14s %-38s %-12s %6s %8s %9s %9s  %s" % ("game", "VariantOptions", "FSF", "checks",
                                                     "accepted", "FEN equal", "same pos.",
                                                     "first difference"))
    for gid, opts, fsfv, fen0, rel, note in GAMES:
        rng = random.Random("%s/%s/%d" % (gid, opts, args.seed))
        o2f = {ord(a): b for k, v in (rel or {}).items() for a, b in ((k, v), (k.upper(), v.upper()))}
        f2o = {ord(b): a for k, v in (rel or {}).items() for a, b in ((k, v), (k.upper(), v.upper()))}
        eng.ask(["setoption name VariantOptions value <empty>",
                 "setoption name UCI_Variant value " + gid])
        out = eng.ask(["setoption name VariantOptions value " + (opts or "<empty>"), "d"])
        our_start = d_fen(out)
        if errors(out):
            print("%-14s %-38s %-12s  cannot select: %s" % (gid, opts, fsfv, errors(out)))
            bad = 1
            continue
        start = fen0 or sf.start_fen(fsfv)
        checks = accepted = equal = spelled = 0
        first = ""
        kinds = {}

        def check(cmd, expect, moves_n):
            nonlocal checks, accepted, equal, spelled, first
            out = eng.ask([cmd, "d"])
            checks += 1
            err = errors(out)
            if not err:
                accepted += 1
            ours = d_fen(out)
            exp = relabel_fen(expect, f2o)
            kind = "rejected: " + err[0] if err else diff_kind(ours, exp)
            k = "halfmove clock" if kind.startswith("halfmove clock") else kind
            if k != "same":
                kinds[k] = kinds.get(k, 0) + 1
            if kind == "same":
                equal += 1
            elif kind == "spelling":
                spelled += 1
                if not first:
                    first = "spelling: ours %s, pyffish %s" % (ours, exp)
            elif not first or first.startswith("spelling"):
                first = "%s -> %s" % (cmd[:90], kind)
            return kind

        for g in range(args.games):
            moves = []
            fen = start
            for ply in range(args.plies + 1):
                cmd = "position fen %s" % relabel_fen(start, f2o)
                ours_moves = [relabel_move(m, f2o) for m in moves]
                if moves:
                    cmd += " moves " + " ".join(ours_moves)
                kind = check(cmd, fen, len(moves))
                if ply % 5 == 0 or not sf.legal_moves(fsfv, start, moves) or ply == args.plies:
                    rows.append((gid, opts, fsfv, relabel_fen(start, f2o), " ".join(ours_moves),
                                 relabel_fen(fen, f2o),
                                 kind if kind in ("same", "spelling") else "halfmove"
                                 if kind.startswith("halfmove clock") else "differs"))
                # The FEN alone, as pyffish writes it.
                if moves:
                    check("position fen %s" % relabel_fen(fen, f2o), fen, 0)
                legal = sf.legal_moves(fsfv, start, moves)
                if not legal or ply == args.plies:
                    break
                moves.append(rng.choice(sorted(legal)))
                fen = sf.get_fen(fsfv, start, moves)
            if start == our_start or relabel_fen(start, f2o) == our_start:
                check("position startpos moves " + " ".join(relabel_move(m, f2o) for m in moves),
                      fen, len(moves))
        # Known convention difference, reported but not failed: FSF resets the halfmove clock on
        # drops; chatrang counts plies since the last capture or pawn move (FIDE's definition).
        if accepted < checks or any(k not in ("spelling", "halfmove clock") for k in kinds):
            bad = 1
        print("%-14s %-38s %-12s %6d %8d %9d %9d  %s" % (gid, opts or "-", fsfv, checks, accepted,
                                                          equal, equal + spelled, first))
        if kinds:
            print("    differences: " + ", ".join("%s %d" % kv for kv in sorted(kinds.items())))
    eng.close()
    if args.write:
        with open(args.write, "w") as f:
            f.write("# made by scripts/fsf_conventions.py (pyffish %s): id, VariantOptions, FSF "
                    "variant, start FEN, moves (as pyffish writes them), FEN by pyffish.get_fen, "
                    "whether chatrang's d FEN was the same\n" % ".".join(map(str, sf.version())))
            for r in rows:
                f.write("\t".join(r) + "\n")
        print("wrote %d rows to %s" % (len(rows), args.write))
    print("FAIL" if bad else "OK: every FEN and move string accepted, every position the same")
    return bad


if __name__ == "__main__":
    sys.exit(main())
