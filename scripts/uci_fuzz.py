#!/usr/bin/env python3
"""Protocol fuzzing (not CI): drives `chatrang` (UCI, or USI with --usi) with random sequences of
valid, half-valid and garbage commands across every game, and checks after each one that the
engine is alive, printed no panic, and answers `isready` within the time limit.

    scripts/uci_fuzz.py [--bin target/release/chatrang] [--steps 2000] [--seed 1] [--usi]

Exits 1 on the first failure, printing the last commands sent.
"""
import argparse
import queue
import random
import subprocess
import sys
import threading
import time

GARBAGE_CHARS = "pnbrqkPNBRQKacefgwmhsdx0123456789/[]-~+*@ "


def reader(stream, q):
    for line in iter(stream.readline, ""):
        q.put(line.rstrip("\n"))
    q.put(None)


class Engine:
    def __init__(self, binary, usi):
        self.p = subprocess.Popen(
            [binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            text=True, bufsize=1, errors="replace",
        )
        self.out = queue.Queue()
        self.err = queue.Queue()
        threading.Thread(target=reader, args=(self.p.stdout, self.out), daemon=True).start()
        threading.Thread(target=reader, args=(self.p.stderr, self.err), daemon=True).start()
        self.sent = []
        self.usi = usi

    def send(self, line):
        self.sent.append(line)
        self.sent = self.sent[-40:]
        try:
            self.p.stdin.write(line + "\n")
            self.p.stdin.flush()
        except (BrokenPipeError, OSError):
            self.fail("engine closed its input")

    def wait_for(self, prefix, timeout, or_error=False):
        """Lines up to and including the first starting with `prefix` (or, with `or_error`, the
        first error line)."""
        lines = []
        end = time.time() + timeout
        while True:
            left = end - time.time()
            if left <= 0:
                self.fail(f"no '{prefix}' within {timeout}s")
            try:
                line = self.out.get(timeout=left)
            except queue.Empty:
                continue
            if line is None:
                self.fail("engine exited")
            lines.append(line)
            if line.startswith(prefix) or (or_error and "error" in line):
                return lines

    def check(self):
        while not self.err.empty():
            e = self.err.get()
            if e is not None and ("panic" in e or "RUST_BACKTRACE" in e):
                self.fail("stderr: " + e)
        if self.p.poll() is not None:
            self.fail(f"engine exited with {self.p.returncode}")
        self.send("isready")
        self.wait_for("readyok", 20)

    def fail(self, why):
        print("FAIL:", why)
        print("last commands:")
        for s in self.sent:
            print("  >", s[:300])
        try:
            self.p.kill()
        except OSError:
            pass
        sys.exit(1)


def mutate(fen, rng):
    s = list(fen)
    for _ in range(rng.randint(1, 3)):
        op = rng.randrange(5)
        i = rng.randrange(len(s) + 1)
        if op == 0 and s:
            del s[min(i, len(s) - 1)]
        elif op == 1:
            s.insert(i, rng.choice(GARBAGE_CHARS))
        elif op == 2 and len(s) > 1:
            j = rng.randrange(len(s))
            k = min(i, len(s) - 1)
            s[j], s[k] = s[k], s[j]
        elif op == 3:
            s = s[:i]
        else:
            a = rng.randrange(len(s) + 1)
            s = s[:i] + s[a:a + rng.randint(1, 12)] + s[i:]
    return "".join(s)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default="target/release/chatrang")
    ap.add_argument("--steps", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--usi", action="store_true")
    a = ap.parse_args()
    rng = random.Random(a.seed)
    e = Engine(a.bin, a.usi)
    e.send("usi" if a.usi else "uci")
    lines = e.wait_for("usiok" if a.usi else "uciok", 10)
    variants = []
    for line in lines:
        if "Variant type combo" in line:
            variants = line.split(" var ")[1:]
    if not variants:
        e.fail("no variant list")
    opt_variant = "Variant" if a.usi else "UCI_Variant"
    fen_word = "sfen" if a.usi else "fen"
    moves = []
    fen = None
    go_cmds = ["go depth 2", "go nodes 300", "go movetime 30", "go depth 1",
               "go wtime 100 btime 100 winc 0 binc 0", "go wtime 0 btime 0", "go depth -1",
               "go nodes 0", "go depth x", "go movetime -5", "go btime 50 wtime 50 movestogo 0",
               "go byoyomi 20 btime 0 wtime 0", "go perft 2", "go mate 1", "go"]
    for step in range(a.steps):
        r = rng.random()
        if r < 0.06:
            v = rng.choice(variants) if rng.random() < 0.9 else mutate("chess", rng)
            e.send(f"setoption name {opt_variant} value {v}")
            moves, fen = [], None
        elif r < 0.09:
            opts = ["castling=three", "foo=bar", "=", "counting=makruk", "arrangement=bird",
                    mutate("castling=three", rng), ""]
            e.send("setoption name VariantOptions value " + rng.choice(opts))
            moves, fen = [], None
        elif r < 0.25:
            ms = list(moves)
            if ms and rng.random() < 0.2:
                ms[rng.randrange(len(ms))] = mutate(rng.choice(ms), rng)
            if rng.random() < 0.1:
                ms.append(mutate("e2e4", rng))
            if fen is not None and rng.random() < 0.5:
                e.send(f"position {fen_word} {fen} moves {' '.join(ms)}".rstrip())
            else:
                e.send(f"position startpos moves {' '.join(ms)}".rstrip())
        elif r < 0.35:
            e.send("d")
            out = e.wait_for("Sfen:" if a.usi else "Fen:", 10)
            if a.usi:
                out = [l for l in out if l.startswith("Sfen:")]
            cur = out[-1].split(":", 1)[1].strip()
            fen = mutate(cur, rng) if rng.random() < 0.7 else cur
            e.send(f"position {fen_word} {fen}")
            moves = []
        elif r < 0.6:
            cmd = rng.choice(go_cmds)
            if a.usi and cmd == "go mate 1":
                cmd = "go depth 1"
            if cmd == "go perft 2":
                e.send(cmd)
                e.wait_for("Nodes searched", 60, or_error=True)
                e.check()
                continue
            if cmd == "go" or rng.random() < 0.08:
                # An open-ended search, ended by stop (ponderhit first, sometimes).
                e.send("go infinite" if cmd == "go" else cmd + " ponder")
                time.sleep(rng.random() * 0.05)
                if rng.random() < 0.3:
                    e.send("ponderhit")
                e.send("stop")
            else:
                e.send(cmd)
            # A bestmove, or an error; a search still going after 8 s (go mate without a mate)
            # must end on stop.
            got = None
            end = time.time() + 8
            while got is None and time.time() < end:
                try:
                    line = e.out.get(timeout=0.5)
                except queue.Empty:
                    continue
                if line is None:
                    e.fail("engine exited")
                if line.startswith("bestmove") or "error" in line:
                    got = line.split()
            if got is None:
                e.send("stop")
                got = e.wait_for("bestmove", 10)[-1].split()
            if got[0] == "bestmove" and len(got) > 1 and got[1] not in ("(none)", "resign", "win"):
                moves.append(got[1])
                if len(moves) > 60:
                    moves = []
        elif r < 0.75:
            name, vals = rng.choice([
                ("Hash", ["-1", "0", "1", "16", "5000000", "abc", ""]),
                ("Threads", ["0", "1", "2", "1025", "x"]),
                ("MultiPV", ["0", "1", "3", "999", "-2"]),
                ("MoveOverhead", ["0", "50", "-1", "99999999999999999999"]),
                ("Ponder", ["true", "false", "maybe"]),
                ("NoSuchOption", ["1"]),
                ("EvalWeights", ["pawn_mg=100", "nonsense", "pawn_mg=", ""]),
            ])
            e.send(f"setoption name {name} value {rng.choice(vals)}")
        elif r < 0.78:
            e.send(rng.choice(["setoption name Clear Hash", "setoption", "setoption name",
                               "ucinewgame", "usinewgame", "eval", "d", "position",
                               "position fen", "position startpos moves", "go perft",
                               "ponderhit", "stop", "gameover win"]))
        else:
            n = rng.choice([0, 1, 5, 40, 3000])
            e.send("".join(rng.choice(GARBAGE_CHARS + "\t\u00e9\u4e2d") for _ in range(n)))
        e.check()
        # Drain output.
        while not e.out.empty():
            if e.out.get() is None:
                e.fail("engine exited")
        if step % 200 == 0:
            print(f"step {step} ok", flush=True)
    e.send("quit")
    print(f"{a.steps} steps: no panic, no hang")


if __name__ == "__main__":
    main()
