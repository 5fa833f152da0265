#!/usr/bin/env python3
"""Generate Fairy-Stockfish (FSF) oracle perft vectors for chatrang.

Uses pyffish (`pip install pyffish`, the FSF Python binding) to produce, for every
chatrang game/option set that coincides exactly with an FSF variant (see
shared/rules/README.md, column "FSF / perft"), a file tests/vectors/<name>.tsv:

    # variant=<our id> options=<k=v,k=v or -> fsf=<fsf variant name>
    # ... comment lines (exclusion criterion, relabelling, provenance) ...
    <fen, our convention>\t<d1=N d2=N d3=N ...>\t<sorted legal moves at depth 1, our notation>

Every line starting with '#' is a comment; the first line is the header above.
File name: <id>.tsv, or <id>_<key>-<value>[_<key>-<value>...].tsv when options are set.

Positions: the start position plus N positions reached by seeded random play from it
(4..60 plies; attempts cycle through a uniform policy, one biased towards
promotions, en-passant chances, captures, pawn moves and drops, and a "pawn race"
that mostly pushes the most advanced pawns; the last two mostly keep castling
rights; terminal positions skipped).  Depth d is recorded
when its node count is <= NODE_CAP (START_NODE_CAP for the start position).  Counts
come from pyffish while a level is cheap to expand with it (pyffish re-initialises
the variant on every call, ~1.5 ms); one or more further depths may come from the FSF
binary (`go perft N`, --fsf) when a material bound proves their tree clean (see
below); the header says how many.  --verify re-checks some pyffish counts with the
binary.

Exclusions (footnote 1 of the README): a position is cut back to the depths whose
perft tree is clean, or dropped if fewer than 2 depths stay clean.  A node counts
as "unclean" when moves are generated at it (depth < deepest recorded depth) and
  * (bare-king games) a side has only its king left (board + hand), or
  * (orthodox-rule games, whose specs draw on insufficient material) each side has at
    most one man besides its king and that man is a knight or bishop, or FSF's
    has_insufficient_material() holds for both sides, or
  * FSF's is_immediate_game_end() holds (FSF would generate no moves there).
This is checked exactly, node by node, whenever a cheap material bound does not
already rule such a node out.

Usage:  scripts/gen_vectors.py [--only NAME ...] [--positions 50] [--jobs 2]
                               [--fsf fairy-stockfish-lb | --fsf none] [--verify 2]
Deterministic: same pyffish version + same arguments = same files.
"""

import argparse
import multiprocessing
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import zlib

import pyffish as sf

NODE_CAP = 150_000        # max node count of a recorded depth (random positions)
CALL_CAP = 2_500          # max pyffish legal_moves calls to expand one level (random positions)
START_NODE_CAP = 3_000_000  # max node count of a recorded depth (start position)
START_CALL_CAP = 3_000    # max pyffish calls to expand one level of the start position
MAX_DEPTH = 8
PLY_MIN, PLY_MAX = 4, 60

# variants.ini text for option sets that need a derived FSF variant
INI = """
[capablanca-promostd:capablanca]
promotionPieceTypes = qrbn

[chancellor-promostd:chancellor]
promotionPieceTypes = qrbn

[courier-nobareking:courier]
extinctionValue = none

[fairy-promospecial:fairy]
promotionPieceTypes = qrbna
"""

CHESS_START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

# checks: 'bare' = bare-king rule of our spec ends the game there;
#         'insufficient' = our spec (orthodox rules) draws on insufficient material.
# relabel: {our letter (lower case): FSF letter (lower case)}, applied to the board
#          and hand part of the FEN and to promotion/drop letters of moves.
GAMES = [
    dict(id="chess", opts={}, fsf="chess", fen=CHESS_START, checks={"insufficient"}),
    dict(id="shatranj", opts={}, fsf="shatranj",
         fen="rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1", checks={"bare"}),
    dict(id="medieval", opts={}, fsf="shatranj",
         fen="rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1", checks={"bare"}),
    dict(id="medieval", opts={"arrangement": "kinge"}, fsf="shatranj",
         fen="rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", checks={"bare"},
         note="FSF shatranj rules with our start FEN (= FSF chaturanga's start FEN; FSF "
              "chaturanga itself has no bare-king rule)"),
    dict(id="courier", opts={}, fsf="courier",
         fen="rnebmk1wbenr/1ppppp1pppp1/6f5/p5p4p/P5P4P/6F5/1PPPPP1PPPP1/RNEBMK1WBENR w - - 0 1",
         checks={"bare"}),
    dict(id="courier", opts={"bareking": "off"}, fsf="courier-nobareking",
         fen="rnebmk1wbenr/1ppppp1pppp1/6f5/p5p4p/P5P4P/6F5/1PPPPP1PPPP1/RNEBMK1WBENR w - - 0 1",
         checks=set(), ini=True,
         note="FSF courier with extinctionValue = none (variants.ini, see scripts/gen_vectors.py); "
              "stalemate=loss/draw give the same perft"),
    dict(id="capablanca", opts={"castling": "three"}, fsf="capablanca",
         fen="rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",
         checks={"insufficient"}),
    dict(id="capablanca", opts={"arrangement": "bird", "castling": "three"}, fsf="capablanca",
         fen="rnbcqkabnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBCQKABNR w KQkq - 0 1",
         checks={"insufficient"}, note="FSF capablanca with our start FEN"),
    dict(id="capablanca", opts={"castling": "three", "promotion": "standard"},
         fsf="capablanca-promostd",
         fen="rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1",
         checks={"insufficient"}, ini=True,
         note="FSF capablanca with promotionPieceTypes = qrbn (variants.ini)"),
    dict(id="chancellor", opts={"arrangement": "foster"}, fsf="chancellor",
         fen="rnbqkcnbr/ppppppppp/9/9/9/9/9/PPPPPPPPP/RNBQKCNBR w KQkq - 0 1",
         checks={"insufficient"}),
    dict(id="chancellor", opts={"arrangement": "foster", "promotion": "standard"},
         fsf="chancellor-promostd",
         fen="rnbqkcnbr/ppppppppp/9/9/9/9/9/PPPPPPPPP/RNBQKCNBR w KQkq - 0 1",
         checks={"insufficient"}, ini=True,
         note="FSF chancellor with promotionPieceTypes = qrbn (variants.ini)"),
    dict(id="pocketknight", opts={}, fsf="pocketknight",
         fen="rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Nn] w KQkq - 0 1",
         checks={"insufficient"}),
    dict(id="reversed", opts={}, fsf="chess",
         fen="rbnqknbr/pppppppp/8/8/8/8/PPPPPPPP/RBNQKNBR w KQkq - 0 1",
         checks={"insufficient"}, note="FSF chess with our start FEN"),
    dict(id="littlechess", opts={}, fsf="chess", fen="4k3/5ppp/8/8/8/8/PPP5/3K4 w - - 0 1",
         checks={"insufficient"}, note="FSF chess with our start FEN"),
    dict(id="peasants", opts={}, fsf="chess", fen="1nn1knn1/4p3/8/8/8/8/PPPPPPPP/4K3 w - - 0 1",
         checks={"insufficient"}, note="FSF chess with our start FEN (FSF peasant has 3 knights)"),
    dict(id="peasants", opts={"arrangement": "knights3"}, fsf="chess",
         fen="1nn1k1n1/4p3/8/8/8/8/PPPPPPPP/4K3 w - - 0 1",
         checks={"insufficient"}, note="FSF chess with our start FEN (= FSF variants.ini peasant)"),
    dict(id="knightedqueen", opts={}, fsf="amazon", fen=CHESS_START, relabel={"q": "a"},
         checks={"insufficient"},
         note="relabelled: our q/Q (knighted queen) = FSF amazon a/A, in FEN and promotion suffixes"),
    dict(id="faerychess", opts={}, fsf="fairy",
         fen="rnaqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKANR w KQkq - 0 1",
         checks={"insufficient"},
         note="FSF fairy (chess + archbishop a, promotion q/r/b/n) with our start FEN; "
              "our a = knighted light bishop = FSF archbishop"),
    dict(id="faerychess", opts={"promotion": "withspecial"}, fsf="fairy-promospecial",
         fen="rnaqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKANR w KQkq - 0 1",
         checks={"insufficient"}, ini=True,
         note="FSF fairy with promotionPieceTypes = qrbna (variants.ini) and our start FEN"),
    dict(id="thai", opts={"firstmoves": "off"}, fsf="makruk",
         fen="rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1", checks=set(),
         note="FSF makruk; positions whose FSF FEN carries makruk counting fields are skipped "
              "(counting is an optional game end in FSF and does not affect perft)"),
    dict(id="shogi", opts={}, fsf="shogi",
         fen="lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w 0 1",
         checks={"pawndropmate"},
         note="FSF shogi; our start FEN is FSF's short form, random positions keep FSF's full form. "
              "FSF generates pawn drops that mate (it scores them as a loss for the dropper); our "
              "spec forbids them (uchifuzume), so trees with such a drop are cut"),
    dict(id="sittuyin", opts={"setup": "fsf", "promotion": "fsf", "stalemate": "draw"},
         fsf="sittuyin",
         fen="8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[KFRRSSNNkfrrssnn] w - - 0 1", checks=set(),
         note="FSF sittuyin (setup phase by drops, FSF promotion); counting and the 50-move "
              "rule are game ends that do not affect perft"),
    dict(id="xiangqi", opts={}, fsf="xiangqi",
         fen="rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
         checks=set(),
         note="FSF xiangqi; its repetition/chasing and move-count rules are not part of perft"),
    dict(id="janggi", opts={}, fsf="janggi",
         fen="rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1",
         checks=set(),
         note="FSF janggi (passes e2e2, bikjang, material counting); FSF generates no move after "
              "two passes or two bikjang positions in a row, and neither does chatrang's janggi"),
]

SQ_RE = re.compile(r"^([a-z])(\d+)([a-z])(\d+)(.*)$")
DROP_RE = re.compile(r"^([A-Za-z])@([a-z])(\d+)$")


sf.load_variant_config(INI)


def file_name(g):
    name = g["id"]
    for k in sorted(g["opts"]):
        name += "_%s-%s" % (k, g["opts"][k])
    return name


def opts_str(g):
    return ",".join("%s=%s" % (k, g["opts"][k]) for k in sorted(g["opts"])) or "-"


# ---------------------------------------------------------------- FEN helpers

def _translate_fen(fen, table):
    if not table:
        return fen
    first, _, rest = fen.partition(" ")
    return first.translate(table) + (" " + rest if rest else "")


def make_tables(relabel):
    if not relabel:
        return None, None
    o2f, f2o = {}, {}
    for ours, fsf in relabel.items():
        for a, b in ((ours, fsf), (ours.upper(), fsf.upper())):
            o2f[ord(a)] = b
            f2o[ord(b)] = a
    return o2f, f2o


def move_to_ours(m, f2o):
    if not f2o:
        return m
    d = DROP_RE.match(m)
    if d:
        return d.group(1).translate(f2o) + m[1:]
    s = SQ_RE.match(m)
    if s and s.group(5):
        return m[: len(m) - len(s.group(5))] + s.group(5).translate(f2o)
    return m


def parse_board(fen):
    """-> (dict square->piece letter, hand string)."""
    first = fen.split(" ")[0]
    hand = ""
    if "[" in first:
        first, hand = first.split("[", 1)
        hand = hand.rstrip("]")
    ranks = first.split("/")
    nranks = len(ranks)
    board = {}
    for i, row in enumerate(ranks):
        rank = nranks - i
        f = 0
        j = 0
        while j < len(row):
            c = row[j]
            if c.isdigit():
                k = j
                while k < len(row) and row[k].isdigit():
                    k += 1
                f += int(row[j:k])
                j = k
                continue
            if c == "+":          # promoted-piece prefix (not used by the games here)
                j += 1
                continue
            if c == "~":
                j += 1
                continue
            if c == "*":
                f += 1
                j += 1
                continue
            board["%s%d" % (chr(ord("a") + f), rank)] = c
            f += 1
            j += 1
    return board, ("" if hand == "-" else hand)


def material(fen):
    """-> {color: (nonking men incl. hand, pawns, list of nonking letters)} with color 'w'/'b'."""
    board, hand = parse_board(fen)
    out = {"w": [0, 0, []], "b": [0, 0, []]}
    for c in list(board.values()) + list(hand):
        col = "w" if c.isupper() else "b"
        lc = c.lower()
        if lc == "k":
            continue
        out[col][0] += 1
        out[col][2].append(lc)
        if lc == "p":
            out[col][1] += 1
    return out


# ---------------------------------------------------------------- exclusion checks

MINOR = {"n", "b"}   # pieces that may leave a side with insufficient material (orthodox sets)


def could_be_unclean(g, fen, depth):
    """Cheap conservative bound: False if no node at depth < `depth` can be unclean."""
    p = depth - 1                  # deepest ply at which moves are generated
    if p < 0:
        return False
    if "pawndropmate" in g["checks"]:
        return True                # looked at exactly, node by node
    mat = material(fen)
    stm = fen.split(" ")[1]
    caps = {stm: (p + 1) // 2, ("b" if stm == "w" else "w"): p // 2}   # max captures made by a side
    opp = {"w": "b", "b": "w"}
    for col in "wb":
        left = mat[col][0] - caps[opp[col]]
        if left <= 1:          # a side could be bare or down to one man: look exactly
            return True
    if "insufficient" in g["checks"]:
        risky = True
        for col in "wb":
            strong = sum(1 for x in mat[col][2] if x not in MINOR)
            if strong - caps[opp[col]] >= 1:
                risky = False
        if risky:
            return True
    return False


def pawn_drop_mate(v, fen):
    """Does the side to move have a legal pawn drop that mates (FSF generates it; shogi's
    uchifuzume rule forbids it)?  Only the cell in front of the enemy king can give check."""
    board, hand = parse_board(fen)
    white = fen.split(" ")[1] == "w"
    if ("P" if white else "p") not in hand:
        return False
    king = "k" if white else "K"
    for sq, pc in board.items():
        if pc == king:
            rank = int(sq[1:]) + (-1 if white else 1)
            cell = "%s%d" % (sq[0], rank)
            drop = "P@" + cell
            if rank >= 1 and cell not in board and drop in sf.legal_moves(v, fen, []):
                return not sf.legal_moves(v, fen, [drop])
    return False


def node_unclean(g, v, fen):
    if "pawndropmate" in g["checks"] and pawn_drop_mate(v, fen):
        return "pawn drop mate (uchifuzume: FSF generates the drop, our spec forbids it)"
    mat = material(fen)
    if "bare" in g["checks"] and (mat["w"][0] == 0 or mat["b"][0] == 0):
        return "bare king"
    if "insufficient" in g["checks"]:
        if all(mat[c][0] <= 1 and all(x in MINOR for x in mat[c][2]) for c in "wb"):
            return "insufficient material (at most one knight or bishop each)"
        weak = all(all(x in MINOR for x in mat[c][2]) for c in "wb")
        if weak and all(sf.has_insufficient_material(v, fen, [])):
            return "insufficient material (FSF)"
    if min(mat["w"][0], mat["b"][0]) <= 1:
        end, _ = sf.is_immediate_game_end(v, fen, [])
        if end:
            return "FSF immediate game end"
    return None


# ---------------------------------------------------------------- perft with pyffish

def perft_levels(v, fen, node_cap, call_cap, max_depth):
    """Breadth-first perft. Returns (counts, levels) with levels[k] = move paths of depth k
    for k < len(counts) (levels of interior nodes only)."""
    counts = []
    level = [[]]
    levels = []
    root_moves = None
    while len(counts) < max_depth:
        d = len(counts)
        if len(level) > call_cap:
            break
        if d >= 2:
            est = counts[-1] * counts[-1] / max(1, counts[-2])
            if est > node_cap * 1.5:
                break
        total = 0
        nxt = []
        for path in level:
            ms = sf.legal_moves(v, fen, path)
            if root_moves is None:
                root_moves = ms
            total += len(ms)
            if total <= node_cap:
                nxt.extend(path + [m] for m in ms)
        if total > node_cap and d >= 1:
            break
        levels.append(level)
        counts.append(total)
        level = nxt
        if total == 0:
            break
    return counts, levels, root_moves


def clean_depth(g, v, fen, counts, levels):
    """Largest number of leading depths whose perft tree is clean (0 = root unclean)."""
    n = len(counts)
    if not could_be_unclean(g, fen, n):
        return n, None
    for k in range(n):             # nodes at depth k are interior for depths > k
        for path in levels[k]:
            nf = fen if not path else sf.get_fen(v, fen, path)
            why = node_unclean(g, v, nf)
            if why:
                return k, why
    return n, None


# ---------------------------------------------------------------- FSF binary

def fsf_perft(binary, variant, fen, depth, ini_path=None):
    cmds = ["uci"]
    if ini_path:
        cmds.append("setoption name VariantPath value %s" % ini_path)
    cmds += ["setoption name UCI_Variant value %s" % variant, "position fen %s" % fen,
             "go perft %d" % depth, "quit"]
    out = subprocess.run([binary], input="\n".join(cmds) + "\n", capture_output=True,
                         text=True, timeout=3600).stdout
    m = re.search(r"Nodes searched:\s*(\d+)", out)
    if not m:
        raise RuntimeError("no perft result from %s for %s %s" % (binary, variant, fen))
    return int(m.group(1))


# ---------------------------------------------------------------- random play

def choose(rng, v, fen, moves, mode):
    """mode 0: uniform; 1: biased towards promotions, en-passant chances, captures, pawn
    moves and drops; 2: pawn race (mostly pushes the most advanced pawns, to reach
    promotions).  Modes 1 and 2 mostly avoid moves that spend castling rights."""
    if mode == 0:
        return rng.choice(moves)
    board, _ = parse_board(fen)
    nranks = len(fen.split(" ")[0].split("[")[0].split("/"))
    white = fen.split(" ")[1] == "w"
    nfiles = sum(int(x) if x.isdigit() else 1
                 for x in re.findall(r"\d+|[^\d+~]", fen.split(" ")[0].split("[")[0].split("/")[0]))
    promos, caps, castles, drops, pawns, eps = [], [], [], [], [], []
    adv = {}
    for m in moves:
        d = DROP_RE.match(m)
        if d:
            drops.append(m)
            continue
        s = SQ_RE.match(m)
        if not s:
            continue
        fr, to = s.group(1) + s.group(2), s.group(3) + s.group(4)
        pc = board.get(fr, "?").lower()
        if s.group(5):
            promos.append(m)
        elif to in board:
            caps.append(m)
        elif pc == "k" and abs(ord(s.group(1)) - ord(s.group(3))) >= 2:
            castles.append(m)
        if pc == "p" and not s.group(5):
            pawns.append(m)
            r = int(s.group(2))
            adv[m] = r if white else nranks + 1 - r
            # double step next to an enemy pawn: creates an en-passant chance
            if abs(int(s.group(4)) - r) == 2:
                enemy = "p" if white else "P"
                for df in (-1, 1):
                    sq = "%s%s" % (chr(ord(s.group(3)) + df), s.group(4))
                    if board.get(sq) == enemy:
                        eps.append(m)
    # moves that spend castling rights (king steps, rook moves from a corner), and
    # castling itself, are mostly avoided so that later positions can still castle
    keep = []
    for m in moves:
        s = SQ_RE.match(m)
        if s and m not in castles and not s.group(5):
            pc = board.get(s.group(1) + s.group(2), "?").lower()
            corner = s.group(1) in ("a", chr(ord("a") + nfiles - 1)) and int(s.group(2)) in (1, nranks)
            if pc == "k" or (pc == "r" and corner):
                continue
        if m in castles:
            continue
        keep.append(m)
    if mode == 1:
        order = ((promos, 0.8), (eps, 0.5), (caps, 0.45), (pawns, 0.35), (drops, 0.1))
    else:
        order = ((promos, 0.9), (eps, 0.5), (pawns, 0.7), (caps, 0.3))
    for lst, prob in order:
        if lst and rng.random() < prob:
            if mode == 2 and lst is pawns and rng.random() < 0.6:
                top = max(adv[m] for m in pawns)
                lst = [m for m in pawns if adv[m] == top]
            return rng.choice(lst)
    if keep and rng.random() < 0.8:
        return rng.choice(keep)
    return rng.choice(moves)


def random_position(rng, v, start, mode):
    plies = rng.randint(PLY_MIN, PLY_MAX)
    fen = start
    for _ in range(plies):
        ms = sorted(sf.legal_moves(v, fen, []))
        if not ms or sf.is_immediate_game_end(v, fen, [])[0]:
            return None
        fen = sf.get_fen(v, fen, [choose(rng, v, fen, ms, mode)])
    if not sf.legal_moves(v, fen, []) or sf.is_immediate_game_end(v, fen, [])[0]:
        return None
    return fen


# ---------------------------------------------------------------- per game

def generate(g, args):
    v = g["fsf"]
    o2f, f2o = make_tables(g.get("relabel"))
    name = file_name(g)
    rng = random.Random(zlib.crc32(name.encode()))
    start_fsf = _translate_fen(g["fen"], o2f)
    if sf.validate_fen(start_fsf, v) != sf.FEN_OK:
        raise RuntimeError("%s: invalid start FEN under %s: %s" % (name, v, start_fsf))
    log = lambda *a: print("[%s]" % name, *a, file=sys.stderr, flush=True)

    ini_path = None
    if g.get("ini") and args.fsf:
        fd, ini_path = tempfile.mkstemp(suffix=".ini")
        with os.fdopen(fd, "w") as fh:
            fh.write(INI)

    lines = []
    stats = dict(excluded=0, truncated=0, counting=0, dup=0, failed=0)
    binary_depths = []
    pydepth = []          # per line: deepest depth counted by pyffish
    cover = dict(promotions=0, castlings=0, drops=0, ep=0)   # root moves / ep squares seen
    seen = set()
    reasons = {}

    def add_position(fen_fsf, is_start):
        ncap = START_NODE_CAP if is_start else NODE_CAP
        ccap = START_CALL_CAP if is_start else CALL_CAP
        counts, levels, root_moves = perft_levels(v, fen_fsf, ncap, ccap, MAX_DEPTH)
        k, why = clean_depth(g, v, fen_fsf, counts, levels)
        if why:
            reasons[why] = reasons.get(why, 0) + 1
        truncated = k < len(counts)
        if truncated:
            if k < 2:
                stats["excluded"] += 1
                return False
            stats["truncated"] += 1
            counts = counts[:k]
        if args.fsf and not truncated and counts[-1] > 0:
            # deeper counts from the FSF binary, while a material bound shows that the
            # tree cannot contain an unclean node
            d = len(counts) + 1
            while d <= MAX_DEPTH:
                est = counts[-1] * counts[-1] / max(1, counts[-2]) if len(counts) >= 2 else 0
                if est > ncap * 1.5 or could_be_unclean(g, fen_fsf, d):
                    break
                n = fsf_perft(args.fsf, v, fen_fsf, d, ini_path)
                if n > ncap:
                    break
                counts.append(n)
                if is_start:
                    binary_depths.append(d)
                else:
                    stats["binary"] = stats.get("binary", 0) + 1
                d += 1
        board, _ = parse_board(fen_fsf)
        for m in root_moves:
            sm = SQ_RE.match(m)
            if DROP_RE.match(m):
                cover["drops"] += 1
            elif sm and sm.group(5):
                cover["promotions"] += 1
            elif sm and board.get(sm.group(1) + sm.group(2), "").lower() == "k" \
                    and abs(ord(sm.group(1)) - ord(sm.group(3))) >= 2:
                cover["castlings"] += 1
        if fen_fsf.split(" ")[3] != "-":
            cover["ep"] += 1
        moves = sorted(move_to_ours(m, f2o) for m in root_moves)
        fen_ours = _translate_fen(fen_fsf, f2o)
        perft = " ".join("d%d=%d" % (i + 1, c) for i, c in enumerate(counts))
        lines.append("%s\t%s\t%s" % (fen_ours, perft, " ".join(moves)))
        pydepth.append(min(k, len(levels)))
        return True

    add_position(start_fsf, True)
    seen.add(start_fsf.split(" ")[0] + start_fsf.split(" ")[1])
    attempts = 0
    while len(lines) < args.positions + 1:
        attempts += 1
        if attempts > args.positions * 20:
            raise RuntimeError("%s: could not find enough positions" % name)
        fen = random_position(rng, v, start_fsf, attempts % 3)
        if fen is None:
            stats["failed"] += 1
            continue
        key = " ".join(fen.split(" ")[:4])
        if key in seen:
            stats["dup"] += 1
            continue
        seen.add(key)
        if v.startswith("makruk") and not fen.split(" ")[3] == "-":
            stats["counting"] += 1
            continue
        add_position(fen, False)
        if len(lines) % 10 == 0:
            log("%d positions" % len(lines))

    total = sum(int(x.split("=")[1]) for ln in lines for x in ln.split("\t")[1].split())
    hdr = ["# variant=%s options=%s fsf=%s" % (g["id"], opts_str(g), v)]
    if g.get("note"):
        hdr.append("# note: %s" % g["note"])
    crit = ["FSF's is_immediate_game_end() holds (FSF generates no moves there)"]
    if "pawndropmate" in g["checks"]:
        crit.insert(0, "the side to move has a pawn drop that mates (uchifuzume)")
    if "bare" in g["checks"]:
        crit.insert(0, "a side has only its king left (bare-king rule of our spec)")
    if "insufficient" in g["checks"]:
        crit.insert(0, "each side has at most one man besides its king and that man is a knight or "
                       "bishop, or FSF has_insufficient_material() holds for both sides")
    hdr.append("# excluded: depths whose perft tree has a node where moves are generated (depth < that "
               "depth) and " + "; or ".join(crit) + ". Positions keep only their clean depths and "
               "are dropped if fewer than 2 remain")
    hdr.append("# stats: positions=%d total_nodes=%d truncated=%d dropped=%d reasons=%s" % (
        len(lines), total, stats["truncated"], stats["excluded"],
        ",".join("%s:%d" % kv for kv in sorted(reasons.items())) or "-"))
    hdr.append("# coverage (depth-1 moves of all positions): promotions=%d castlings=%d drops=%d; "
               "FENs with an en-passant square: %d" % (cover["promotions"], cover["castlings"],
                                                      cover["drops"], cover["ep"]))
    src = "# counts from pyffish %s" % ".".join(map(str, sf.version()))
    if binary_depths or stats.get("binary"):
        src += (", except the deepest depth of %d random positions and the start position's %s, "
                "from the FSF binary (go perft N)" % (stats.get("binary", 0),
                                                     " ".join("d%d" % d for d in binary_depths) or "-"))
    hdr.append(src)
    hdr.append("# generator: scripts/gen_vectors.py, seed crc32(%r), plies %d-%d, depth node cap %d "
               "(start %d)" % (name, PLY_MIN, PLY_MAX, NODE_CAP, START_NODE_CAP))

    os.makedirs(args.out, exist_ok=True)
    path = os.path.join(args.out, name + ".tsv")
    with open(path, "w") as fh:
        fh.write("\n".join(hdr + lines) + "\n")

    verified = []
    if args.fsf and args.verify:
        vr = random.Random(1)
        idx = [0] + vr.sample(range(1, len(lines)), min(args.verify, len(lines) - 1))
        for i in idx:
            fen_ours, perft, _ = lines[i].split("\t")
            dd, nn = perft.split()[pydepth[i] - 1][1:].split("=")
            got = fsf_perft(args.fsf, v, _translate_fen(fen_ours, o2f), int(dd), ini_path)
            if got != int(nn):
                raise RuntimeError("%s: FSF binary disagrees on %s d%s: %d vs %s" % (name, fen_ours, dd, got, nn))
            verified.append("d%s=%s" % (dd, nn))
    if ini_path:
        os.unlink(ini_path)
    log("wrote %s: %d positions, %d nodes, stats %s, binary-verified %s" % (
        path, len(lines), total, stats, verified))
    return name, len(lines), total, stats


def _worker(a):
    g, args = a
    return generate(g, args)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--only", nargs="*", help="file names (without .tsv) to generate")
    ap.add_argument("--positions", type=int, default=50, help="random positions per file")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--fsf", default=os.environ.get("FSF", "fairy-stockfish-lb"),
                    help="FSF binary for deeper counts and --verify ('none' to skip)")
    ap.add_argument("--verify", type=int, default=2,
                    help="positions per file to re-check with the FSF binary")
    ap.add_argument("--out", default=os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                                  "..", "tests", "vectors"))
    args = ap.parse_args()
    if args.fsf in ("none", "") or not shutil.which(args.fsf):
        if args.fsf not in ("none", ""):
            print("FSF binary %r not found: pyffish depths only" % args.fsf,
                  file=sys.stderr)
        args.fsf = None
    else:
        args.fsf = shutil.which(args.fsf)
    games = [g for g in GAMES if not args.only or file_name(g) in args.only]
    with multiprocessing.Pool(args.jobs) as pool:
        res = pool.map(_worker, [(g, args) for g in games], chunksize=1)
    grand = 0
    for name, n, total, stats in res:
        print("%-45s %4d positions %11d nodes" % (name + ".tsv", n, total))
        grand += total
    print("total nodes: %d" % grand)


if __name__ == "__main__":
    main()
