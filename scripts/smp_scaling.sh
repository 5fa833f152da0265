#!/usr/bin/env bash
# Lazy-SMP scaling (not CI): time to depth and nodes/s of `chatrang bench` with 1 and 2 threads on
# the 32 middle-game positions of scripts/smp_positions.fen (POSITIONS=file to change them).
# Run it on an idle machine; each configuration is timed RUNS times.
# Wall time on a shared machine varies by tens of percent between identical runs; the node counts
# give a steadier estimate: with nodes/s scaling by T, time to depth scales by
# nodes(1 thread) / (nodes(T threads) / T).
#
#   scripts/smp_scaling.sh [depth] [runs] [threads...]    (defaults: 13, 3, "1 2")
#   BIN=path/to/chatrang scripts/smp_scaling.sh ...       (another build; no cargo build then)
# A single tree's time to depth with 2 threads varies by 2x either way: judge by many positions.
set -euo pipefail
cd "$(dirname "$0")/.."
DEPTH=${1:-13}
RUNS=${2:-3}
shift $(( $# > 2 ? 2 : $# )) || true
THREADS=${*:-1 2}
if [ -z "${BIN:-}" ]; then
    cargo build --release -q
    BIN=target/release/chatrang
fi
POSITIONS=${POSITIONS:-scripts/smp_positions.fen}
# Runs interleave the thread counts, so a drift of the machine's speed hits each alike.
LOG=$(mktemp)
trap 'rm -f "$LOG"' EXIT
for r in $(seq "$RUNS"); do
    for t in $THREADS; do
        out=$("$BIN" bench "$DEPTH" --fens "$POSITIONS" --hash 64 --threads "$t")
        # Per-position times, for the summary below.
        echo "$out" | awk -v t="$t" -v r="$r" '$3 == "nodes" { print t, r, $1, $5 }' >>"$LOG"
        ms=$(echo "$out" | awk -F: '/Total time/ {gsub(/ /, "", $2); print $2}')
        nps=$(echo "$out" | awk -F: '/Nodes\/second/ {gsub(/ /, "", $2); print $2}')
        nodes=$(echo "$out" | awk -F: '/Nodes searched/ {gsub(/ /, "", $2); print $2}')
        echo "threads $t run $r: time ${ms} ms, nps ${nps}, nodes ${nodes}"
    done
done
# Summary against the first thread count: total time to depth (mean over runs), and the geometric
# mean over positions and runs of each position's time ratio (one lucky or unlucky tree weighs
# less there; positions under 20 ms are left out).
awk -v base="${THREADS%% *}" '
    { ms[$1 " " $2 " " $3] = $4; tot[$1] += $4; runs[$1 " " $2] = 1; pos[$3] = 1; th[$1] = 1 }
    END {
        for (t in th) {
            if (t == base) continue
            n = 0; lg = 0
            for (k in runs) {
                split(k, a, " "); if (a[1] != t) continue
                for (p in pos) {
                    b = ms[base " " a[2] " " p]; c = ms[t " " a[2] " " p]
                    if (b >= 20 && c > 0) { lg += log(b / c); n++ }
                }
            }
            printf "threads %s vs %s: total time %.2fx, per-position geometric mean %.2fx (%d ratios)\n",
                t, base, tot[base] / tot[t], exp(lg / n), n
        }
    }' "$LOG"
