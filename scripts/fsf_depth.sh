#!/usr/bin/env bash
# Chatrang against Fairy-Stockfish with both engines at a fixed depth (not CI): how the two
# judge a position when neither is short of time. Both sides are deterministic, so the run plays
# the balanced openings in order, each with both colours (docs/eval.md, "Equal depth against
# Fairy-Stockfish": depth 8 against 8 scored −60, depth 11 against 11 −249).
#
#   scripts/fsf_depth.sh [our depth] [their depth] [games] [chatrang option ...]
#     depths  default 11 and 11
#     games   default 200 (at most 770: the openings file has 385)
#     option  e.g. EvalWeights=zone_hit=60 (passed as option.NAME=VALUE)
#
# Environment: ENGINE (a chatrang binary; default: cargo build --release and a copy), FSF
# (default /usr/local/bin/fairy-stockfish-lb), OPENINGS (an .epd file, default
# scripts/openings_chess_balanced.epd), CONCURRENCY (default 2), OUT (logs and PGN, default
# /tmp/chatrang-depth), CUTECHESS (see scripts/cutechess.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
OURS=${1:-11}
THEIRS=${2:-11}
GAMES=${3:-200}
shift $(( $# > 3 ? 3 : $# )) || true
OPENINGS=${OPENINGS:-$ROOT/scripts/openings_chess_balanced.epd}
OUT=${OUT:-/tmp/chatrang-depth}
mkdir -p "$OUT"

# shellcheck source=scripts/cutechess.sh
. "$ROOT/scripts/cutechess.sh"
fsf_match_setup "$OUT" "$@"
name="depth-$OURS-$THEIRS${*:+-$(echo "$*" | tr -c 'A-Za-z0-9_=\n' _ | cut -c1-60)}"
"$CC" -variant standard \
    -engine name=chatrang cmd="$ENGINE" proto=uci option.Hash=16 tc=inf depth="$OURS" "${opts[@]}" \
    -engine name=fairy-stockfish cmd="$FSF" proto=uci option.Hash=16 tc=inf depth="$THEIRS" \
    -openings file="$OPENINGS" format=epd order=sequential \
    -games 2 -rounds $(( (GAMES + 1) / 2 )) -repeat \
    -concurrency "${CONCURRENCY:-2}" -recover -maxmoves 400 -pgnout "$OUT/$name.pgn" > "$OUT/$name.log" 2>&1
grep -E "^(Score of|Elo difference)" "$OUT/$name.log" | tail -2
python3 "$ROOT/scripts/match_tally.py" "$OUT/$name.log" || true
