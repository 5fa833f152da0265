# Sourced by scripts/strength.sh, gauntlet.sh, fsf_odds.sh and fsf_depth.sh (not run by itself).
# ensure_cutechess: sets CC to a cutechess-cli v1.4.0 binary; builds it from source outside the
# repository (in $CUTECHESS_SRC, default /tmp/cutechess) when $CUTECHESS / the default path is
# missing. Needs git, cmake and Qt 5 (apt: qtbase5-dev libqt5svg5-dev cmake). $CUTECHESS_REPO
# names another clone to build from (a local mirror where GitHub is out of reach).
ensure_cutechess() {
    local src=${CUTECHESS_SRC:-/tmp/cutechess}
    CC=${CUTECHESS:-$src/build/cutechess-cli}
    [ -x "$CC" ] && return 0
    echo "building cutechess-cli v1.4.0 in $src (apt: qtbase5-dev libqt5svg5-dev cmake)" >&2
    command -v cmake >/dev/null || apt-get install -y qtbase5-dev libqt5svg5-dev cmake
    if [ ! -d "$src" ]; then
        git clone --depth 1 --branch v1.4.0 \
            "${CUTECHESS_REPO:-https://github.com/cutechess/cutechess}" "$src"
    fi
    (cd "$src" && cmake -S . -B build -DCMAKE_BUILD_TYPE=Release && cmake --build build --target cli -j2)
    CC=$src/build/cutechess-cli
    [ -x "$CC" ] || { echo "cutechess-cli build failed" >&2; return 1; }
}

# fsf_match_setup OUT [OPTION ...]: what every match against Fairy-Stockfish needs first:
# cutechess-cli, a Fairy-Stockfish binary at $FSF (default /usr/local/bin/fairy-stockfish-lb),
# and $ENGINE (when unset: a release build, copied into OUT so a rebuild during the match cannot
# replace it); sets the array `opts` to option.NAME=VALUE for each OPTION (NAME=VALUE). Needs
# $ROOT, the repository.
fsf_match_setup() {
    local out=$1
    shift
    ensure_cutechess
    FSF=${FSF:-/usr/local/bin/fairy-stockfish-lb}
    [ -x "$FSF" ] || { echo "no Fairy-Stockfish at $FSF (set FSF)" >&2; exit 1; }
    if [ -z "${ENGINE:-}" ]; then
        cargo build --release
        cp "$ROOT/target/release/chatrang" "$out/chatrang"
        ENGINE="$out/chatrang"
    fi
    opts=()
    for o in "$@"; do opts+=("option.$o"); done
}
