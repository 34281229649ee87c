#!/usr/bin/env python3
"""The `plyforge` engine driven by python-chess (`pip install chess`), as its users drive it:
analyse with MultiPV 3 (all three lines of the depth asked for), play with a mate limit, play
among given root moves on one thread and two, and play with pondering. Every call has a timeout, so an engine that fails to answer fails the run instead
of hanging it; the output is what docs/measurements.md records.

    cargo build --release -p plyforge-uci
    python3 crates/lab/scripts/python_chess.py target/release/plyforge
"""

import sys
import time

import chess
import chess.engine

# Seconds any one call may take before the run fails.
TIMEOUT = 30
# A mate in two: 1. Nf6+ gxf6 2. Bxf7#.
MATE_IN_TWO = "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1"


def timed(label, call):
    start = time.monotonic()
    result = call()
    print(f"{label}: {time.monotonic() - start:.2f} s")
    return result


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: python_chess.py <engine>")
    engine = chess.engine.SimpleEngine.popen_uci(sys.argv[1], timeout=TIMEOUT)
    print(f"engine: {engine.id.get('name')}")
    failures = []

    for depth in (8, 12):
        board = chess.Board()
        lines = timed(
            f"analyse, depth {depth}, multipv 3",
            lambda: engine.analyse(board, chess.engine.Limit(depth=depth), multipv=3),
        )
        firsts = []
        for info in lines:
            first = info["pv"][0].uci()
            firsts.append(first)
            print(f"  multipv {info['multipv']}: {info['score'].white()} {first} "
                  f"depth {info['depth']}")
        if len(set(firsts)) != 3:
            failures.append(f"multipv 3 gave first moves {firsts}")
        if any(info.get("depth") != depth for info in lines):
            failures.append(f"multipv 3 at depth {depth}: depths {[i.get('depth') for i in lines]}")

    board = chess.Board(MATE_IN_TWO)
    result = timed(
        "play, Limit(mate=2)",
        lambda: engine.play(board, chess.engine.Limit(mate=2), info=chess.engine.INFO_SCORE),
    )
    print(f"  {result.move.uci()} score {result.info.get('score')}")
    if result.move.uci() != "d5f6":
        failures.append(f"mate in two: played {result.move.uci()}, not d5f6")

    board = chess.Board()
    root_moves = [chess.Move.from_uci("a2a3"), chess.Move.from_uci("h2h4")]
    for threads in (1, 2):
        engine.configure({"Threads": threads})
        result = timed(
            f"play, depth 8, root_moves a2a3 h2h4, {threads} thread(s)",
            lambda: engine.play(board, chess.engine.Limit(depth=8), root_moves=root_moves),
        )
        print(f"  {result.move.uci()}")
        if result.move not in root_moves:
            failures.append(f"root_moves with {threads} threads: played {result.move.uci()}")
    engine.configure({"Threads": 1})

    board = chess.Board()
    result = timed(
        "play, 0.5 s, ponder",
        lambda: engine.play(board, chess.engine.Limit(time=0.5), ponder=True),
    )
    print(f"  {result.move.uci()} ponder {result.ponder.uci() if result.ponder else None}")
    if result.ponder is None:
        failures.append("no ponder move")
    # The engine ponders now; the next command stops it, as python-chess does.
    time.sleep(0.5)
    board.push(result.move)
    if result.ponder is not None:
        board.push(result.ponder)
    result = timed(
        "play after pondering, 0.5 s",
        lambda: engine.play(board, chess.engine.Limit(time=0.5)),
    )
    print(f"  {result.move.uci()}")
    if result.move not in board.legal_moves:
        failures.append(f"after pondering: illegal {result.move.uci()}")

    timed("quit", engine.quit)
    for failure in failures:
        print(f"FAILED: {failure}")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
