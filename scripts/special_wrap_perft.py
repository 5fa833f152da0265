#!/usr/bin/env python3
"""Independent perft for torus, round, cuarenta and oblong, written from the specs in
../shared/rules (not from chatrang's code). Used to cross-check the start-position perft
counts asserted in tests/special_wrap_rules.rs.

Usage: python3 scripts/special_wrap_perft.py <game> <depth> [options...]
"""
import sys

# ---------------------------------------------------------------- helpers
def other(c):
    return 'b' if c == 'w' else 'w'


def landings(board, side, c, cand, attacks):
    """The moves from `c` to the candidate cells `(t, k)` (`k`: 'm' moves only, 'c' captures
    only, else either) that `board` allows; with `attacks`, captures alone (the cells attacked)."""
    for t, k in cand:
        if t is None:
            continue
        q = board.get(t)
        if q is None:
            if k != 'c' and not attacks:
                yield (c, t)
        elif q[0] != side and k != 'm':
            yield (c, t)


class Game:
    """Position: board dict (x, y) -> (colour, letter), side, plus game state."""

    def perft(self, pos, depth):
        moves = self.legal(pos)
        if depth == 1:
            return len(moves)
        n = 0
        for m in moves:
            n += self.perft(self.make(pos, m), depth - 1)
        return n

    def legal(self, pos):
        out = []
        seen = set()
        for m in self.pseudo(pos):
            key = self.key(m)
            if key in seen:
                continue
            q = self.make(pos, m)
            if not self.royal_attacked(q, pos['side']):
                seen.add(key)
                out.append(m)
        return self.filter(pos, out)

    def filter(self, pos, moves):
        return moves

    def key(self, m):
        return m

    def royal_attacked(self, pos, colour):
        ks = [c for c, p in pos['board'].items() if p == (colour, 'K')]
        if not ks:
            return False
        k = ks[0]
        return self.attacked(pos, k, other(colour))


# ---------------------------------------------------------------- torus
class Torus(Game):
    W = H = 8

    def __init__(self, doublestep='unmoved'):
        self.sq = ['a2', 'd2', 'e2', 'h2', 'a7', 'd7', 'e7', 'h7']
        if doublestep == 'unmoved':
            self.sq += ['d4', 'e4', 'd5', 'e5']

    def start(self):
        rows = ['r1b2b1r', 'p2pp2p', 'n1pqkp1n', '3pp3', '3PP3', 'N1PQKP1N', 'P2PP2P', 'R1B2B1R']
        board = parse_rows(rows, 8)
        rights = set()
        for s in self.sq:
            c = (ord(s[0]) - 97, int(s[1:]) - 1)
            rights.add(c)
        return {'board': board, 'side': 'w', 'rights': frozenset(rights), 'ep': None}

    def wrap(self, x, y):
        return (x % 8, y % 8)

    def piece_targets(self, pos, c, p, captures_only=False):
        """(target, kind) pairs: kind 'm' move-only, 'c' capture-only, 'b' both."""
        x, y = c
        col, l = p
        board = pos['board']
        res = []
        if l in 'RBQ':
            dirs = []
            if l in 'RQ':
                dirs += [(1, 0), (-1, 0), (0, 1), (0, -1)]
            if l in 'BQ':
                dirs += [(1, 1), (1, -1), (-1, 1), (-1, -1)]
            for dx, dy in dirs:
                for k in range(1, 8):
                    t = self.wrap(x + k * dx, y + k * dy)
                    if t == c:
                        break
                    res.append((t, 'b'))
                    if t in board:
                        break
        elif l == 'N':
            for dx, dy in [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]:
                res.append((self.wrap(x + dx, y + dy), 'b'))
        elif l == 'K':
            for dx in (-1, 0, 1):
                for dy in (-1, 0, 1):
                    if dx or dy:
                        res.append((self.wrap(x + dx, y + dy), 'b'))
        elif l == 'P':
            f = 1 if col == 'w' else -1
            for dx in (-1, 1):
                res.append((self.wrap(x + dx, y + f), 'c'))
            if not captures_only and 0 <= y + f < 8:
                t = (x, y + f)
                if t not in board:
                    res.append((t, 'm'))
                    t2 = (x, y + 2 * f)
                    if c in pos['rights'] and 0 <= y + 2 * f < 8 and t2 not in board:
                        res.append((t2, 'm'))
        return res

    def attacked(self, pos, sq, by):
        for c, p in pos['board'].items():
            if p[0] != by:
                continue
            for t, k in self.piece_targets(pos, c, p, True):
                if t == sq and k != 'm':
                    return True
        return False

    def pseudo(self, pos):
        side = pos['side']
        board = pos['board']
        out = []
        for c, p in list(board.items()):
            if p[0] != side:
                continue
            for t, k in self.piece_targets(pos, c, p):
                q = board.get(t)
                if q is None:
                    if k == 'c':
                        if p[1] == 'P' and t == pos['ep']:
                            out.append((c, t, None))
                        continue
                elif q[0] == side or k == 'm':
                    continue
                if p[1] == 'P' and t[1] in (0, 7):
                    for pr in 'QRBN':
                        out.append((c, t, pr))
                else:
                    out.append((c, t, None))
        return out

    def make(self, pos, m):
        c, t, pr = m
        board = dict(pos['board'])
        p = board.pop(c)
        ep = None
        if p[1] == 'P' and t == pos['ep'] and t not in board:
            f = 1 if p[0] == 'w' else -1
            board.pop((t[0], t[1] - f), None)
        if p[1] == 'P' and abs(t[1] - c[1]) == 2:
            ep = (c[0], (c[1] + t[1]) // 2)
        board[t] = (p[0], pr) if pr else p
        rights = pos['rights'] - {c, t}
        return {'board': board, 'side': other(pos['side']), 'rights': rights, 'ep': ep}


def parse_rows(rows, width):
    board = {}
    h = len(rows)
    for i, row in enumerate(rows):
        y = h - 1 - i
        x = 0
        j = 0
        while j < len(row):
            ch = row[j]
            if ch.isdigit():
                k = j
                while k < len(row) and row[k].isdigit():
                    k += 1
                x += int(row[j:k])
                j = k
                continue
            if ch == '*':
                x += 1
                j += 1
                continue
            board[(x, y)] = ('w' if ch.isupper() else 'b', ch.upper())
            x += 1
            j += 1
        assert x == width, row
    return board


# ---------------------------------------------------------------- generic leaper/rider helper
class Board(Game):
    """Games whose attacks are the opponent's pseudo-legal captures."""

    def attacked(self, pos, sq, by):
        q = dict(pos, side=by)
        for m in self.pseudo(q, attacks=True):
            if m[1] == sq:
                return True
        return False


# ---------------------------------------------------------------- round / roundcitadel
class Round(Board):
    """Cells (ring 0..3 = a..d, sector 0..15); citadels ('e', 0..3)."""

    def __init__(self, citadel=None, pawnmeet='auto', fen=None):
        self.citadel = citadel
        self.meet = pawnmeet
        self.fen = fen

    def start(self):
        if self.fen:
            b, side = self.fen.split()[:2]
            return {'board': parse_rows(b.split('/'), 4), 'side': side}
        if self.citadel:
            rows = ['MMMM', '4', '4', '4', '4', 'pppp', 'qbnr', 'kbnr', 'mmmm', '4', '4', '4', '4',
                    'PPPP', 'QBNR', 'KBNR']
        else:
            rows = ['MMMM', '4', '4', '4', '4', 'pppp', 'rnbq', 'rnbk', 'mmmm', '4', '4', '4', '4',
                    'PPPP', 'RNBQ', 'RNBK']
        return {'board': parse_rows(rows, 4), 'side': 'w'}

    def cell(self, r, s):
        if 0 <= r < 4:
            return (r, s % 16)
        return None

    def pseudo(self, pos, attacks=False):
        side = pos['side']
        board = pos['board']
        out = []
        for c, p in list(board.items()):
            if p[0] != side or c[0] == 'e':
                continue
            r, s = c
            l = p[1]
            cand = []  # (target, kind)
            if l == 'K':
                for dr in (-1, 0, 1):
                    for ds in (-1, 0, 1):
                        if dr or ds:
                            cand.append((self.cell(r + dr, s + ds), 'b'))
                if self.citadel and r == 3:
                    q = ((s + 1) % 16) // 4  # quadrant of sector s+1: 16,1,2,3 -> 0
                    cits = [q]
                    if self.citadel != 'spoke':
                        sec = s + 1  # 1..16
                        if sec in (4, 8, 12, 16):
                            cits.append((q - 1) % 4)  # lower end of its quadrant: diagonal into previous
                        if sec in (3, 7, 11, 15):
                            cits.append((q + 1) % 4)
                    for e in cits:
                        if self.citadel == 'own' and e != (0 if side == 'w' else 2):
                            continue
                        cand.append((('e', e), 'm'))
            elif l == 'Q':
                for dr in (-1, 1):
                    for ds in (-1, 1):
                        cand.append((self.cell(r + dr, s + ds), 'b'))
            elif l == 'B':
                for dr in (-2, 2):
                    for ds in (-2, 2):
                        cand.append((self.cell(r + dr, s + ds), 'b'))
            elif l == 'N':
                for dr, ds in [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]:
                    cand.append((self.cell(r + dr, s + ds), 'b'))
            elif l == 'R':
                for ds in (1, -1):
                    for k in range(1, 16):
                        t = self.cell(r, s + k * ds)
                        cand.append((t, 'b'))
                        if t in board:
                            break
                for dr in (1, -1):
                    for k in range(1, 4):
                        t = self.cell(r + k * dr, s)
                        if t is None:
                            break
                        cand.append((t, 'b'))
                        if t in board:
                            break
            elif l in 'PM':
                f = 1 if l == 'P' else -1
                cand.append((self.cell(r, s + f), 'm'))
                cand.append((self.cell(r - 1, s + f), 'c'))
                cand.append((self.cell(r + 1, s + f), 'c'))
            out.extend(landings(board, side, c, cand, attacks))
        return out

    def make(self, pos, m):
        c, t = m
        board = dict(pos['board'])
        p = board.pop(c)
        board[t] = p
        if self.meet == 'auto' and p[1] in 'PM' and t[0] != 'e':
            f = 1 if p[1] == 'P' else -1
            n = self.cell(t[0], t[1] + f)
            want = (p[0], 'M' if p[1] == 'P' else 'P')
            if board.get(n) == want:
                del board[n]
                del board[t]
        return {'board': board, 'side': other(pos['side'])}


# ---------------------------------------------------------------- oblong
class Oblong(Board):
    FENS = {
        'A': 'bqkb/1nn1/r2r/4/pppp/4/pppp/4/4/PPPP/4/PPPP/4/R2R/1NN1/BQKB',
        'B': 'bkqb/1nn1/r2r/4/pppp/pppp/4/4/4/4/PPPP/PPPP/4/R2R/1NN1/BQKB',
        'C': 'bkqb/pppp/rnnr/pppp/4/4/4/4/4/4/4/4/PPPP/RNNR/PPPP/BKQB',
        'D': 'rnnr/bqkb/pppp/pppp/4/4/4/4/4/4/4/4/PPPP/PPPP/BQKB/RNNR',
        'E': 'rqkr/1nn1/1bb1/4/pppp/pppp/4/4/4/4/PPPP/PPPP/4/1BB1/1NN1/RQKR',
        'F': 'rqkr/1nn1/1bb1/4/pppp/pppp/4/4/4/4/PPPP/PPPP/4/1BB1/1NN1/RKQR',
        'G': 'rqkr/1nn1/1bb1/pppp/pppp/4/4/4/4/4/4/PPPP/PPPP/1BB1/1NN1/RQKR',
        'G2': 'rkqr/1nn1/1bb1/pppp/pppp/4/4/4/4/4/4/PPPP/PPPP/1BB1/1NN1/RQKR',
    }

    def __init__(self, arrangement='A'):
        self.arr = arrangement

    def start(self):
        return {'board': parse_rows(self.FENS[self.arr].split('/'), 4), 'side': 'w'}

    def cell(self, x, y):
        return (x, y) if 0 <= x < 4 and 0 <= y < 16 else None

    def pseudo(self, pos, attacks=False):
        side = pos['side']
        board = pos['board']
        out = []
        for c, p in list(board.items()):
            if p[0] != side:
                continue
            x, y = c
            l = p[1]
            cand = []
            if l == 'K':
                cand = [(self.cell(x + a, y + b), 'b') for a in (-1, 0, 1) for b in (-1, 0, 1) if a or b]
            elif l == 'Q':
                cand = [(self.cell(x + a, y + b), 'b') for a in (-1, 1) for b in (-1, 1)]
            elif l == 'B':
                cand = [(self.cell(x + a, y + b), 'b') for a in (-2, 2) for b in (-2, 2)]
            elif l == 'N':
                cand = [(self.cell(x + a, y + b), 'b') for a, b in
                        [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]]
            elif l == 'R':
                for a, b in [(1, 0), (-1, 0), (0, 1), (0, -1)]:
                    k = 1
                    while True:
                        t = self.cell(x + k * a, y + k * b)
                        if t is None:
                            break
                        cand.append((t, 'b'))
                        if t in board:
                            break
                        k += 1
            elif l == 'P':
                f = 1 if side == 'w' else -1
                cand = [(self.cell(x, y + f), 'm'), (self.cell(x - 1, y + f), 'c'), (self.cell(x + 1, y + f), 'c')]
            out.extend(landings(board, side, c, cand, attacks))
        return out

    def make(self, pos, m):
        c, t = m
        board = dict(pos['board'])
        p = board.pop(c)
        if p[1] == 'P' and t[1] in (0, 15):
            p = (p[0], 'Q')
        board[t] = p
        return {'board': board, 'side': other(pos['side'])}


# ---------------------------------------------------------------- cuarenta
class Cuarenta(Board):
    def __init__(self, castleorder='blacklost', fen=None):
        self.order = castleorder
        self.fen = fen

    def start(self):
        if self.fen:
            f = self.fen.split()
            r = frozenset(f[2]) - {'-'}
            return {'board': parse_rows(f[0].split('/'), 9), 'side': f[1], 'rights': r}
        rows = '1c1f1f1b1/v1g1k1g1v/1p1p1p1p1/9/9/9/1P1P1P1P1/V1G1K1G1V/1B1F1F1C1'.split('/')
        return {'board': parse_rows(rows, 9), 'side': 'w', 'rights': frozenset('Kk')}

    def cell(self, x, y):
        if 0 <= x < 9 and 0 <= y < 9 and (x + y) % 2 == 1:
            return (x, y)
        return None

    def pseudo(self, pos, attacks=False):
        side = pos['side']
        board = pos['board']
        out = []
        mine = lambda t: t in board and board[t][0] == side
        for c, p in list(board.items()):
            if p[0] != side:
                continue
            x, y = c
            l = p[1]
            cand = []
            diag = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
            orth = [(0, 2), (0, -2), (2, 0), (-2, 0)]
            if l == 'K':
                cand = [(self.cell(x + a, y + b), 'b') for a, b in diag]
                cand += [(self.cell(x, y + b), 'm') for b in (2, -2)]
            elif l == 'B':
                for a, b in diag:
                    k = 1
                    while (t := self.cell(x + k * a, y + k * b)) is not None:
                        cand.append((t, 'b'))
                        if t in board:
                            break
                        k += 1
            elif l == 'V':
                for a, b in diag:
                    k = 1
                    screen = False
                    while (t := self.cell(x + k * a, y + k * b)) is not None:
                        if not screen:
                            if t in board:
                                screen = True
                            else:
                                cand.append((t, 'm'))
                        elif t in board:
                            cand.append((t, 'c'))
                            break
                        k += 1
            elif l == 'G':
                cand = [(self.cell(x + a, y + b), 'b') for a, b in diag]
                cand += [(self.cell(x + 2 * a, y + 2 * b), 'b') for a, b in diag]
            elif l == 'C':
                cand = [(self.cell(x + a, y + b), 'b') for a, b in
                        [(1, 3), (3, 1), (-1, 3), (-3, 1), (1, -3), (3, -1), (-1, -3), (-3, -1)]]
            elif l == 'F':
                cand = [(self.cell(x + a, y + b), 'b') for a, b in orth]
                for a, b in orth + diag:
                    k = 1
                    while (t := self.cell(x + k * a, y + k * b)) is not None and mine(t):
                        k += 1
                    if k > 1 and t is not None:
                        cand.append((t, 'b'))
            elif l == 'P':
                f = 1 if side == 'w' else -1
                cand = [(self.cell(x + a, y + f), 'p') for a in (-1, 1)]
                cand += [(self.cell(x + a, y), 'p') for a in (-2, 2)]
            for t, k in cand:
                if t is None:
                    continue
                q = board.get(t)
                if q is not None and (q[0] == side or k == 'm'):
                    continue
                if q is None and (k == 'c' or attacks):
                    continue
                if k == 'p' and q is not None and q[1] == 'P':
                    continue
                if l == 'P' and not attacks:
                    last = 8 if side == 'w' else 0
                    zone = t[1] >= 6 if side == 'w' else t[1] <= 2
                    out.append((c, t, None))
                    if t[1] == last:
                        for pr in 'CFGVB':
                            out.append((c, t, pr))
                    elif zone:
                        out.append((c, t, 'C'))
                else:
                    out.append((c, t, None))
        if not attacks:
            tok = 'K' if side == 'w' else 'k'
            k, cm = ((4, 1), (7, 0)) if side == 'w' else ((4, 7), (1, 8))
            ok = tok in pos['rights'] and board.get(k) == (side, 'K') and board.get(cm) == (side, 'C')
            if side == 'w' and self.order == 'blacklost' and 'k' in pos['rights']:
                ok = False
            if ok:
                out.append((k, cm, 'castle'))
        return out

    def make(self, pos, m):
        c, t, pr = m
        board = dict(pos['board'])
        p = board.pop(c)
        if pr == 'castle':
            board[c] = board[t]
            board[t] = p
        else:
            board[t] = (p[0], pr) if pr else p
        rights = set(pos['rights'])
        for tok, cells in (('K', [(4, 1), (7, 0)]), ('k', [(4, 7), (1, 8)])):
            if c in cells or t in cells:
                rights.discard(tok)
        return {'board': board, 'side': other(pos['side']), 'rights': frozenset(rights)}


GAMES = {'torus': Torus, 'round': Round, 'oblong': Oblong, 'cuarenta': Cuarenta}

if __name__ == '__main__':
    game = sys.argv[1]
    depth = int(sys.argv[2])
    opts = dict(a.split('=') for a in sys.argv[3:])
    g = GAMES[game](**opts)
    pos = g.start()
    for d in range(1, depth + 1):
        print(d, g.perft(pos, d))
