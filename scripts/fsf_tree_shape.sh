#!/usr/bin/env bash
# A Fairy-Stockfish that prints the shape of each search's tree (not CI): before `bestmove`, one
# line `info string tree nodes <depth 0> <depth 1> ... cuts C first F quiet Q quietmoves M`, as
# chatrang prints it under `debug on` (src/search/shape.rs), for scripts/tree_shape.py. Copies a
# Fairy-Stockfish source tree, patches the copy and builds it (largeboards, as the reference
# binary). Its root counts once per iteration where chatrang's counts each root move; the root is
# a few dozen nodes of millions.
#
#   scripts/fsf_tree_shape.sh SRC OUT
#     SRC  a Fairy-Stockfish checkout (its src/ directory is patched in a copy, never in place)
#     OUT  where the copy goes; the binary is OUT/src/stockfish
set -euo pipefail
. "$(cd "$(dirname "$0")" && pwd)/fsf_patched.sh"
fsf_copy "$1" "$2"
fsf_patch search.cpp <<'EOF'
[
    # Counters: nodes by remaining depth (0: quiescence), cutoffs.
    ("namespace Search {\n",
     "namespace Search {\n  std::atomic<uint64_t> TreeNodes[32];\n  std::atomic<uint64_t> TreeCuts[4];\n"),
    ("  sync_cout << \"bestmove \" << UCI::move(rootPos, bestThread->rootMoves[0].pv[0]);",
     "  {\n    int last = 0;\n    for (int i = 0; i < 32; i++) if (Search::TreeNodes[i]) last = i;\n"
     "    std::string t = \"info string tree nodes\";\n"
     "    for (int i = 0; i <= last; i++) t += \" \" + std::to_string(Search::TreeNodes[i].exchange(0));\n"
     "    t += \" cuts \" + std::to_string(Search::TreeCuts[0].exchange(0)) + \" first \" + std::to_string(Search::TreeCuts[1].exchange(0))"
     " + \" quiet \" + std::to_string(Search::TreeCuts[2].exchange(0)) + \" quietmoves \" + std::to_string(Search::TreeCuts[3].exchange(0));\n"
     "    for (int i = 0; i < 32; i++) Search::TreeNodes[i] = 0;\n"
     "    sync_cout << t << sync_endl;\n  }\n"
     "  sync_cout << \"bestmove \" << UCI::move(rootPos, bestThread->rootMoves[0].pv[0]);"),
    ("    if (depth <= 0)\n        return qsearch<PvNode ? PV : NonPV>(pos, ss, alpha, beta);\n",
     "    if (depth <= 0)\n        return qsearch<PvNode ? PV : NonPV>(pos, ss, alpha, beta);\n"
     "    Search::TreeNodes[std::min(int(depth), 31)]++;\n"),
    ("                  assert(value >= beta); // Fail high\n",
     "                  assert(value >= beta); // Fail high\n"
     "                  Search::TreeCuts[0]++; if (moveCount == 1) Search::TreeCuts[1]++;\n"
     "                  if (!captureOrPromotion) { Search::TreeCuts[2]++; Search::TreeCuts[3] += moveCount; }\n"),
    ("    Thread* thisThread = pos.this_thread();\n    bestMove = MOVE_NONE;",
     "    Search::TreeNodes[0]++;\n    Thread* thisThread = pos.this_thread();\n    bestMove = MOVE_NONE;"),
]
EOF
fsf_build
