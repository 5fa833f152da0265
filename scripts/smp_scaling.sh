#!/usr/bin/env bash
# Lazy-SMP scaling (not CI): time to depth and nodes/s of `chatrang bench` with 1 and 2 threads on
# the bench positions. Run it on an idle machine; each configuration is timed RUNS times.
# Wall time on a shared machine varies by tens of percent between identical runs; the node counts
# give a steadier estimate: with nodes/s scaling by T, time to depth scales by
# nodes(1 thread) / (nodes(T threads) / T).
#
#   scripts/smp_scaling.sh [depth] [runs] [threads...]    (defaults: 13, 3, "1 2")
set -euo pipefail
cd "$(dirname "$0")/.."
DEPTH=${1:-13}
RUNS=${2:-3}
shift $(( $# > 2 ? 2 : $# )) || true
THREADS=${*:-1 2}
cargo build --release -q
BIN=target/release/chatrang
# Runs interleave the thread counts, so a drift of the machine's speed hits each alike.
for r in $(seq "$RUNS"); do
    for t in $THREADS; do
        out=$("$BIN" bench "$DEPTH" --chess-only --hash 64 --threads "$t")
        ms=$(echo "$out" | awk -F: '/Total time/ {gsub(/ /, "", $2); print $2}')
        nps=$(echo "$out" | awk -F: '/Nodes\/second/ {gsub(/ /, "", $2); print $2}')
        nodes=$(echo "$out" | awk -F: '/Nodes searched/ {gsub(/ /, "", $2); print $2}')
        echo "threads $t run $r: time ${ms} ms, nps ${nps}, nodes ${nodes}"
    done
done
