#!/usr/bin/env python3
"""How fast `readyok` follows `isready` in random command streams, as a GUI or a match runner
sends them: table sizes changed, new games, positions, searches started and stopped, and
`isready` among them. Prints the median and the slowest answers, and how many came later than
a limit (2 s by default). Run it on a loaded machine to see the worst case.

    cargo build --release -p plyforge-uci
    python3 crates/lab/scripts/isready_streams.py target/release/plyforge [streams] [seed]
"""

import random
import subprocess
import sys
import time

# Seconds any one answer may take before the run fails.
TIMEOUT = 60
# Answers slower than this are counted.
SLOW = 2.0
COMMANDS_PER_STREAM = 12


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    streams = int(sys.argv[2]) if len(sys.argv) > 2 else 200
    rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 1)
    engine = subprocess.Popen([sys.argv[1]], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              text=True, bufsize=1)

    def send(command):
        engine.stdin.write(command + "\n")
        engine.stdin.flush()

    def wait_for(prefix):
        start = time.monotonic()
        while True:
            line = engine.stdout.readline()
            if not line:
                sys.exit("the engine ended")
            if line.startswith(prefix):
                return
            if time.monotonic() - start > TIMEOUT:
                sys.exit(f"no {prefix} within {TIMEOUT} s")

    latencies = []
    for _ in range(streams):
        searching = False
        for _ in range(COMMANDS_PER_STREAM):
            choice = rng.random()
            if choice < 0.15:
                send(f"setoption name Hash value {rng.choice([1, 16, 64, 256, 1024])}")
                searching = False
            elif choice < 0.3:
                send("ucinewgame")
                searching = False
            elif choice < 0.45:
                send("position startpos moves e2e4 e7e5 g1f3")
                searching = False
            elif choice < 0.6 and not searching:
                send(rng.choice(["go infinite", f"go movetime {rng.randint(5, 50)}"]))
                searching = True
            elif choice < 0.7 and searching:
                send("stop")
                searching = False
            else:
                sent = time.monotonic()
                send("isready")
                wait_for("readyok")
                latencies.append(time.monotonic() - sent)
        if searching:
            send("stop")
        send("isready")
        wait_for("readyok")
    send("quit")
    engine.wait(timeout=10)
    latencies.sort()
    slow = sum(1 for latency in latencies if latency > SLOW)
    print(f"{len(latencies)} isready in {streams} streams: median "
          f"{1e3 * latencies[len(latencies) // 2]:.1f} ms, slowest "
          f"{', '.join(f'{1e3 * latency:.0f}' for latency in latencies[-5:])} ms; "
          f"{slow} later than {SLOW:.0f} s")


if __name__ == "__main__":
    main()
