#!/usr/bin/env python3
"""Add each position's mirror image (files reversed) to `variant;fen;score;result` lines (not CI).

For games whose rules do not tell the a-file from the h-file, a position's mirror is as good a
training position as the position itself, so mirroring doubles the positions a net learns from,
each new one a labelling away (`scripts/fsf_static_label.py`). The mirror keeps the input's score
only as a placeholder: label it afresh, since Fairy-Stockfish's classical evaluation of chess is
not quite symmetric (its pawn piece-square table tells the files apart, and it counts shelter at
a castling destination; of 76k mirrored pairs, 23% differed by more than 20 centipawns).
Castling rights, which do not survive the mirror, are dropped. Writes every input line, then its
mirror. Boards of any width; holdings in brackets are kept.

  scripts/mirror_positions.py IN OUT
"""
import re
import sys


def cells(row):
    """A FEN rank's cells, left to right: a man's letters, or None for an empty cell."""
    out = []
    for token in re.findall(r"\d+|\*|[+~]?[A-Za-z]~?|.", row):
        if token.isdigit():
            out.extend([None] * int(token))
        else:
            out.append(token)
    return out


def mirror_row(row):
    out, empty = [], 0
    for c in reversed(cells(row)):
        if c is None:
            empty += 1
            continue
        if empty:
            out.append(str(empty))
            empty = 0
        out.append(c)
    if empty:
        out.append(str(empty))
    return "".join(out)


def mirror_fen(fen, files):
    fields = fen.split()
    board, holdings = fields[0], ""
    if "[" in board:
        board, holdings = board[:board.index("[")], board[board.index("["):]
    fields[0] = "/".join(mirror_row(r) for r in board.split("/")) + holdings
    if len(fields) > 2:
        fields[2] = "-"
    if len(fields) > 3 and fields[3] != "-":
        f = ord(fields[3][0]) - ord("a")
        fields[3] = chr(ord("a") + files - 1 - f) + fields[3][1:]
    return " ".join(fields)


def width(fen):
    return len(cells(fen.split()[0].split("[")[0].split("/")[0]))


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    with open(sys.argv[1]) as inp, open(sys.argv[2], "w") as out:
        for line in inp:
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            game, fen, score, result = line.split(";")
            out.write(line + "\n")
            out.write("%s;%s;%s;%s\n" % (game, mirror_fen(fen, width(fen)), score, result))


if __name__ == "__main__":
    main()
