#!/usr/bin/env python3
"""Independent Jetan move generator (written from ../shared/rules/jetan.md, default options),
for cross-checking chatrang's perft. Paths are searched at move time on the actual board."""
import sys

START = "wldopcodlw/tmmmmmmmmt/10/10/10/10/10/10/TMMMMMMMMT/WLDOCPODLW w Pp - 0 1"
ORTH = [(0, 1), (1, 0), (0, -1), (-1, 0)]
DIAG = [(1, 1), (1, -1), (-1, -1), (-1, 1)]
KING = ORTH + DIAG


def parse(fen):
    f = fen.split()
    board = {}
    for ri, row in enumerate(f[0].split('/')):
        y = 9 - ri
        x = 0
        i = 0
        while i < len(row):
            if row[i].isdigit():
                j = i
                while j < len(row) and row[j].isdigit():
                    j += 1
                x += int(row[i:j])
                i = j
            else:
                board[(x, y)] = row[i]
                x += 1
                i += 1
    side = 0 if f[1] == 'w' else 1
    rights = set(c for c in f[2] if c in 'Pp')
    return board, side, rights


def own(p, side):
    return p.isupper() == (side == 0)


def on(x, y):
    return 0 <= x < 10 and 0 <= y < 10


def walks(board, s, legs, leaping):
    """Destinations of exactly len(legs) steps, all squares distinct."""
    out = set()

    def rec(path):
        k = len(path) - 1
        if k == len(legs):
            out.add(path[-1])
            return
        cx, cy = path[-1]
        for dx, dy in legs[k]:
            c = (cx + dx, cy + dy)
            if not on(*c) or c in path:
                continue
            if k + 1 < len(legs) and not leaping and c in board:
                continue
            rec(path + [c])

    rec([s])
    return out


def moves(board, side, rights):
    res = []
    for s, p in list(board.items()):
        if not own(p, side):
            continue
        u = p.upper()
        dests = set()
        cap = True
        if u == 'C':
            dests = walks(board, s, [KING] * 3, False)
        elif u == 'P':
            dests = walks(board, s, [KING] * 3, True)
            cap = False
        elif u == 'O':
            dests = walks(board, s, [DIAG] * 3, True)
        elif u == 'D':
            dests = walks(board, s, [ORTH] * 3, False)
        elif u == 'L':
            dests = walks(board, s, [DIAG] * 2, False)
        elif u == 'W':
            dests = walks(board, s, [ORTH] * 2, False)
        elif u == 'T':
            d = walks(board, s, [ORTH, DIAG], False) | walks(board, s, [DIAG, ORTH], False)
            dests = {t for t in d if sorted((abs(t[0] - s[0]), abs(t[1] - s[1]))) == [1, 2]}
        elif u == 'M':
            fw = 1 if side == 0 else -1
            for dx, dy in [(0, fw), (1, 0), (-1, 0)] + DIAG:
                t = (s[0] + dx, s[1] + dy)
                if on(*t):
                    dests.add(t)
        for t in dests:
            if t == s:
                continue
            q = board.get(t)
            if q is None or (cap and not own(q, side)):
                res.append((s, t, False))
        if u == 'P' and ('P' if side == 0 else 'p') in rights:
            for x in range(10):
                for y in range(10):
                    if (x, y) not in board:
                        res.append((s, (x, y), True))
    return res


def over(board):
    return 'P' not in board.values() or 'p' not in board.values()


def perft(board, side, rights, depth, cap_chief=None):
    if over(board) or cap_chief:
        return 0
    ms = moves(board, side, rights)
    if depth == 1:
        return len(ms)
    n = 0
    for s, t, esc in ms:
        b2 = dict(board)
        p = b2.pop(s)
        victim = b2.get(t)
        b2[t] = p
        r2 = set(rights)
        if esc:
            r2.discard('P' if side == 0 else 'p')
        # a Chieftain captured ends the game (win or draw) under the default rules
        cc = victim is not None and victim.upper() == 'C'
        n += perft(b2, 1 - side, r2, depth - 1, cc)
    return n


if __name__ == '__main__':
    fen = sys.argv[2] if len(sys.argv) > 2 else START
    b, s, r = parse(fen)
    for d in range(1, int(sys.argv[1]) + 1):
        print(d, perft(b, s, r, d))
