#!/usr/bin/env bash
# Gauntlet of chatrang against reference engines through cutechess-cli v1.4.0 (a real client; not CI).
# cutechess-cli is the referee here (its own rules and start positions), chatrang a plain UCI engine.
#
#   scripts/gauntlet.sh [games] [tc]
#     games  games per pairing (default 20; pairs with colours swapped), tc cutechess tc (default 2+0.05)
#
# Pairings: chatrang vs Fairy-Stockfish (UCI) in chess, capablanca (VariantOptions castling=three),
# chancellor (arrangement=foster), courier, shatranj, shogi; vs Fairy-Max (xboard) in the games it
# plays (chess, capablanca, courier, shatranj). For each pairing it prints games, chatrang's score,
# illegal moves, crashes/disconnects/stalls, time forfeits, result errors and false claims (an
# engine calling a legal move illegal, or claiming a result the referee does not see), as
# chatrang/opponent; it exits non-zero if chatrang made an illegal move, crashed/stalled, lost on
# time or made a false claim (STRICT=1: or the opponent did any of these but claims).
#
# Known: Fairy-Max's courier and shatranj differ from cutechess-cli's in details (start array, bare
# king), so Fairy-Max may play moves cutechess calls illegal, or call chatrang's legal moves illegal;
# such faults are counted against Fairy-Max (second number) and do not fail the run.
#
# Environment: CUTECHESS (cutechess-cli; built from source by scripts/cutechess.sh when missing),
# FSF (default /usr/local/bin/fairy-stockfish-lb), FAIRYMAX (default /usr/games/fairymax),
# VARIANTS (subset, e.g. "chess shogi"), OPPONENTS (subset of "fsf fairymax"), CONCURRENCY (1),
# MARGIN (cutechess timemargin in ms, default 0), OUT (logs and PGNs, default /tmp/chatrang-gauntlet),
# ENGINE (a chatrang binary; default: cargo build --release and a copy of target/release/chatrang).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
GAMES=${1:-20}
TC=${2:-2+0.05}
VARIANTS=${VARIANTS:-chess capablanca chancellor courier shatranj shogi}
OPPONENTS=${OPPONENTS:-fsf fairymax}
CONC=${CONCURRENCY:-1}
MARGIN=${MARGIN:-0}
FSF=${FSF:-/usr/local/bin/fairy-stockfish-lb}
FAIRYMAX=${FAIRYMAX:-/usr/games/fairymax}
OUT=${OUT:-/tmp/chatrang-gauntlet}
mkdir -p "$OUT"

# shellcheck source=scripts/cutechess.sh
. "$ROOT/scripts/cutechess.sh"
ensure_cutechess

if [ -z "${ENGINE:-}" ]; then
    cargo build --release
    # A copy, so rebuilding during the gauntlet does not change the engine under test.
    cp "$ROOT/target/release/chatrang" "$OUT/chatrang"
    ENGINE="$OUT/chatrang"
fi

# chatrang's VariantOptions for cutechess's version of each game (its start position and rules).
vopts() {
    case $1 in
        capablanca) echo castling=three ;;
        chancellor) echo arrangement=foster ;;
        *) echo "" ;;
    esac
}
# cutechess's name of each game.
ccname() { [ "$1" = chess ] && echo standard || echo "$1"; }
# Fairy-Max (xboard) plays these.
fairymax_plays() { case $1 in chess | capablanca | courier | shatranj) return 0 ;; *) return 1 ;; esac; }

SUMMARY="$OUT/summary.tsv"
: >"$SUMMARY"

pairing() { # opponent-label variant opponent-engine-args...
    local opp=$1 v=$2; shift 2
    local o log pgn
    o=$(vopts "$v")
    log="$OUT/$opp-$v.log"
    pgn="$OUT/$opp-$v.pgn"
    rm -f "$pgn"
    echo "== chatrang vs $opp: $v${o:+ ($o)}, $GAMES games, tc $TC" >&2
    "$CC" -variant "$(ccname "$v")" \
        -engine name=chatrang cmd="$ENGINE" proto=uci option.Hash=16 option.Threads=1 \
        ${o:+option.VariantOptions="$o"} \
        -engine name="$opp" "$@" \
        -each tc="$TC" timemargin="$MARGIN" \
        -games 2 -rounds $(((GAMES + 1) / 2)) -repeat -concurrency "$CONC" \
        -recover -pgnout "$pgn" >"$log" 2>&1 || echo "cutechess-cli exited with $?" >>"$log"
    printf '%s\t%s\t%s\t%s\n' "$opp" "$v" "$log" "$pgn" >>"$SUMMARY"
}

KNOWN=$("$ENGINE" variants | awk 'NR > 1 {print $1}')
for v in $VARIANTS; do
    if ! grep -qx "$v" <<<"$KNOWN"; then
        echo "($v is not registered in this chatrang: skipped)" >&2
        continue
    fi
    for opp in $OPPONENTS; do
        case $opp in
            fsf)
                if [ -x "$FSF" ]; then
                    pairing fsf "$v" cmd="$FSF" proto=uci option.Threads=1 option.Hash=16
                else
                    echo "(no Fairy-Stockfish at $FSF: skipped)" >&2
                fi
                ;;
            fairymax)
                if fairymax_plays "$v" && [ -x "$FAIRYMAX" ]; then
                    pairing fairymax "$v" cmd="$FAIRYMAX" proto=xboard
                fi
                ;;
        esac
    done
done

# Tally from cutechess's "Finished game" lines (the termination in braces names the side at fault).
STRICT=${STRICT:-0} python3 - "$SUMMARY" <<'PY'
import os, re, sys
rows = [l.rstrip("\n").split("\t") for l in open(sys.argv[1]) if l.strip()]
fin = re.compile(r"^Finished game \d+ \((.+) vs (.+)\): (\S+) \{(.*)\}")
faults = {"illegal": "makes an illegal move", "crash": ("disconnects", "connection stalls"),
          "time": "loses on time"}
hdr = f"{'opponent':9} {'variant':11} {'games':>5} {'score':>9}  {'illegal':>7} {'crash':>5} {'time':>4} {'error':>5} {'claim':>5}  (chatrang / opponent)  endings"
print(hdr)
bad = 0
for opp, var, log, pgn in rows:
    games, score = 0, 0.0
    cnt = {e: {k: 0 for k in ("illegal", "crash", "time", "error", "claim")} for e in ("chatrang", opp)}
    ends = {}
    notes = []
    for line in open(log, errors="replace"):
        if line.startswith("cutechess-cli exited"):
            notes.append(line.strip())
        m = fin.match(line)
        if not m:
            continue
        white, black, res, why = m.groups()
        games += 1
        if res == "1-0":
            score += white == "chatrang"
        elif res == "0-1":
            score += black == "chatrang"
        elif res == "1/2-1/2":
            score += 0.5
        side = "White" if why.startswith("White") else "Black" if why.startswith("Black") else None
        culprit = (white if side == "White" else black) if side else None
        short = re.sub(r"^(White|Black)('s)? ", "", why).split(":")[0]
        ends[short] = ends.get(short, 0) + 1
        if why.startswith("Result error") or why.startswith("No result"):
            for e in cnt:
                cnt[e]["error"] += 1
        # A false claim: an engine calls the other's move illegal, or claims a result cutechess
        # (the referee) does not see; cutechess gives the game to the other side.
        cl = re.search(r"(white|black) claims illegal move", why)
        if cl:
            cnt[white if cl.group(1) == "white" else black]["claim"] += 1
        if "Invalid result claim" in why:
            cnt[black if res == "1-0" else white]["claim"] += 1
        for k, pat in faults.items():
            pats = pat if isinstance(pat, tuple) else (pat,)
            if culprit and any(p in why for p in pats):
                cnt[culprit][k] += 1
    c, o = cnt["chatrang"], cnt[opp]
    cell = lambda k: f"{c[k]}/{o[k]}"
    endings = ", ".join(f"{k} {n}" for k, n in sorted(ends.items()))
    print(f"{opp:9} {var:11} {games:5} {score:5.1f}/{games:<3} {cell('illegal'):>7} {cell('crash'):>5} {cell('time'):>4} {cell('error'):>5} {cell('claim'):>5}  {endings} {' '.join(notes)}")
    if games == 0 or c["illegal"] or c["crash"] or c["time"] or c["error"] or c["claim"]:
        bad = 1
    if os.environ.get("STRICT") == "1" and (o["illegal"] or o["crash"] or o["time"]):
        bad = 1
print("logs and PGNs:", os.path.dirname(sys.argv[1]))
print("FAIL" if bad else "OK: no illegal move, crash or time forfeit by chatrang")
sys.exit(bad)
PY
