#!/usr/bin/env python3
"""Independent perft for tsuishogi (shared/rules/tsuishogi.md), written from the spec without
the engine's tables: its own board, piece moves as vector lists, drops, promotion, the Crown
Prince rule and (with --chu) the standard Chu lion powers and Lion-trading rules.

    python3 scripts/tsuishogi_perft.py --depth 3 [--chu] [--arrangement chu] [--drops off]
        [--promotion chu] [--fen FEN]

Used to cross-check the start-position counts asserted in tests/tsuishogi_rules.rs.
"""
import argparse
import sys

W = H = 12
ORTH = [(0, 1), (0, -1), (1, 0), (-1, 0)]
DIAG = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
ALL8 = ORTH + DIAG


def piece_moves(code, chu, ring):
    """(steps, slides, jumps, capture_only_steps) for the first player (forward = +y)."""
    st, sl, jp, cs = [], [], [], []
    if code == 'K' or code == '+E':
        st = ALL8
    elif code == 'E' or code == '+I':
        st = [d for d in ALL8 if d != (0, -1)]
    elif code == 'G' or code == '+P':
        st = ORTH + [(1, 1), (-1, 1)]
    elif code == 'S':
        st = DIAG + [(0, 1)]
    elif code == 'C':
        st = [(0, 1), (0, -1), (1, 1), (-1, 1)]
    elif code == 'F':
        st = DIAG + [(0, 1), (0, -1)]
    elif code == 'L':
        sl = [(0, 1)]
    elif code == 'O':
        st = DIAG
        jp = [(0, 2), (0, -2), (2, 0), (-2, 0)]
    elif code == 'X':
        st = ORTH
        jp = [(2, 2), (2, -2), (-2, 2), (-2, -2)]
    elif code == 'T':
        st = [d for d in ALL8 if d != (0, 1)]
    elif code in ('B', '+F', '+V') and not (code == '+V' and chu):
        sl = DIAG
    elif code == '+V':  # chu Flying Ox
        sl = DIAG + [(0, 1), (0, -1)]
    elif code == 'A':
        sl = [(0, 1), (0, -1)]
    elif code in ('N', '+O'):
        two = [(0, 2), (0, -2), (2, 0), (-2, 0), (2, 2), (2, -2), (-2, 2), (-2, -2)]
        knight = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]
        if chu:
            st = ALL8
            jp = two + knight
        else:
            cs = ALL8
            jp = two + (knight if ring else [])
    elif code in ('Q', '+X'):
        sl = ORTH + DIAG if chu else [(0, 1), (0, -1)]
    elif code in ('D', '+R'):
        sl = ORTH
        st = DIAG
    elif code in ('H', '+B'):
        sl = DIAG
        st = ORTH
    elif code in ('R', '+G'):
        sl = ORTH
    elif code in ('V', '+S'):
        sl = [(0, 1), (0, -1)]
        st = [(1, 0), (-1, 0)]
    elif code in ('M', '+C'):
        sl = [(1, 0), (-1, 0)]
        st = [(0, 1), (0, -1)]
    elif code == 'I':
        st = [(0, 1), (0, -1)]
    elif code == 'P':
        st = [(0, 1)]
    elif code == '+L':
        sl = [(0, 1), (0, -1), (1, 1), (-1, 1)]
    elif code == '+T':
        sl = [(0, 1), (0, -1)]
        st = DIAG + [(1, 0), (-1, 0)]
    elif code == '+A':
        sl = [(0, 1), (0, -1), (1, -1), (-1, -1)]
    elif code == '+D':
        if chu:  # Soaring Eagle: slides orth + back diagonals; forward diagonals 1 or 2
            sl = ORTH + [(1, -1), (-1, -1)]
            st = [(1, 1), (-1, 1)]
            jp = [(2, 2), (-2, 2)]
        else:
            sl = ORTH + [(1, -1), (-1, -1)]
            jp = [(2, 2), (-2, 2)]
    elif code == '+H':
        if chu:  # Horned Falcon: slides diag, sideways, back; forward 1 or 2
            sl = DIAG + [(1, 0), (-1, 0), (0, -1)]
            st = [(0, 1)]
            jp = [(0, 2)]
        else:
            sl = DIAG + [(1, 0), (-1, 0)]
            jp = [(0, 2), (0, -2)]
    elif code == '+M':
        sl = DIAG + [(1, 0), (-1, 0)]
    else:
        raise ValueError(code)
    return st, sl, jp, cs


PROMOTES = set('EGSCFLOXTBADHRVMIP')


def sq(x, y):
    return y * W + x


def xy(s):
    return s % W, s // W


def name(s):
    x, y = xy(s)
    return 'abcdefghijkl'[x] + str(y + 1)


class Game:
    def __init__(self, chu, ring, drops, promo_chu, successor):
        self.chu, self.ring, self.drops = chu, ring, drops
        self.promo_chu, self.successor = promo_chu, successor
        self.cache = {}

    def moves_of(self, code, color):
        k = (code, color)
        if k not in self.cache:
            st, sl, jp, cs = piece_moves(code, self.chu, self.ring)
            f = (lambda d: d) if color == 0 else (lambda d: (d[0], -d[1]))
            self.cache[k] = ([f(d) for d in st], [f(d) for d in sl], [f(d) for d in jp],
                             [f(d) for d in cs])
        return self.cache[k]

    def royal(self, code):
        return code == 'K' or (code == '+E' and self.successor)

    def in_zone(self, s, color):
        y = s // W
        return y >= 8 if color == 0 else y <= 3

    def last_rank(self, s, color):
        y = s // W
        return y == 11 if color == 0 else y == 0

    def targets(self, board, s):
        """Cells the man on s may move to or capture on (ordinary moves)."""
        color, code = board[s]
        st, sl, jp, cs = self.moves_of(code, color)
        x, y = xy(s)
        out = []
        for (dx, dy) in st + jp:
            nx, ny = x + dx, y + dy
            if 0 <= nx < W and 0 <= ny < H:
                t = sq(nx, ny)
                if board[t] is None or board[t][0] != color:
                    out.append(t)
        for (dx, dy) in cs:
            nx, ny = x + dx, y + dy
            if 0 <= nx < W and 0 <= ny < H:
                t = sq(nx, ny)
                if board[t] is not None and board[t][0] != color:
                    out.append(t)
        for (dx, dy) in sl:
            nx, ny = x + dx, y + dy
            while 0 <= nx < W and 0 <= ny < H:
                t = sq(nx, ny)
                if board[t] is None:
                    out.append(t)
                else:
                    if board[t][0] != color:
                        out.append(t)
                    break
                nx += dx
                ny += dy
        return out

    def attacked(self, board, t, by):
        for s in range(W * H):
            p = board[s]
            if p is not None and p[0] == by and t in self.targets(board, s):
                return True
        return False

    def lion_specials(self, board, s, color, dirs, full):
        """Chu lion powers: (mid, to) pairs; to == s for igui / pass (one pass at most)."""
        x, y = xy(s)
        out = []
        passed = False
        for (dx, dy) in dirs:
            ax, ay = x + dx, y + dy
            if not (0 <= ax < W and 0 <= ay < H):
                continue
            a = sq(ax, ay)
            if board[a] is None:
                if not passed:
                    out.append((a, s))
                    passed = True
                continue
            if board[a][0] == color:
                continue
            out.append((a, s))  # igui
            seconds = ALL8 if full else [(dx, dy)]
            for (ex, ey) in seconds:
                bx, by_ = ax + ex, ay + ey
                if not (0 <= bx < W and 0 <= by_ < H):
                    continue
                b = sq(bx, by_)
                if b == s:
                    continue
                if board[b] is None or board[b][0] != color:
                    out.append((a, b))
        return out

    def pseudo(self, pos):
        board, hands, color = pos
        out = []
        for s in range(W * H):
            p = board[s]
            if p is None or p[0] != color:
                continue
            code = p[1]
            for t in self.targets(board, s):
                out.extend(self.promo_variants(board, s, t, code, color))
            if self.chu:
                fwd = 1 if color == 0 else -1
                specs = None
                if code in ('N', '+O'):
                    specs = self.lion_specials(board, s, color, ALL8, True)
                elif code == '+D':
                    specs = self.lion_specials(board, s, color, [(1, fwd), (-1, fwd)], False)
                elif code == '+H':
                    specs = self.lion_specials(board, s, color, [(0, fwd)], False)
                for (a, b) in specs or []:
                    out.append(('s', s, a, b))
        if self.drops:
            for code, n in hands[color].items():
                if n == 0:
                    continue
                for t in range(W * H):
                    if board[t] is not None:
                        continue
                    if code in ('P', 'L') and self.last_rank(t, color):
                        continue
                    if code == 'P':
                        x = t % W
                        if any(board[sq(x, yy)] == (color, 'P') for yy in range(H)):
                            continue
                    out.append(('d', code, t))
        return out

    def promo_variants(self, board, s, t, code, color):
        base = [('n', s, t, False)]
        if code not in PROMOTES:
            return base
        fz, tz = self.in_zone(s, color), self.in_zone(t, color)
        forced = code in ('P', 'L') and self.last_rank(t, color)
        if self.promo_chu:
            cap = board[t] is not None
            can = (not fz and tz) or (cap and (fz or tz)) or forced
        else:
            can = fz or tz
        out = []
        if can:
            out.append(('n', s, t, True))
        if not forced:
            out.append(('n', s, t, False))
        return out

    def make(self, pos, m):
        board, hands, color = pos
        board = list(board)
        hands = [dict(hands[0]), dict(hands[1])]

        def take(cell):
            v = board[cell]
            board[cell] = None
            if self.drops and v[1] != 'K':
                k = v[1][1:] if v[1].startswith('+') else v[1]
                hands[color][k] = hands[color].get(k, 0) + 1

        if m[0] == 'd':
            hands[color][m[1]] -= 1
            board[m[2]] = (color, m[1])
        elif m[0] == 'n':
            _, s, t, pr = m
            p = board[s]
            board[s] = None
            if board[t] is not None:
                take(t)
            board[t] = (color, '+' + p[1]) if pr else p
        else:
            _, s, a, b = m
            p = board[s]
            if board[a] is not None:
                take(a)
            if b != s:
                board[s] = None
                if board[b] is not None:
                    take(b)
                board[b] = p
        return (board, hands, 1 - color)

    def royals(self, board, color):
        return [s for s in range(W * H) if board[s] is not None and board[s][0] == color
                and self.royal(board[s][1])]

    def in_check(self, pos, color):
        board = pos[0]
        r = self.royals(board, color)
        return len(r) == 1 and self.attacked(board, r[0], 1 - color)

    def lion_ok(self, pos, m, counter):
        """Lion-trading rules (chu)."""
        board, _, color = pos
        if m[0] == 'd':
            return True
        s = m[1]
        mover = board[s][1]
        lion = ('N', '+O')
        if m[0] == 'n':
            to, mid = m[2], None
        else:
            to, mid = m[3], m[2]
            if board[mid] is None:
                mid = None
        to_lion = to != s and board[to] is not None and board[to][1] in lion
        mid_lion = mid is not None and board[mid][1] in lion
        if mover not in lion:
            return not (counter and (to_lion or mid_lion))
        if not to_lion:
            return True
        (fx, fy), (tx, ty) = xy(s), xy(to)
        if max(abs(fx - tx), abs(fy - ty)) <= 1:
            return True
        if mid is not None and board[mid][1] not in ('P', 'I'):
            return True
        after = self.make(pos, m)
        return not self.attacked(after[0], to, 1 - color)

    def legal(self, pos, last=None):
        """last: (mover code, list of captured codes) of the move that led here (chu rule ii)."""
        board, hands, color = pos
        counter = False
        if self.chu and last is not None:
            mover, caps = last
            counter = mover not in ('N', '+O') and any(c in ('N', '+O') for c in caps)
        out = []
        for m in self.pseudo(pos):
            after = self.make(pos, m)
            if self.in_check(after, color):
                continue
            if m[0] == 'd' and m[1] == 'P' and self.in_check(after, 1 - color):
                if not self.legal(after):
                    continue  # pawn-drop mate
            if self.chu and not self.lion_ok(pos, m, counter):
                continue
            out.append(m)
        return out

    def last_info(self, pos, m):
        board = pos[0]
        if m[0] == 'd':
            return (m[1], [])
        s = m[1]
        caps = []
        if m[0] == 'n':
            if board[m[2]] is not None:
                caps.append(board[m[2]][1])
        else:
            if board[m[2]] is not None:
                caps.append(board[m[2]][1])
            if m[3] != s and board[m[3]] is not None:
                caps.append(board[m[3]][1])
        return (board[s][1], caps)

    def perft(self, pos, depth, last=None):
        moves = self.legal(pos, last)
        if depth == 1:
            return len(moves)
        return sum(self.perft(self.make(pos, m), depth - 1, self.last_info(pos, m))
                   for m in moves)


def parse_fen(fen):
    parts = fen.split()
    b = parts[0]
    hand = ''
    if '[' in b:
        b, hand = b.split('[')
        hand = hand.rstrip(']')
    board = [None] * (W * H)
    for ri, row in enumerate(b.split('/')):
        y = H - 1 - ri
        x = 0
        i = 0
        while i < len(row):
            c = row[i]
            if c.isdigit():
                j = i
                while j < len(row) and row[j].isdigit():
                    j += 1
                x += int(row[i:j])
                i = j
                continue
            prom = ''
            if c == '+':
                prom = '+'
                i += 1
                c = row[i]
            color = 0 if c.isupper() else 1
            board[sq(x, y)] = (color, prom + c.upper())
            x += 1
            i += 1
        assert x == W, row
    hands = [{}, {}]
    for c in hand:
        if c == '-':
            continue
        color = 0 if c.isupper() else 1
        hands[color][c.upper()] = hands[color].get(c.upper(), 0) + 1
    side = 0 if len(parts) < 2 or parts[1] == 'w' else 1
    return (board, hands, side)


BOOK = ("lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4x3/12/12/3X4I3/"
        "PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL[] w - - 0 1")
CHU = ("lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/"
       "PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL[] w - - 0 1")


def to_fen(pos):
    board, hands, side = pos
    rows = []
    for y in range(H - 1, -1, -1):
        row, empty = '', 0
        for x in range(W):
            p = board[sq(x, y)]
            if p is None:
                empty += 1
                continue
            if empty:
                row += str(empty)
                empty = 0
            row += p[1] if p[0] == 0 else p[1].lower()
        if empty:
            row += str(empty)
        rows.append(row)
    hand = ''.join(k * n for k, n in sorted(hands[0].items())) + \
        ''.join(k.lower() * n for k, n in sorted(hands[1].items()))
    return '/'.join(rows) + '[' + hand + '] ' + ('w' if side == 0 else 'b') + ' - - 0 1'


def random_fens(g, fen, n, plies, seed):
    """FENs met along random playouts that prefer captures (so hands fill and drops appear)."""
    import random
    rnd = random.Random(seed)
    out = []
    while len(out) < n:
        pos = parse_fen(fen)
        last = None
        for i in range(plies):
            ms = g.legal(pos, last)
            if not ms:
                break
            caps = [m for m in ms if m[0] != 'd' and (
                (m[0] == 'n' and pos[0][m[2]] is not None) or m[0] == 's')]
            m = rnd.choice(caps) if caps and rnd.random() < 0.5 else rnd.choice(ms)
            last = g.last_info(pos, m)
            pos = g.make(pos, m)
            if last[1] and g.chu:
                continue  # the counterstrike rule is not in the FEN
            if i % 7 == 6:
                out.append(to_fen(pos))
    return out[:n]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--depth', type=int, default=2)
    ap.add_argument('--chu', action='store_true', help='rules=chu')
    ap.add_argument('--ring', action='store_true', help='booklion=ring')
    ap.add_argument('--arrangement', default='book')
    ap.add_argument('--drops', default='on')
    ap.add_argument('--promotion', default='book')
    ap.add_argument('--prince', default='successor')
    ap.add_argument('--fen')
    ap.add_argument('--divide', action='store_true')
    ap.add_argument('--random', type=int, default=0, help='print N random FENs with perft counts')
    ap.add_argument('--plies', type=int, default=80)
    ap.add_argument('--seed', type=int, default=1)
    a = ap.parse_args()
    g = Game(a.chu, a.ring, a.drops == 'on', a.promotion == 'chu', a.prince == 'successor')
    fen = a.fen or (CHU if a.arrangement == 'chu' else BOOK)
    if a.random:
        for f in random_fens(g, fen, a.random, a.plies, a.seed):
            p = parse_fen(f)
            print(f + '\t' + ' '.join(str(g.perft(p, d)) for d in range(1, a.depth + 1)))
            sys.stdout.flush()
        return
    pos = parse_fen(fen)
    if a.divide:
        for m in g.legal(pos):
            n = g.perft(g.make(pos, m), a.depth - 1, g.last_info(pos, m)) if a.depth > 1 else 1
            print(m, n)
    for d in range(1, a.depth + 1):
        print(d, g.perft(pos, d))
        sys.stdout.flush()


if __name__ == '__main__':
    main()
