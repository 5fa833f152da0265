#!/usr/bin/env bash
# A Fairy-Stockfish that prints the shape of each search's tree (not CI): before `bestmove`, one
# line `info string tree nodes <depth 0> <depth 1> ... cuts C first F quiet Q quietmoves M` and
# the counts of its pruning, reductions and extensions by name (`rfp R nulltries N ...`), as
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
     "namespace Search {\n  std::atomic<uint64_t> TreeNodes[32];\n  std::atomic<uint64_t> TreeCuts[4];\n"
     "  std::atomic<int64_t> TreeEvents[27];\n"
     "  thread_local int TreeOpen[5];  // nested searches under one event: the outermost counts\n"
     "  // -2: not counted (on is false), -1: inside another such search, else the nodes so far.\n"
     "  inline int64_t tree_open(int k, Thread* t, bool on = true) {\n"
     "    return !on ? -2 : TreeOpen[k]++ ? -1 : int64_t(t->nodes.load(std::memory_order_relaxed));\n  }\n"
     "  inline void tree_close(int k, int64_t n0, Thread* t) {\n"
     "    if (n0 == -2) return;\n    TreeOpen[k]--;\n"
     "    if (n0 >= 0) TreeEvents[17 + k] += int64_t(t->nodes.load(std::memory_order_relaxed)) - n0;\n  }\n"),
    ("  sync_cout << \"bestmove \" << UCI::move(rootPos, bestThread->rootMoves[0].pv[0]);",
     "  {\n    int last = 0;\n    for (int i = 0; i < 32; i++) if (Search::TreeNodes[i]) last = i;\n"
     "    std::string t = \"info string tree nodes\";\n"
     "    for (int i = 0; i <= last; i++) t += \" \" + std::to_string(Search::TreeNodes[i].exchange(0));\n"
     "    t += \" cuts \" + std::to_string(Search::TreeCuts[0].exchange(0)) + \" first \" + std::to_string(Search::TreeCuts[1].exchange(0))"
     " + \" quiet \" + std::to_string(Search::TreeCuts[2].exchange(0)) + \" quietmoves \" + std::to_string(Search::TreeCuts[3].exchange(0));\n"
     "    const char* names[27] = {\"rfp\", \"nulltries\", \"nullcuts\", \"probcuttries\", \"probcuts\", \"singular\",\n"
     "      \"extended\", \"doubled\", \"multicuts\", \"checkext\", \"reduced\", \"reduction\", \"researched\",\n"
     "      \"prunedquiet\", \"prunedcaptures\", \"iir\", \"qpruned\",\n"
     "      \"nullnodes\", \"probcutnodes\", \"singularnodes\", \"researchnodes\",\n"
     "      \"pvresearchnodes\", \"pvnodes\", \"pvnomove\", \"pvlater\", \"pvfaillow\", \"pvfailhigh\"};\n"
     "    for (int i = 0; i < 27; i++) t += std::string(\" \") + names[i] + \" \" + std::to_string(Search::TreeEvents[i].exchange(0));\n"
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
    # Events by mechanism, named as chatrang's (src/search/shape.rs, Event). Its move-count
    # pruning is not counted: its move picker skips those quiet moves unseen. Its exchange
    # pruning of quiet checks counts with the captures'. Its small ProbCut in check (a hash
    # capture beyond beta + 409) counts as a ProbCut cut without a capture tried.
    ('        &&  eval < VALUE_KNOWN_WIN) // Do not return unproven wins\n        return eval;\n',
     '        &&  eval < VALUE_KNOWN_WIN) // Do not return unproven wins\n        { Search::TreeEvents[0]++; return eval; }\n'),
    ('        pos.do_null_move(st);\n\n        Value nullValue',
     '        Search::TreeEvents[1]++;\n        pos.do_null_move(st);\n\n        Value nullValue'),
    ('            if (thisThread->nmpMinPly || (abs(beta) < VALUE_KNOWN_WIN && depth < 14))\n                return nullValue;\n',
     '            if (thisThread->nmpMinPly || (abs(beta) < VALUE_KNOWN_WIN && depth < 14))\n                { Search::TreeEvents[2]++; return nullValue; }\n'),
    ('            if (v >= beta)\n                return nullValue;\n',
     '            if (v >= beta)\n                { Search::TreeEvents[2]++; return nullValue; }\n'),
    ('                probCutCount++;\n',
     '                probCutCount++;\n                Search::TreeEvents[3]++;\n'),
    ('                            depth - 3, move, ss->staticEval);\n                    return value;\n',
     '                            depth - 3, move, ss->staticEval);\n                    Search::TreeEvents[4]++;\n                    return value;\n'),
    ('       )\n        return probCutBeta;\n',
     '       )\n        { Search::TreeEvents[4]++; return probCutBeta; }\n'),
    ('          ss->excludedMove = move;\n          value = search<NonPV>(pos, ss, singularBeta - 1, singularBeta, singularDepth, cutNode);\n',
     '          Search::TreeEvents[5]++;\n          ss->excludedMove = move;\n          value = search<NonPV>(pos, ss, singularBeta - 1, singularBeta, singularDepth, cutNode);\n'),
    ('              extension = 1;\n              singularQuietLMR = !ttCapture;\n',
     '              extension = 1;\n              Search::TreeEvents[6]++;\n              singularQuietLMR = !ttCapture;\n'),
    ('                  extension = 2;\n                  doubleExtension = true;\n',
     '                  extension = 2;\n                  Search::TreeEvents[6]--; Search::TreeEvents[7]++;\n                  doubleExtension = true;\n'),
    ('          else if (singularBeta >= beta)\n              return singularBeta;\n',
     '          else if (singularBeta >= beta)\n              { Search::TreeEvents[8]++; return singularBeta; }\n'),
    ('              if (value >= beta)\n                  return beta;\n',
     '              if (value >= beta)\n                  { Search::TreeEvents[8]++; return beta; }\n'),
    ('               && abs(ss->staticEval) > Value(100))\n          extension = 1;\n',
     '               && abs(ss->staticEval) > Value(100))\n          { extension = 1; Search::TreeEvents[9]++; }\n'),
    ('          value = -search<NonPV>(pos, ss+1, -(alpha+1), -alpha, d, true);\n',
     '          if (d < newDepth) { Search::TreeEvents[10]++; Search::TreeEvents[11] += newDepth - d; }\n          value = -search<NonPV>(pos, ss+1, -(alpha+1), -alpha, d, true);\n'),
    ('          doFullDepthSearch = value > alpha && d < newDepth;\n',
     '          doFullDepthSearch = value > alpha && d < newDepth;\n          if (doFullDepthSearch) Search::TreeEvents[12]++;\n'),
    ('                  && captureHistory[movedPiece][to_sq(move)][type_of(pos.piece_on(to_sq(move)))] < 0)\n                  continue;\n',
     '                  && captureHistory[movedPiece][to_sq(move)][type_of(pos.piece_on(to_sq(move)))] < 0)\n                  { Search::TreeEvents[14]++; continue; }\n'),
    ('              if (!pos.see_ge(move, Value(-218 - 120 * pos.captures_to_hand()) * depth)) // (~25 Elo)\n                  continue;\n',
     '              if (!pos.see_ge(move, Value(-218 - 120 * pos.captures_to_hand()) * depth)) // (~25 Elo)\n                  { Search::TreeEvents[14]++; continue; }\n'),
    ('                  && (*contHist[1])[history_slot(movedPiece)][to_sq(move)] < CounterMovePruneThreshold)\n                  continue;\n',
     '                  && (*contHist[1])[history_slot(movedPiece)][to_sq(move)] < CounterMovePruneThreshold)\n                  { Search::TreeEvents[13]++; continue; }\n'),
    ('                    + (*contHist[5])[history_slot(movedPiece)][to_sq(move)] / 3 < 28255)\n                  continue;\n',
     '                    + (*contHist[5])[history_slot(movedPiece)][to_sq(move)] / 3 < 28255)\n                  { Search::TreeEvents[13]++; continue; }\n'),
    ('lmrDepth * lmrDepth)))\n                  continue;\n',
     'lmrDepth * lmrDepth)))\n                  { Search::TreeEvents[13]++; continue; }\n'),
    ('        && !ttMove)\n        depth -= 2;\n',
     '        && !ttMove)\n        { depth -= 2; Search::TreeEvents[15]++; }\n'),
    ('          if (moveCount > 2)\n              continue;\n',
     '          if (moveCount > 2)\n              { Search::TreeEvents[16]++; continue; }\n'),
    ('              bestValue = std::max(bestValue, futilityValue);\n              continue;\n',
     '              bestValue = std::max(bestValue, futilityValue);\n              Search::TreeEvents[16]++;\n              continue;\n'),
    ('              bestValue = std::max(bestValue, futilityBase);\n              continue;\n',
     '              bestValue = std::max(bestValue, futilityBase);\n              Search::TreeEvents[16]++;\n              continue;\n'),
    ('          && !pos.see_ge(move))\n          continue;\n',
     '          && !pos.see_ge(move))\n          { Search::TreeEvents[16]++; continue; }\n'),
    ('          && (*contHist[1])[history_slot(pos.moved_piece(move))][to_sq(move)] < CounterMovePruneThreshold)\n          continue;\n',
     '          && (*contHist[1])[history_slot(pos.moved_piece(move))][to_sq(move)] < CounterMovePruneThreshold)\n          { Search::TreeEvents[16]++; continue; }\n'),
    # Nodes under null moves, ProbCut's captures, singular searches and searches again after a
    # reduction or with the full window (the outermost of nested ones).
    ('        Value nullValue = -search<NonPV>(pos, ss+1, -beta, -beta+1, depth-R, !cutNode);\n',
     '        int64_t n0 = Search::tree_open(0, thisThread);\n        Value nullValue = -search<NonPV>(pos, ss+1, -beta, -beta+1, depth-R, !cutNode);\n        Search::tree_close(0, n0, thisThread);\n'),
    ('                pos.do_move(move, st);\n\n                // Perform a preliminary qsearch',
     '                int64_t n0 = Search::tree_open(1, thisThread);\n                pos.do_move(move, st);\n\n                // Perform a preliminary qsearch'),
    ('                pos.undo_move(move);\n\n                if (value >= probCutBeta)\n',
     '                pos.undo_move(move);\n                Search::tree_close(1, n0, thisThread);\n\n                if (value >= probCutBeta)\n'),
    ('          value = search<NonPV>(pos, ss, singularBeta - 1, singularBeta, singularDepth, cutNode);\n',
     '          int64_t n0 = Search::tree_open(2, thisThread);\n          value = search<NonPV>(pos, ss, singularBeta - 1, singularBeta, singularDepth, cutNode);\n          Search::tree_close(2, n0, thisThread);\n'),
    ('              value = search<NonPV>(pos, ss, beta - 1, beta, (depth + 3) / 2, cutNode);\n',
     '              n0 = Search::tree_open(2, thisThread);\n              value = search<NonPV>(pos, ss, beta - 1, beta, (depth + 3) / 2, cutNode);\n              Search::tree_close(2, n0, thisThread);\n'),
    ('          value = -search<NonPV>(pos, ss+1, -(alpha+1), -alpha, newDepth, !cutNode);\n',
     '          int64_t r0 = Search::tree_open(3, thisThread, didLMR);\n          value = -search<NonPV>(pos, ss+1, -(alpha+1), -alpha, newDepth, !cutNode);\n          Search::tree_close(3, r0, thisThread);\n'),
    ('          value = -search<PV>(pos, ss+1, -beta, -alpha,\n                              std::min(maxNextDepth, newDepth), false);\n',
     '          int64_t p0 = Search::tree_open(4, thisThread, moveCount > 1);\n          value = -search<PV>(pos, ss+1, -beta, -alpha,\n                              std::min(maxNextDepth, newDepth), false);\n          Search::tree_close(4, p0, thisThread);\n'),
    # PV nodes below the root by outcome: the table gave no move, a later move beat the first
    # searched, no move raised alpha, the node ended at beta or above.
    ('    Move ttMove, move, excludedMove, bestMove;\n',
     '    Move ttMove, move, excludedMove, bestMove;\n    Move firstMove = MOVE_NONE;\n'),
    ('      ss->moveCount = ++moveCount;\n',
     '      ss->moveCount = ++moveCount;\n      if (moveCount == 1) firstMove = move;\n'),
    ('    // Write gathered information in transposition table\n',
     '    if (PvNode && !rootNode && !excludedMove) {\n'
     '        Search::TreeEvents[22]++;\n        if (!ttMove) Search::TreeEvents[23]++;\n'
     '        if (bestMove && bestMove != firstMove) Search::TreeEvents[24]++;\n'
     '        if (!bestMove) Search::TreeEvents[25]++;\n'
     '        else if (bestValue >= beta) Search::TreeEvents[26]++;\n    }\n\n'
     '    // Write gathered information in transposition table\n'),
]
EOF
fsf_build
