#!/usr/bin/env bash
# A Fairy-Stockfish with parts of its classical evaluation (and its quiescence checks) switched
# off by the environment variable FSF_ABL (not CI): what each part is worth to Fairy-Stockfish at
# a fixed depth, against the unchanged binary (docs/eval.md, "What Fairy-Stockfish's king safety
# is worth"). Copies a Fairy-Stockfish source tree, patches the copy and builds it.
#
#   scripts/fsf_ablate.sh SRC OUT
#     SRC  a Fairy-Stockfish checkout (its src/ directory is patched in a copy, never in place)
#     OUT  where the copy goes; the binary is OUT/src/stockfish
#
# FSF_ABL is a sum of: 1 king danger (the quadratic penalty), 2 all of king safety (shelter,
# storm, danger, flank), 4 threats, 8 space, 16 passed pawns, 32 initiative (winnable), 64
# material imbalance, 128 quiet checks in quiescence. A wrapper per setting lets cutechess-cli
# run it, e.g.: printf '#!/bin/sh\nFSF_ABL=2 exec OUT/src/stockfish "$@"\n' > fsf2; then
# FSF=fsf-unchanged ENGINE=fsf2 scripts/fsf_depth.sh 11 11 200.
set -euo pipefail
. "$(cd "$(dirname "$0")" && pwd)/fsf_patched.sh"
fsf_copy "$1" "$2"
fsf_patch evaluate.cpp <<'EOF'
[
    ("namespace Eval {\n",
     "namespace Eval {\n  int Ablate = getenv(\"FSF_ABL\") ? atoi(getenv(\"FSF_ABL\")) : 0;\n"),
    ("    if (kingDanger > 100)\n", "    if (kingDanger > 100 && !(Eval::Ablate & 1))\n"),
    ("    mg += u;\n    eg += v;",
     "    if (Eval::Ablate & 32) u = v = 0;\n    mg += u;\n    eg += v;"),
    ("score += me->imbalance() + pos.this_thread()->trend;",
     "score += (Eval::Ablate & 64 ? SCORE_ZERO : me->imbalance()) + pos.this_thread()->trend;"),
    ("    score +=  king<   WHITE>() - king<   BLACK>()\n"
     "            + passed< WHITE>() - passed< BLACK>()",
     "    if (!(Eval::Ablate & 2)) score += king<WHITE>() - king<BLACK>();\n"
     "    if (!(Eval::Ablate & 16)) score += passed<WHITE>() - passed<BLACK>();\n"
     "    score += 0"),
    ("    score +=  threats<WHITE>() - threats<BLACK>()\n"
     "            + space<  WHITE>() - space<  BLACK>();",
     "    if (!(Eval::Ablate & 4)) score += threats<WHITE>() - threats<BLACK>();\n"
     "    if (!(Eval::Ablate & 8)) score += space<WHITE>() - space<BLACK>();"),
]
EOF
fsf_patch evaluate.h <<'EOF'
[("namespace Eval {", "namespace Eval {\n  extern int Ablate;")]
EOF
fsf_patch movepick.cpp <<'EOF'
[
    ('#include "movepick.h"', '#include "movepick.h"\n#include "evaluate.h"'),
    ("      if (depth != DEPTH_QS_CHECKS)",
     "      if (depth != DEPTH_QS_CHECKS || (Eval::Ablate & 128))"),
]
EOF
fsf_build
