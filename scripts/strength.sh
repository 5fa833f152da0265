#!/usr/bin/env bash
# Strength matches of chatrang (not CI). Builds cutechess-cli v1.4.0 outside the repository if
# needed, then plays chatrang against Debian's fairymax and, when present, Fairy-Stockfish.
#
#   scripts/strength.sh [games] [tc] [variant ...]
#     games  games per opponent (default 20, played as pairs with colours swapped)
#     tc     cutechess time control (default 10+0.1)
#     variant  games to play, as id or id:options (default: chess; e.g. capablanca:castling=three);
#              cutechess's own start position and rules are used
#
# Fairy-Max opponents: fairymax (chess, capablanca, makruk), shamax (shatranj), maxqi (xiangqi,
# refereed by `chatrang match`: cutechess-cli has no xiangqi).
# Environment: CUTECHESS (path to cutechess-cli), FSF (Fairy-Stockfish binary, default
# /usr/local/bin/fairy-stockfish-lb), OPPONENTS (default "fairymax fsf"), CONCURRENCY (default 1),
# THREADS (chatrang threads), ENGINE (a chatrang binary to test instead of a fresh build),
# OPENINGS (a .pgn or .epd file of openings, in cutechess-cli's notation, for games other than
# chess, e.g. from scripts/random_openings.py; without it they start from the initial position).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
GAMES=${1:-20}
TC=${2:-10+0.1}
shift $(( $# > 2 ? 2 : $# )) || true
VARIANTS=${*:-chess}
CONC=${CONCURRENCY:-1}
THREADS=${THREADS:-1}
FSF=${FSF:-/usr/local/bin/fairy-stockfish-lb}
OPPONENTS=${OPPONENTS:-fairymax fsf}
OUT=${OUT:-/tmp/chatrang-strength}
mkdir -p "$OUT"

# shellcheck source=scripts/cutechess.sh
. "$ROOT/scripts/cutechess.sh"
ensure_cutechess
[ -x /usr/games/fairymax ] || apt-get install -y fairymax

if [ -z "${ENGINE:-}" ]; then
    cargo build --release
    # A copy, so rebuilding during a match does not change the engine under test.
    cp "$ROOT/target/release/chatrang" "$OUT/chatrang"
    ENGINE="$OUT/chatrang"
fi

match() { # name variant[:options] opponent-args...
    local name=$1 spec=$2; shift 2
    local variant=${spec%%:*} vopts=""
    [ "$spec" != "$variant" ] && vopts=${spec#*:}
    # cutechess's capablanca castles the king three squares (Capablanca's rule); ours defaults to
    # the book's two, so say so unless options were given.
    [ "$variant" = capablanca ] && [ -z "$vopts" ] && vopts=castling=three
    local book=()
    if [ "$variant" = chess ]; then
        book=(-openings file="$ROOT/scripts/openings_chess.pgn" format=pgn order=sequential)
    elif [ -n "${OPENINGS:-}" ]; then
        book=(-openings file="$OPENINGS" format="${OPENINGS##*.}" order=random -srand 7)
    fi
    local ccv=$variant
    [ "$variant" = chess ] && ccv=standard
    echo "== chatrang vs $name ($variant, $GAMES games, tc $TC)"
    # -maxmoves: cutechess-cli's makruk never ends a repetition while no count runs.
    "$CC" -variant "$ccv" \
        -engine name=chatrang cmd="$ENGINE" proto=uci option.Threads="$THREADS" option.Hash=64 \
            ${vopts:+option.VariantOptions="$vopts"} \
        -engine "$@" \
        -each tc="$TC" timemargin=50 \
        "${book[@]}" -games 2 -rounds $(( (GAMES + 1) / 2 )) -repeat -concurrency "$CONC" \
        -recover -maxmoves 400 -pgnout "$OUT/$name-$variant.pgn" 2>&1 | tee "$OUT/$name-$variant.log" \
        | grep -E "^(Score of|Elo difference|Finished match)|forfeit|illegal|disconnect|stalls" || true
    python3 "$ROOT/scripts/match_tally.py" "$OUT/$name-$variant.log" || true
}

# Games cutechess-cli does not know (xiangqi) are refereed by `chatrang match`, which speaks
# xboard to Fairy-Max's engines.
referee_match() { # name variant opponent-engine-items...
    local name=$1 variant=$2; shift 2
    echo "== chatrang vs $name ($variant, $GAMES games, tc $TC, chatrang match as referee)"
    "$ENGINE" match --engine cmd="$ENGINE" name=chatrang option.Threads="$THREADS" option.Hash=64 \
        --engine "$@" --variant "$variant" --tc "$TC" --games 2 --rounds $(( (GAMES + 1) / 2 )) \
        --concurrency "$CONC" --pgn "$OUT/$name-$variant.pgn" --quiet 2>&1 \
        | tee "$OUT/$name-$variant.log" | tail -4
}

for v in $VARIANTS; do
    if [[ " $OPPONENTS " == *" fairymax "* ]]; then
        # Fairy-Max knows chess, capablanca and a few more under its own names.
        case ${v%%:*} in
            chess|capablanca|knightmate|makruk)
                match fairymax "$v" name=fairymax cmd=/usr/games/fairymax proto=xboard ;;
            # shamax is Fairy-Max built for shatranj (bare-king rule, no double step).
            shatranj) match shamax "$v" name=shamax cmd=/usr/games/shamax proto=xboard ;;
            # Fairy-Max's courier starts from the pre-opening array with pawn double steps, and
            # it cannot be given another position (setboard=0; edit knows only orthodox letters).
            courier) echo "(Fairy-Max plays another courier: skipped)" ;;
            # maxqi is Fairy-Max for xiangqi.
            xiangqi) referee_match maxqi xiangqi cmd=/usr/games/maxqi name=maxqi proto=xboard \
                option.Hash=64 ;;
        esac
    fi
    if [[ " $OPPONENTS " == *" fsf "* ]]; then
        if [ -x "$FSF" ] && [ "${v%%:*}" = xiangqi ]; then
            GAMES=${FSF_GAMES:-$GAMES} referee_match fairy-stockfish xiangqi cmd="$FSF" \
                name=fairy-stockfish option.Threads=1 option.Hash=64
        elif [ -x "$FSF" ]; then
            GAMES=${FSF_GAMES:-$GAMES} match fairy-stockfish "$v" name=fairy-stockfish cmd="$FSF" \
                proto=uci option.Threads=1 option.Hash=64
        else
            echo "(no Fairy-Stockfish at $FSF: skipped)"
        fi
    fi
done
