#!/usr/bin/env bash
# Perft speed of chatrang against Fairy-Stockfish on the same start positions, in one run.
#   scripts/bench_vs_fsf.sh [VARIANT:DEPTH ...]     (default: chess:6 capablanca:5 shatranj:6 courier:5)
# Env: FSF = Fairy-Stockfish binary (default fairy-stockfish-lb, built with largeboards=yes all=yes).
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -eq 0 ] && set -- chess:6 capablanca:5 shatranj:6 courier:5
cargo build --release -q
printf '%-12s %5s %12s %12s %12s %7s\n' variant depth nodes fsf_nps our_nps ratio
for spec in "$@"; do
    variant=${spec%%:*}
    depth=${spec#*:}
    fsf=$(scripts/fsf_perft_bench.sh "$spec" | tail -1)
    fsf_nps=$(echo "$fsf" | awk '{print $5}')
    ours=$(./target/release/chatrang perft --variant "$variant" --depth "$depth")
    nodes=$(echo "$ours" | awk '/^nodes/{print $2}')
    nps=$(echo "$ours" | awk '/^nps/{print $2}')
    ratio=$(awk -v a="$nps" -v b="$fsf_nps" 'BEGIN{ if (b > 0) printf "%.2f", a / b; else print "-" }')
    printf '%-12s %5s %12s %12s %12s %7s\n' "$variant" "$depth" "$nodes" "$fsf_nps" "$nps" "$ratio"
done
