#!/usr/bin/env bash
# Chatrang against Fairy-Stockfish at node odds (not CI): a yardstick for changes measured against
# the engine issue 3 aims at, where the 10s+0.1s match is too lopsided to show them. Chatrang plays
# on the clock, Fairy-Stockfish at a fixed number of nodes per move (4000 scores about even with
# chatrang at 1s+0.01s in chess on a 2-core machine). Compare two runs (a change and its base, or
# two EvalWeights settings) with the same seed, so both meet the same openings, and pair them by
# opening with scripts/odds_pair.py.
#
#   scripts/fsf_odds.sh [games] [nodes] [seed] [chatrang option ...]
#     games   games (default 800, played as pairs with colours swapped)
#     nodes   Fairy-Stockfish's nodes per move (default 4000)
#     seed    opening order (default 11)
#     option  e.g. EvalWeights=zone_hit=60,shelter=22 (passed as option.NAME=VALUE)
#
# Environment: ENGINE (a chatrang binary; default: cargo build --release and a copy), FSF
# (default /usr/local/bin/fairy-stockfish-lb), TC (chatrang's clock, default 1+0.01), OUR_NODES
# (chatrang at a fixed number of nodes per move instead of the clock: a change to the tree's shape
# is then measured apart from the machine's load, e.g. while something compiles; both sides are
# then deterministic, so each opening gives one game per colour and the run needs as many distinct
# openings as rounds: scripts/openings_chess_balanced.epd has 385, so 770 games with
# ORDER=sequential), VARIANT (default chess: the openings of scripts/openings_chess.pgn, 20 of
# them), OPENINGS (a .pgn or .epd file of openings, in cutechess-cli's notation), ORDER (random or
# sequential, default random), CONCURRENCY (default 2), OUT (logs and PGN, default
# /tmp/chatrang-odds), CUTECHESS (see scripts/cutechess.sh), ADJUDICATE (1: a game ends when both
# engines score it beyond 700 for 4 moves, or within 15 for 10 moves after move 50; courier's bare
# king endings otherwise take most of a run).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
GAMES=${1:-800}
NODES=${2:-4000}
SEED=${3:-11}
shift $(( $# > 3 ? 3 : $# )) || true
TC=${TC:-1+0.01}
VARIANT=${VARIANT:-chess}
OUT=${OUT:-/tmp/chatrang-odds}
mkdir -p "$OUT"

# shellcheck source=scripts/cutechess.sh
. "$ROOT/scripts/cutechess.sh"
fsf_match_setup "$OUT" "$@"
book=()
ccv=$VARIANT
if [ "$VARIANT" = chess ]; then
    ccv=standard
    OPENINGS=${OPENINGS:-$ROOT/scripts/openings_chess.pgn}
fi
if [ -n "${OPENINGS:-}" ]; then
    book=(-openings file="$OPENINGS" format="${OPENINGS##*.}" order="${ORDER:-random}" -srand "$SEED")
fi
# -maxmoves: cutechess-cli's makruk never ends a repetition without a count running.
adj=()
[ "${ADJUDICATE:-0}" = 1 ] &&
    adj=(-resign movecount=4 score=700 twosided=true -draw movenumber=50 movecount=10 score=15)
ours=(tc="$TC")
[ -n "${OUR_NODES:-}" ] && ours=(tc=inf nodes="$OUR_NODES")
name="odds-$VARIANT-$NODES-$SEED${OUR_NODES:+-n$OUR_NODES}${*:+-$(echo "$*" | tr -c 'A-Za-z0-9_=\n' _ | cut -c1-60)}"
"$CC" -variant "$ccv" \
    -engine name=chatrang cmd="$ENGINE" proto=uci option.Hash=16 "${ours[@]}" "${opts[@]}" \
    -engine name=fairy-stockfish cmd="$FSF" proto=uci option.Hash=16 tc=inf nodes="$NODES" \
    -each timemargin=50 "${book[@]}" -games 2 -rounds $(( (GAMES + 1) / 2 )) -repeat \
    -concurrency "${CONCURRENCY:-2}" -recover -maxmoves 400 "${adj[@]}" -pgnout "$OUT/$name.pgn" > "$OUT/$name.log" 2>&1
grep -E "^(Score of|Elo difference)" "$OUT/$name.log" | tail -2
python3 "$ROOT/scripts/match_tally.py" "$OUT/$name.log" || true
