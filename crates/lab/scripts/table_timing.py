#!/usr/bin/env python3
"""How long the engine's table costs it: the time to `readyok` after start (and after
`setoption name Hash`), then three `go movetime 1000` searches from the start position with
`ucinewgame` and `isready` between them, each timed through the pipes (with the nodes the
search reports last). A search that overruns its movetime, or a slow `readyok`, shows where the
table's memory is backed. With `idle-seconds`, the engine is left that long without a command
after the first `readyok`, as when a table is set before a game or a person is to move. The
output is what docs/measurements.md records.

    cargo build --release -p plyforge-uci
    python3 crates/lab/scripts/table_timing.py target/release/plyforge [hash-mib [idle-seconds]]
"""

import subprocess
import sys
import time

# Seconds any one answer may take before the run fails.
TIMEOUT = 60


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    engine = subprocess.Popen([sys.argv[1]], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              text=True, bufsize=1)

    nodes = [0]

    def ask(command, answer):
        """Milliseconds from sending `command` to the line starting with `answer`; the nodes
        of the last `info` line on the way are kept in `nodes[0]`."""
        start = time.perf_counter()
        engine.stdin.write(command + "\n")
        engine.stdin.flush()
        while True:
            line = engine.stdout.readline()
            if not line or time.perf_counter() - start > TIMEOUT:
                sys.exit(f"no {answer!r} after {command!r}")
            words = line.split()
            if "nodes" in words[:-1]:
                nodes[0] = int(words[words.index("nodes") + 1])
            if line.startswith(answer):
                return (time.perf_counter() - start) * 1000

    ask("uci", "uciok")
    if len(sys.argv) > 2:
        engine.stdin.write(f"setoption name Hash value {sys.argv[2]}\n")
    figures = [f"first isready {ask('isready', 'readyok'):.0f} ms"]
    if len(sys.argv) > 3:
        time.sleep(float(sys.argv[3]))
        figures.append(f"idle {sys.argv[3]} s")
    for _ in range(3):
        engine.stdin.write("position startpos\n")
        took = ask('go movetime 1000', 'bestmove')
        figures.append(f"go movetime 1000: {took:.0f} ms, {nodes[0]} nodes")
        engine.stdin.write("ucinewgame\n")
        figures.append(f"ucinewgame, isready {ask('isready', 'readyok'):.0f} ms")
    engine.stdin.write("quit\n")
    engine.stdin.flush()
    engine.wait(timeout=TIMEOUT)
    print("; ".join(figures))


if __name__ == "__main__":
    main()
