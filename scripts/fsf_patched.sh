# Sourced (not run) by the scripts that build a patched copy of Fairy-Stockfish (not CI):
#   fsf_copy SRC OUT   copies the checkout SRC to OUT (replacing only an earlier copy) and enters
#                      OUT/src: the checkout itself is never patched;
#   fsf_patch FILE     reads a Python list of (old, new) text pairs on standard input and replaces
#                      the first occurrence of each old text in FILE (a missing one stops);
#   fsf_build          builds the largeboards binary, as the reference one, and prints its path.
fsf_copy() {
    FSF_OUT=$2
    [ -f "$1/src/search.cpp" ] || { echo "no Fairy-Stockfish source at $1" >&2; exit 1; }
    [ ! -e "$2" ] || [ -f "$2/src/search.cpp" ] || { echo "refusing to replace $2" >&2; exit 1; }
    rm -rf "$2"
    cp -r "$1" "$2"
    cd "$2/src"
}

fsf_patch() {
    python3 -c '
import ast, sys
path = sys.argv[1]
s = open(path).read()
for old, new in ast.literal_eval(sys.stdin.read()):
    if old not in s:
        sys.exit(f"{path}: cannot find {old!r}")
    s = s.replace(old, new, 1)
open(path, "w").write(s)
' "$1"
}

fsf_build() {
    make -j2 build ARCH=x86-64-modern largeboards=yes all=yes > build.log 2>&1 \
        || { tail -20 build.log >&2; exit 1; }
    echo "built $FSF_OUT/src/stockfish"
}
