#!/usr/bin/env bash
# Training positions for a net, labelled by a static evaluation (not CI): the pipeline of
# docs/eval.md, "Networks", in one command.
#
#   scripts/net_data.sh OUT_DIR VARIANT GAMES SEED [DETOUR_SEED] [SEEN ...]
#     GAMES        Fairy-Stockfish self-play games to play at 2,000 nodes (0: none, reuse
#                  OUT_DIR/games-SEED.pgn; another DETOUR_SEED over old games gives new detours)
#     SEED         the match's seed (openings, random plies)
#     DETOUR_SEED  `tune pgn --seed` (default 5)
#     SEEN         earlier `distinct` files: positions in them are left out
#
# Writes OUT_DIR/distinct-SEED-DETOUR_SEED.txt (each new position once) and
# OUT_DIR/labelled-SEED-DETOUR_SEED.txt (those and their mirror images, labelled), for
# `chatrang tune net --wdl 0`. Environment: ENGINE (chatrang; default target/release/chatrang),
# FSF (default /usr/local/bin/fairy-stockfish-lb), OPENINGS (default
# scripts/openings_<VARIANT>_balanced.epd), JOBS (default 2), LABELLER (the engine whose
# evaluation labels the positions, default FSF; chess: /usr/games/stockfish, Stockfish 15.1's
# NNUE), LABEL_SCALE (its scores' factor, default 1; 1.5 for Stockfish 15.1) and OPTIONS (the
# games' `key=value` options, e.g. `castling=three` for capablanca: Fairy-Stockfish's own rules,
# so it is told the game's name alone).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
OUT=$1 VARIANT=$2 GAMES=$3 SEED=$4
DSEED=${5:-5}
shift $(( $# > 5 ? 5 : $# ))
ENGINE=${ENGINE:-$ROOT/target/release/chatrang}
FSF=${FSF:-/usr/local/bin/fairy-stockfish-lb}
OPENINGS=${OPENINGS:-$ROOT/scripts/openings_${VARIANT}_balanced.epd}
JOBS=${JOBS:-2}
LABELLER=${LABELLER:-$FSF}
LABEL_SCALE=${LABEL_SCALE:-1}
mkdir -p "$OUT"
pgn="$OUT/games-$SEED.pgn"
tag="$SEED-$DSEED"

if (( GAMES > 0 )); then
    # Resigned at 15 pawns: long won endgames add positions, not information.
    "$ENGINE" match --quiet \
        --engine cmd="$FSF" name=a ${OPTIONS:+variant=$VARIANT} \
        --engine cmd="$FSF" name=b ${OPTIONS:+variant=$VARIANT} \
        --variant "$VARIANT" --options "${OPTIONS:-}" \
        --nodes 2000 --rounds $(( (GAMES + 1) / 2 )) --random-plies 8 \
        --openings "$OPENINGS" --concurrency "$JOBS" --resign-score 1500 --seed "$SEED" \
        --pgn "$pgn"
fi
"$ENGINE" tune pgn --all --detour 3 --seed "$DSEED" "$pgn" > "$OUT/positions-$tag.txt"
# Each position once, and none an earlier file already holds.
awk -F';' -v new="$OUT/positions-$tag.txt" 'FILENAME != new { seen[$2] = 1; next } !seen[$2]++' \
    "$@" "$OUT/positions-$tag.txt" > "$OUT/distinct-$tag.txt"
python3 "$ROOT/scripts/mirror_positions.py" "$OUT/distinct-$tag.txt" "$OUT/mirrored-$tag.txt"
python3 "$ROOT/scripts/fsf_static_label.py" "$OUT/mirrored-$tag.txt" "$OUT/labelled-$tag.txt" \
    --engine "$LABELLER" --scale "$LABEL_SCALE" --jobs "$JOBS"
rm "$OUT/positions-$tag.txt" "$OUT/mirrored-$tag.txt"
wc -l "$OUT/distinct-$tag.txt" "$OUT/labelled-$tag.txt"
