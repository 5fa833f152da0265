#!/usr/bin/env python3
"""Independent Three-Dimensional Chess move generator (written from
../shared/rules/chess3d.md: Raumschach moves, version 1, ceiling = highest level either king
reached), for cross-checking chatrang's perft from positions with kings above level A.
No castling rights, no en passant in the positions it is used on."""
import itertools
import sys

DIRS26 = [d for d in itertools.product((-1, 0, 1), repeat=3) if d != (0, 0, 0)]
ORTH = [d for d in DIRS26 if sum(map(abs, d)) == 1]
PLANAR = [d for d in DIRS26 if sum(map(abs, d)) == 2]
TRI = [d for d in DIRS26 if sum(map(abs, d)) == 3]
KNIGHT = sorted({p for v in itertools.product((-2, -1, 0, 1, 2), repeat=3)
                 for p in [v] if sorted(map(abs, v)) == [0, 1, 2]})
assert len(KNIGHT) == 24


def parse(fen):
    f = fen.split()
    board = {}
    for z, lv in enumerate(f[0].split('|')):
        for ri, row in enumerate(lv.split('/')):
            y = 7 - ri
            x = 0
            for ch in row:
                if ch.isdigit():
                    x += int(ch)
                else:
                    board[(x, y, z)] = ch
                    x += 1
    side = 0 if f[1] == 'w' else 1
    top = int(f[6][1:]) - 1
    return board, side, top


def on(c):
    return all(0 <= v < 8 for v in c)


def add(a, b):
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2])


def own(p, side):
    return p.isupper() == (side == 0)


def pseudo(board, side):
    out = []
    fw = 1 if side == 0 else -1
    for c, p in board.items():
        if not own(p, side):
            continue
        u = p.upper()
        if u in 'QRB':
            dirs = {'Q': DIRS26, 'R': ORTH, 'B': PLANAR}[u]
            for d in dirs:
                t = add(c, d)
                while on(t):
                    q = board.get(t)
                    if q is None:
                        out.append((c, t, None))
                    else:
                        if not own(q, side):
                            out.append((c, t, None))
                        break
                    t = add(t, d)
        elif u in 'KN':
            for d in (DIRS26 if u == 'K' else KNIGHT):
                t = add(c, d)
                if on(t) and (t not in board or not own(board[t], side)):
                    out.append((c, t, None))
        elif u == 'P':
            last = 7 if side == 0 else 0
            targets = []
            t = add(c, (0, fw, 0))
            if on(t) and t not in board:
                targets.append(t)
                start = 1 if side == 0 else 6
                t2 = add(t, (0, fw, 0))
                if c[2] == 0 and c[1] == start and t2 not in board:
                    targets.append(t2)
            for d in [(1, fw, 0), (-1, fw, 0), (0, fw, 1), (0, fw, -1)]:
                t = add(c, d)
                if on(t) and t in board and not own(board[t], side):
                    targets.append(t)
            for t in targets:
                if t[1] == last:
                    for pr in 'qrbn':
                        out.append((c, t, pr))
                else:
                    out.append((c, t, None))
    return out


def attacked(board, cell, by):
    return any(m[1] == cell for m in pseudo(board, by))


def apply(board, m, side):
    b = dict(board)
    p = b.pop(m[0])
    if m[2]:
        p = m[2].upper() if side == 0 else m[2]
    b[m[1]] = p
    return b


def king(board, side):
    k = 'K' if side == 0 else 'k'
    return next(c for c, p in board.items() if p == k)


def legal(board, side, top):
    ms = []
    for m in pseudo(board, side):
        b = apply(board, m, side)
        if not attacked(b, king(b, side), 1 - side):
            ms.append(m)
    isk = lambda m: board[m[0]].upper() == 'K'
    ms = [m for m in ms if isk(m) or m[1][2] <= top]
    up = lambda m: isk(m) and m[1][2] > m[0][2]
    if any(up(m) for m in ms):
        in_check = attacked(board, king(board, side), 1 - side)
        others = [m for m in ms if not up(m)]
        if not in_check or (top == 0 and others):
            ms = others
    return ms


def perft(board, side, top, depth):
    ms = legal(board, side, top)
    if depth == 1:
        return len(ms)
    n = 0
    for m in ms:
        b = apply(board, m, side)
        t = top
        if board[m[0]].upper() == 'K':
            t = max(t, m[1][2])
        n += perft(b, 1 - side, t, depth - 1)
    return n


if __name__ == '__main__':
    board, side, top = parse(sys.argv[2])
    for k in (0, 1):
        top = max(top, king(board, k)[2])
    for d in range(1, int(sys.argv[1]) + 1):
        print(d, perft(board, side, top, d))
