#!/usr/bin/env python3
"""Independent perft for the start positions of `husun` and `timur`, written from the specs
(../shared/rules/husun.md, timur.md), sharing no code with the engine. Only what the first
plies can reach is modelled: plain moves, captures, single-royal legality, and timur's royal
swap (a check is possible from ply 3 on). No citadel can be reached and no pawn can promote within
4 plies of either start position (the script asserts the latter).

    python3 scripts/special_citadel_perft.py husun 3
    python3 scripts/special_citadel_perft.py timur 3
"""
import sys

def parse(fen, w, h):
    rows = fen.split()[0].split('/')
    assert len(rows) == h
    board = {}
    for ri, row in enumerate(rows):
        y = h - 1 - ri
        x = 0
        i = 0
        while i < len(row):
            if row[i].isdigit():
                j = i
                while j < len(row) and row[j].isdigit():
                    j += 1
                x += int(row[i:j])
                i = j
                continue
            board[(x, y)] = row[i]
            x += 1
            i += 1
        assert x == w, row
    return board

KING = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0)]
ORTH = [(1, 0), (-1, 0), (0, 1), (0, -1)]
DIAG = [(1, 1), (1, -1), (-1, 1), (-1, -1)]

def leaps(a, b):
    s = set()
    for sx in (1, -1):
        for sy in (1, -1):
            s.add((a * sx, b * sy))
            s.add((b * sx, a * sy))
    return sorted(s)

class Game:
    def __init__(self, name):
        self.name = name
        if name == 'husun':
            self.w, self.h = 10, 10
            self.fen = 'rnebkfbenr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNEBKFBENR w - - 0 1'
            self.royal = 'k'
            self.pawns = 'p'
        else:
            self.w, self.h = 11, 10
            self.fen = 'e1c1d1d1c1e/rntgwkfgtnr/osyzvhqljmp/11/11/11/11/PMJLQHVZYSO/RNTGFKWGTNR/E1C1D1D1C1E w Ss - 0 1'
            self.royal = 'k'  # (Prince/AK cannot appear within 3 plies)
            self.pawns = 'pmjlqhvzyso'

    def on(self, c):
        return 0 <= c[0] < self.w and 0 <= c[1] < self.h

    def targets(self, board, c, piece, captures_only=False):
        """(target, is_capture) for the man `piece` on c (plain moves only)."""
        white = piece.isupper()
        k = piece.lower()
        out = []
        def own(t):
            return t in board and board[t].isupper() == white
        def enemy(t):
            return t in board and board[t].isupper() != white
        def leap(vs):
            for d in vs:
                t = (c[0] + d[0], c[1] + d[1])
                if self.on(t) and not own(t):
                    out.append((t, enemy(t)))
        def ride(dirs, minimum=1):
            for d in dirs:
                t = c
                n = 0
                while True:
                    t = (t[0] + d[0], t[1] + d[1])
                    n += 1
                    if not self.on(t):
                        break
                    if t in board:
                        if enemy(t) and n >= minimum:
                            out.append((t, True))
                        break
                    if n >= minimum:
                        out.append((t, False))
        fwd = 1 if white else -1
        if k in self.pawns:
            t = (c[0], c[1] + fwd)
            if self.on(t) and t not in board:
                out.append((t, False))
            for dx in (-1, 1):
                t = (c[0] + dx, c[1] + fwd)
                if self.on(t) and enemy(t):
                    out.append((t, True))
            return out
        if self.name == 'husun':
            table = {'k': lambda: leap(KING), 'f': lambda: leap(DIAG), 'b': lambda: ride(DIAG),
                     'e': lambda: leap(leaps(2, 2)), 'n': lambda: leap(leaps(1, 2)),
                     'r': lambda: ride(ORTH)}
        else:
            def giraffe():
                for d in DIAG:
                    s = (c[0] + d[0], c[1] + d[1])
                    if not self.on(s) or s in board:
                        continue
                    for o in ((d[0], 0), (0, d[1])):
                        t = s
                        n = 0
                        while True:
                            t = (t[0] + o[0], t[1] + o[1])
                            n += 1
                            if not self.on(t):
                                break
                            if t in board:
                                if enemy(t) and n >= 3:
                                    out.append((t, True))
                                break
                            if n >= 3:
                                out.append((t, False))
            table = {'k': lambda: leap(KING), 'w': lambda: leap(ORTH), 'f': lambda: leap(DIAG),
                     'g': giraffe, 't': lambda: ride(DIAG, 2), 'n': lambda: leap(leaps(1, 2)),
                     'r': lambda: ride(ORTH), 'e': lambda: leap(leaps(2, 2)),
                     'c': lambda: leap(leaps(1, 3)), 'd': lambda: leap(leaps(0, 2))}
        table[k]()
        return out

    def moves(self, board, white):
        res = []
        for c, p in list(board.items()):
            if p.isupper() != white:
                continue
            for t, cap in self.targets(board, c, p):
                res.append((c, t))
        return res

    def in_check(self, board, white):
        kc = [c for c, p in board.items() if p == (self.royal.upper() if white else self.royal)]
        assert len(kc) == 1
        kc = kc[0]
        for c, p in board.items():
            if p.isupper() != white:
                for t, cap in self.targets(board, c, p):
                    if t == kc:
                        return True
        return False

    def legal(self, board, white, rights=frozenset('Ss')):
        """Legal successors as (board, rights)."""
        out = []
        for f, t in self.moves(board, white):
            p = board[f]
            last = self.h - 1 if white else 0
            assert not (p.lower() in self.pawns and t[1] == last), "promotion reached"
            nb = dict(board)
            del nb[f]
            nb[t] = p
            if not self.in_check(nb, white):
                out.append((nb, rights))
        # timur: once per game a checked Shah may exchange places with any of his men (not a
        # pawn that would land on its own last rank); the Shah must not stay in check.
        right = 'S' if white else 's'
        if self.name == 'timur' and right in rights and self.in_check(board, white):
            k = 'K' if white else 'k'
            kc = [c for c, p in board.items() if p == k][0]
            last = self.h - 1 if white else 0
            for c, p in board.items():
                if p.isupper() != white or p == k:
                    continue
                if p.lower() in self.pawns and kc[1] == last:
                    continue
                nb = dict(board)
                nb[kc], nb[c] = p, k
                if not self.in_check(nb, white):
                    out.append((nb, rights - {right}))
        return out

    def perft(self, board, white, d, rights=frozenset('Ss')):
        if d == 0:
            return 1
        ls = self.legal(board, white, rights)
        if d == 1:
            return len(ls)
        return sum(self.perft(b, not white, d - 1, r) for b, r in ls)

def perft_main():
    g = Game(sys.argv[1])
    depth = int(sys.argv[2])
    b = parse(g.fen, g.w, g.h)
    for d in range(1, depth + 1):
        print(d, g.perft(b, True, d))


def divide_main():
    """python3 special_citadel_perft.py divide <game> <depth> [move ...]: per-move counts after
    playing the given moves (from-to, e.g. b2c4)."""
    g = Game(sys.argv[2])
    depth = int(sys.argv[3])
    b = parse(g.fen, g.w, g.h)
    white = True
    def cell(s):
        return (ord(s[0]) - 97, int(s[1:]) - 1)
    def name(c):
        return chr(97 + c[0]) + str(c[1] + 1)
    for mv in sys.argv[4:]:
        i = 2 if not mv[2].isdigit() else 3
        f, t = cell(mv[:i]), cell(mv[i:])
        b = dict(b)
        p = b.pop(f)
        b[t] = p
        white = not white
    total = 0
    for f, t in g.moves(b, white):
        nb = dict(b)
        p = nb.pop(f)
        nb[t] = p
        if g.in_check(nb, white):
            continue
        n = g.perft(nb, not white, depth - 1)
        total += n
        print(f"{name(f)}{name(t)}: {n}")
    print("nodes", total)


if __name__ == '__main__':
    if sys.argv[1] == 'divide':
        divide_main()
    else:
        perft_main()
