#!/usr/bin/env bash
# Measure Fairy-Stockfish perft speed from variant start positions (a reference for
# chatrang's own perft speed).  FSF is not part of this repo: point FSF at a binary
# (default: fairy-stockfish-lb on PATH, built with largeboards=yes all=yes).
#
#   scripts/fsf_perft_bench.sh VARIANT:DEPTH [VARIANT:DEPTH ...]
#   scripts/fsf_perft_bench.sh chess:6 capablanca:5 shatranj:6 courier:5
#
# Env: FSF (binary), FSF_VARIANT_PATH (optional variants.ini to load).
# `go perft N` prints only "Nodes searched", so this runs FSF's own timed form of it,
# `bench <variant> 16 1 N current perft` on the start position (single thread), and
# reports FSF's "Total time (ms)" and "Nodes/second".  Output: one line per run,
#   variant depth nodes milliseconds nodes/s
set -euo pipefail

FSF_BIN=${FSF:-fairy-stockfish-lb}
if ! command -v "$FSF_BIN" >/dev/null 2>&1; then
    echo "FSF binary '$FSF_BIN' not found (set FSF=/path/to/fairy-stockfish)" >&2
    exit 1
fi
if [ $# -eq 0 ]; then
    set -- chess:6 capablanca:5 shatranj:6 courier:5
fi

printf '%-12s %5s %14s %10s %12s\n' variant depth nodes ms nodes/s
for spec in "$@"; do
    variant=${spec%%:*}
    depth=${spec#*:}
    cmds="uci"
    if [ -n "${FSF_VARIANT_PATH:-}" ]; then
        cmds+=$'\n'"setoption name VariantPath value $FSF_VARIANT_PATH"
    fi
    cmds+=$'\n'"setoption name UCI_Variant value $variant"$'\n'"position startpos"
    cmds+=$'\n'"bench $variant 16 1 $depth current perft"$'\n'"quit"
    out=$(printf '%s\n' "$cmds" | "$FSF_BIN" 2>&1)
    nodes=$(printf '%s\n' "$out" | sed -n 's/^Nodes searched *: *\([0-9]*\).*/\1/p' | tail -1)
    ms=$(printf '%s\n' "$out" | sed -n 's/^Total time (ms) *: *\([0-9]*\).*/\1/p' | tail -1)
    nps=$(printf '%s\n' "$out" | sed -n 's/^Nodes\/second *: *\([0-9]*\).*/\1/p' | tail -1)
    if [ -z "$nodes" ] || [ -z "$ms" ]; then
        echo "no perft result for $variant depth $depth" >&2
        exit 1
    fi
    printf '%-12s %5d %14d %10d %12d\n' "$variant" "$depth" "$nodes" "$ms" "${nps:-0}"
done
