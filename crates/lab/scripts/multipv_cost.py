#!/usr/bin/env python3
"""What several principal variations cost: the time each engine needs to reach a depth with
`MultiPV 1` and with `MultiPV k`, on the same positions, one thread, the same table size, side by
side in one run (the engines alternate position by position, so that both see the same load).
Prints each engine's times, the ratio of its total time with k lines to its total time with one,
and whether every line of the last iteration came with a score.

    cargo build --release -p plyforge-uci
    apt-get install stockfish
    python3 crates/lab/scripts/multipv_cost.py target/release/plyforge /usr/games/stockfish \\
        [--depth 12] [--lines 4] [--positions 8] [--hash 64] [--openings FILE]

The positions are the first ones of the openings file (EPD, one position a line), by default
crates/lab/data/openings-8ply.epd.
"""

import argparse
import os
import subprocess
import sys
import time

# Seconds any one answer may take before the run fails.
TIMEOUT = 600


class Engine:
    """A UCI engine on pipes."""

    def __init__(self, path, hash_mib):
        self.path = path
        self.process = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.send("uci")
        self.name = path
        for line in self.lines_until("uciok"):
            if line.startswith("id name "):
                self.name = line[len("id name "):]
        self.send("setoption name Threads value 1")
        self.send(f"setoption name Hash value {hash_mib}")
        self.ready()

    def send(self, command):
        self.process.stdin.write(command + "\n")
        self.process.stdin.flush()

    def lines_until(self, prefix):
        start = time.monotonic()
        while True:
            line = self.process.stdout.readline()
            if not line:
                sys.exit(f"{self.path} ended")
            line = line.strip()
            yield line
            if line.startswith(prefix):
                return
            if time.monotonic() - start > TIMEOUT:
                sys.exit(f"{self.path}: no {prefix} within {TIMEOUT} s")

    def ready(self):
        self.send("isready")
        for _ in self.lines_until("readyok"):
            pass

    def time_to_depth(self, fen, depth, lines):
        """Seconds from `go` to `bestmove`, and the lines of the last depth reported, each with
        its score and whether it is a bound."""
        self.send("ucinewgame")
        self.send(f"setoption name MultiPV value {lines}")
        self.send(f"position fen {fen}")
        self.ready()
        start = time.monotonic()
        self.send(f"go depth {depth}")
        last = {}
        for line in self.lines_until("bestmove"):
            words = line.split()
            if words[:1] != ["info"] or "depth" not in words or "pv" not in words:
                continue
            info_depth = int(words[words.index("depth") + 1])
            number = int(words[words.index("multipv") + 1]) if "multipv" in words else 1
            score = None
            bound = ""
            if "score" in words:
                at = words.index("score")
                score = " ".join(words[at + 1:at + 3])
                if words[at + 3] in ("lowerbound", "upperbound"):
                    bound = words[at + 3]
            last[number] = (info_depth, score, bound)
        seconds = time.monotonic() - start
        return seconds, last

    def quit(self):
        self.send("quit")
        self.process.wait(timeout=10)


def read_positions(path, count):
    positions = []
    with open(path) as epd:
        for line in epd:
            fields = line.split()
            if len(fields) >= 4:
                positions.append(" ".join(fields[:4]) + " 0 1")
            if len(positions) == count:
                break
    return positions


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("engines", nargs="+", help="UCI engine binaries")
    parser.add_argument("--depth", type=int, default=12)
    parser.add_argument("--lines", type=int, default=4)
    parser.add_argument("--positions", type=int, default=8)
    parser.add_argument("--hash", type=int, default=64)
    parser.add_argument("--openings", default=os.path.join(here, "..", "data", "openings-8ply.epd"))
    options = parser.parse_args()

    positions = read_positions(options.openings, options.positions)
    engines = [Engine(path, options.hash) for path in options.engines]
    totals = {engine.path: {1: 0.0, options.lines: 0.0} for engine in engines}
    faults = {engine.path: [] for engine in engines}
    print(f"go depth {options.depth}, MultiPV 1 and {options.lines}, one thread, "
          f"{options.hash} MiB, {len(positions)} positions")
    for index, fen in enumerate(positions, 1):
        for engine in engines:
            row = []
            for lines in (1, options.lines):
                seconds, last = engine.time_to_depth(fen, options.depth, lines)
                totals[engine.path][lines] += seconds
                row.append(f"{seconds:7.3f} s")
                if lines > 1:
                    depths = {depth for depth, _, _ in last.values()}
                    if len(last) < lines or len(depths) != 1:
                        faults[engine.path].append(
                            f"position {index}: lines {sorted(last)} at depths {sorted(depths)}")
                    for number, (_, score, bound) in sorted(last.items()):
                        if score is None:
                            faults[engine.path].append(f"position {index}: line {number} unscored")
            print(f"{index:2} {engine.name[:28]:28} " + "  ".join(row), flush=True)
    print()
    for engine in engines:
        one, more = totals[engine.path][1], totals[engine.path][options.lines]
        print(f"{engine.name[:28]:28} MultiPV 1: {one:8.2f} s  MultiPV {options.lines}: "
              f"{more:8.2f} s  ratio {more / max(one, 1e-9):5.2f}")
        for fault in faults[engine.path]:
            print(f"    {fault}")
    for engine in engines:
        engine.quit()


if __name__ == "__main__":
    main()
