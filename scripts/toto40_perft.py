#!/usr/bin/env python3
"""Independent Toto40 move generator (written from ../shared/rules/toto40.md, default
options: royal=check, superko=positional, white=lower), for cross-checking chatrang's perft.
Cells are (file, rank) 1-based; a cell exists iff 9 <= file + rank <= 13."""
import sys

START = {
    (3, 6): 'K', (4, 5): 'R', (5, 4): 'N', (6, 3): 'H', (1, 8): 'P', (2, 7): 'P', (7, 2): 'P', (8, 1): 'P',
    (6, 7): 'k', (5, 8): 'r', (4, 9): 'n', (3, 10): 'h', (1, 12): 'p', (2, 11): 'p', (7, 6): 'p', (8, 5): 'p',
}


def exists(c):
    f, r = c
    return 1 <= f <= 8 and 1 <= r <= 12 and 9 <= f + r <= 13


def on_line(c):
    return c[0] + c[1] == 11


def allowed(c, side):
    s = c[0] + c[1]
    return s <= 11 if side == 0 else s >= 11


def owner(p):
    return 0 if p.isupper() else 1


def pseudo(board, side, captures_only=False):
    out = []
    fw = 1 if side == 0 else -1
    for c, p in board.items():
        if owner(p) != side:
            continue
        u = p.upper()
        dests = []  # (cell, can_move, can_capture)
        if u == 'K':
            for dx in (-1, 0, 1):
                for dy in (-1, 0, 1):
                    if dx or dy:
                        dests.append(((c[0] + dx, c[1] + dy), True, True))
        elif u == 'N':
            for dx, dy in [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]:
                dests.append(((c[0] + dx, c[1] + dy), True, True))
        elif u == 'H':
            for dx in (-2, 0, 2):
                for dy in (-2, 0, 2):
                    if dx or dy:
                        dests.append(((c[0] + dx, c[1] + dy), True, True))
        elif u == 'R':
            for dx, dy in [(1, 0), (-1, 0), (0, 1), (0, -1)]:
                t = (c[0] + dx, c[1] + dy)
                while exists(t) and allowed(t, side):
                    if t in board:
                        dests.append((t, False, True))
                        break
                    dests.append((t, True, False))
                    t = (t[0] + dx, t[1] + dy)
        elif u == 'P' and not on_line(c):
            dests.append(((c[0], c[1] + fw), True, False))
            dests.append(((c[0] + 1, c[1] + fw), False, True))
            dests.append(((c[0] - 1, c[1] + fw), False, True))
        if on_line(c):
            for dx, dy in [(-1, 1), (1, -1)]:
                dests.append(((c[0] + dx, c[1] + dy), True, True))
        seen = set()
        for t, mv, cp in dests:
            if not exists(t) or not allowed(t, side):
                continue
            q = board.get(t)
            ok = (q is None and mv) or (q is not None and owner(q) != side and cp)
            if ok and t not in seen:
                seen.add(t)
                out.append((c, t))
    return out


def attacked(board, cell, by):
    return any(t == cell for _, t in pseudo(board, by))


def king_of(board, side):
    for c, p in board.items():
        if p == ('K' if side == 0 else 'k'):
            return c
    return None


def apply(board, m):
    b = dict(board)
    b[m[1]] = b.pop(m[0])
    return b


def key(board):
    return frozenset(board.items())


def legal(board, side, seen):
    res = []
    for m in pseudo(board, side):
        b = apply(board, m)
        k = king_of(b, side)
        if k is not None and attacked(b, k, 1 - side):
            continue
        if key(b) in seen:
            continue
        res.append(m)
    return res


def decided(board, last_from, mover):
    if last_from is None:
        return False
    entered = any(on_line(c) for c in board) or on_line(last_from)
    mine = any(on_line(c) and owner(p) == mover for c, p in board.items())
    return entered and not mine


def perft(board, side, depth, seen, last_from=None):
    if decided(board, last_from, 1 - side):
        return 0
    ms = legal(board, side, seen)
    if depth == 1:
        return len(ms)
    n = 0
    for m in ms:
        b = apply(board, m)
        n += perft(b, 1 - side, depth - 1, seen | {key(b)}, m[0])
    return n


if __name__ == '__main__':
    for d in range(1, int(sys.argv[1]) + 1):
        print(d, perft(START, 0, d, frozenset({key(START)})))
